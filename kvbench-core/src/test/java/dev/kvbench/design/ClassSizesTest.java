package dev.kvbench.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main class grows past what a reader takes in at once: 450 lines in any module, and the CLI's
 * run and bisect commands, which only parse and print, 150. A class that grows past its limit is
 * split by responsibility (the runner's plan, session and scheduler; a report's sections), not
 * squeezed.
 */
class ClassSizesTest {

  private static final Path ROOT = Path.of("..");
  private static final int MOST_LINES = 450;
  private static final Map<String, Integer> COMMANDS = Map.of("RunCommand.java", 150, "BisectCommand.java", 150);

  @Test
  void noMainClassIsLongerThanItsLimit() throws IOException {
    List<String> over = new ArrayList<>();
    List<Path> files = mainSources();
    assertThat(files).as("main sources of every module").hasSizeGreaterThan(300);
    for (Path f : files) {
      int limit = COMMANDS.getOrDefault(f.getFileName().toString(), MOST_LINES);
      long lines;
      try (Stream<String> s = Files.lines(f)) {
        lines = s.count();
      }
      if (lines > limit) {
        over.add(ROOT.relativize(f) + ": " + lines + " lines, limit " + limit);
      }
    }
    assertThat(over).as("main classes over their limit: split them by responsibility").isEmpty();
  }

  @Test
  void theCommandsWithALimitOfTheirOwnExist() throws IOException {
    assertThat(mainSources().stream().map(f -> f.getFileName().toString()))
        .as("a renamed command must keep its limit").containsAll(COMMANDS.keySet());
  }

  /** Every module's {@code src/main/java} files, the store modules' and the examples' included. */
  private static List<Path> mainSources() throws IOException {
    try (Stream<Path> all = Files.walk(ROOT)) {
      return all.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> p.toString().contains("/src/main/java/"))
          .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.venv/"))
          .toList();
    }
  }
}
