package dev.kvbench.stores.chronicle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chronicle Map phones home unless {@code chronicle.analytics.disable} is set. The build passes
 * that flag to every test JVM, and Chronicle mutes itself whenever JUnit is on the class path, so
 * an in-process test would pass whatever the provider did. These tests run a child JVM with
 * neither, with user.home pointing at an empty directory, and look for Chronicle's files there.
 */
class ChronicleAnalyticsTest {

  @TempDir Path home;
  @TempDir Path work;

  @Test
  void usingTheStoreThroughKvbenchLeavesNoAnalyticsTrace() throws Exception {
    Path storeDir = Files.createDirectories(work.resolve("store"));
    String out = runChild("store", storeDir.toString());
    assertThat(chronicleFiles(home)).as("Chronicle files in user.home").isEmpty();
    assertThat(chronicleFiles(work)).as("Chronicle files in the working directory").isEmpty();
    assertThat(out).contains("killSwitch=true").contains("analyticsEnabled=false");
  }

  /** Without this, the test above could pass because the setup hides what Chronicle does. */
  @Test
  void controlWithoutKvbenchChronicleWouldRecordItsClientId() throws Exception {
    String out = runChild("control");
    assertThat(out).contains("analyticsEnabled=true");
    assertThat(chronicleFiles(home)).extracting(p -> p.getFileName().toString())
        .contains(".chronicle.analytics.client.id");
  }

  private String runChild(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-D" + ChronicleMapProvider.ANALYTICS_KILL_SWITCH)
          && !arg.startsWith("-Duser.home")
          && !arg.startsWith("-Djava.io.tmpdir")
          && !arg.startsWith("-agentlib:jdwp")) {
        command.add(arg);
      }
    }
    command.add("-Duser.home=" + home);
    command.add("-Djava.io.tmpdir=" + work);
    // a safety net should the kill switch ever break: requests go to a closed local port
    for (String scheme : new String[] {"http", "https"}) {
      command.add("-D" + scheme + ".proxyHost=127.0.0.1");
      command.add("-D" + scheme + ".proxyPort=9");
    }
    command.add("-cp");
    command.add(classPathWithoutJUnit());
    command.add(AnalyticsProbe.class.getName());
    command.addAll(Arrays.asList(args));
    Path log = work.resolve("child-" + args[0] + ".log");
    Process child = new ProcessBuilder(command)
        .directory(work.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    if (!child.waitFor(120, TimeUnit.SECONDS)) {
      child.destroyForcibly().waitFor();
      throw new AssertionError("child JVM did not finish in 120 s:\n" + Files.readString(log));
    }
    String out = Files.readString(log);
    Files.delete(log);
    assertThat(child.exitValue()).as("child JVM exit; output:\n%s", out).isZero();
    return out;
  }

  private static String classPathWithoutJUnit() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !Path.of(entry).getFileName().toString().toLowerCase().contains("junit"))
        .collect(Collectors.joining(File.pathSeparator));
  }

  private static List<Path> chronicleFiles(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(p -> p.getFileName().toString().startsWith(".chronicle")).toList();
    }
  }
}
