package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.run.Failures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JvmFlagsTest {

  /** Prints what JvmFlags and Failures say in a JVM started without the stores' flags. */
  public static final class Probe {
    public static void main(String[] args) {
      System.out.println("missing: " + String.join(" ", JvmFlags.missing()));
      System.out.println("failure: " + Failures.describe(new IllegalAccessError("class org.agrona.UnsafeApi")));
      try {
        JvmFlags.requireAll();
        System.out.println("require: ok");
      } catch (IllegalStateException e) {
        System.out.println("require: " + e.getMessage());
      }
    }
  }

  @Test
  void theFlagsAreTheBuildsOwnAndThisTestJvmHasThemAll() {
    // surefire runs with the parent pom's kvbench.jvm.flags
    assertThat(JvmFlags.required()).contains("--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED");
    assertThat(JvmFlags.missing()).isEmpty();
    JvmFlags.requireAll();
  }

  @Test
  void aJvmWithoutTheFlagsIsToldWhichAreMissingInsteadOfAnIllegalAccessError() throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), Probe.class.getName());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(out).contains("missing: --add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED");
    assertThat(out).doesNotContain("-Dchronicle");
    // issue 42, 18: a short sentence, not the module system's 700 characters
    String failure = out.lines().filter(l -> l.startsWith("failure: ")).findFirst().orElseThrow();
    assertThat(failure).startsWith("failure: IllegalAccessError: this JVM lacks --add-opens=java.base/java.nio=ALL-UNNAMED"
        + " and ").contains("JvmFlags.required()", "fork the cells").doesNotContain("org.agrona");
    assertThat(failure.length()).as(failure).isLessThan(250);
    assertThat(out).contains("require: this JVM lacks", "JvmFlags.required()");
  }
}
