package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42, 17: every command's output fits an 80-column terminal, as run's does: the built jar
 * runs in a pseudo-terminal of 80 columns ({@code script}, its size set with {@code stty}), so it
 * sees a terminal as a user's would, and no line it prints is longer.
 */
class NarrowTerminalIT {

  @TempDir Path temp;

  /** What {@code args} print to an 80-column terminal, escape sequences and carriage returns taken out. */
  private String at80(String... args) throws Exception {
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    StringBuilder command = new StringBuilder("stty cols 80 rows 50; ")
        .append(dev.kvbench.report.ShellWords.quote(Path.of(System.getProperty("java.home"), "bin", "java").toString()))
        .append(" -jar ").append(dev.kvbench.report.ShellWords.quote(jar.toString()));
    for (String a : args) {
      command.append(' ').append(dev.kvbench.report.ShellWords.quote(a));
    }
    Path typescript = temp.resolve("typescript");
    Process p = new ProcessBuilder("script", "-q", "-e", "-c", command.toString(), typescript.toString())
        .directory(temp.toFile()).redirectErrorStream(true).redirectOutput(temp.resolve("script.out").toFile())
        .start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
    String text = Files.readString(typescript, StandardCharsets.UTF_8).replace("\r", "")
        .replaceAll("\u001b\\[[0-9;?]*[A-Za-z]", "");
    return text.lines().filter(l -> !l.startsWith("Script started") && !l.startsWith("Script done"))
        .reduce("", (a, b) -> a + b + "\n");
  }

  @Test
  void everyCommandFitsEightyColumns() throws Exception {
    CliOutcome run = CliOutcome.run("run", "--stores", "null", "--entries", "1000", "--order", "seq,rnd",
        "--phases", "write,readKey", "--warmup", "0", "--warmup-passes", "1", "--measured", "2", "--forks", "0",
        "--work-dir", temp.resolve("work").toString(), "--output", temp.resolve("a.json").toString(), "-q");
    assertThat(run.code()).as(run.err()).isZero();
    // paths as a user types them in the folder they work in: a path is never broken, so a long one would overrun
    String a = "a.json";
    List<List<String>> commands = List.of(List.of("list"), List.of("list", "rocksdb"), List.of("list", "presets"),
        List.of("list", "codecs"), List.of("list", "stores", "--details"), List.of("env"), List.of("help"),
        List.of("help", "run"), List.of("compare", a, a), List.of("report", a, "--out", "rep"),
        List.of("durability", "--stores", "lmdbjava-agrona", "--sync", "sync", "--crash", "process", "--trials", "1",
            "--output", "dur", "-q"));
    List<String> over = new ArrayList<>();
    for (List<String> c : commands) {
      String out = at80(c.toArray(String[]::new));
      assertThat(out).as("kvbench " + c + " printed").isNotBlank();
      // a control character kvbench sends is shown as text (\x1b): its own output sends none
      assertThat(out).as("kvbench " + c + " printed").doesNotContain("\\x1b");
      out.lines().filter(l -> l.length() > 80).limit(3)
          .forEach(l -> over.add("kvbench " + String.join(" ", c) + ": " + l.length() + ": " + l));
      if (c.get(0).equals("durability")) {
        assertThat(out).contains("Acked lost:", "Verdict: a synced store must lose no acknowledged commit: none did");
      }
    }
    assertThat(over).as("lines over 80 columns").isEmpty();
  }
}
