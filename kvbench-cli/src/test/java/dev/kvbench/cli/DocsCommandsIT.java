package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42, 16: the command blocks of README.md and docs/ marked {@code <!-- runnable -->} run as
 * written, through the {@code ./kvbench} launcher and the jar the build made, each block as one
 * bash script in a folder of this test's own; every command kvbench suggests at the end ("next:")
 * starts with the launcher as it was called.
 */
class DocsCommandsIT {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern RUNNABLE = Pattern.compile("(?s)<!-- runnable -->\\n```[a-z]*\\n(.*?)```");

  @TempDir Path temp;

  @Test
  void theRunnableBlocksRunAsWritten() throws Exception {
    List<String> ran = new ArrayList<>();
    for (Path page : DocsTest.pages()) {
      Matcher m = RUNNABLE.matcher(Files.readString(page));
      int n = 0;
      while (m.find()) {
        Path dir = Files.createDirectories(temp.resolve(page.getFileName() + "-" + (++n)));
        Files.createSymbolicLink(dir.resolve("kvbench"), ROOT.resolve("kvbench"));
        Process p = new ProcessBuilder("bash", "-e", "-c", m.group(1)).directory(dir.toFile())
            .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(ROOT.relativize(page) + ", block " + n + ":\n" + m.group(1) + "\n" + output)
            .isZero();
        // what kvbench suggests next runs as printed: the launcher by the name it was called
        for (String line : output.lines().filter(l -> l.contains("next:")).toList()) {
          assertThat(line).as(line).contains("next:    ./kvbench ");
        }
        ran.add(ROOT.relativize(page) + " block " + n);
      }
    }
    assertThat(ran).as("runnable blocks").isNotEmpty();
  }
}
