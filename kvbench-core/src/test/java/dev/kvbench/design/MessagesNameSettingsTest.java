package dev.kvbench.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.runner.RunSettings;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Axis;
import dev.kvbench.scenario.Section;
import dev.kvbench.scenario.Setting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Core's messages name a setting as a scenario file and the library do ({@code jvm.memoryLimit},
 * {@code workDir}, {@code matrix.threads}); the CLI words them as its flags (FlagNames), so a
 * library user is never told to give a flag they have no command line for (issue 64). The rows
 * that define the flags, whose help is the CLI's, are the only core files that may spell one.
 */
class MessagesNameSettingsTest {

  private static final Path MAIN = Path.of("src/main/java");

  /** The files of the rows themselves: their help texts are the flags' help. */
  private static final Set<String> ROWS = Set.of("Axes.java", "ShapeAxes.java", "RunSettings.java", "JvmSettings.java",
      "TrafficSettings.java", "RepetitionSettings.java", "ScenarioSettings.java", "Section.java");

  private static final Pattern STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

  @Test
  void noCoreMessageSpellsASettingsFlag() throws IOException {
    Set<String> flags = flags();
    assertThat(flags).as("the rows' flags, read from the rows").contains("--memory-limit", "--work-dir", "--threads");
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        if (ROWS.contains(f.getFileName().toString())) {
          continue;
        }
        List<String> lines = Files.readAllLines(f);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i).trim();
          if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) {
            continue;
          }
          Matcher m = STRING.matcher(line);
          while (m.find()) {
            for (String flag : flags) {
              if (Pattern.compile(Pattern.quote(flag) + "(?![a-z-])").matcher(m.group(1)).find()) {
                found.add(MAIN.relativize(f) + ":" + (i + 1) + " " + flag);
              }
            }
          }
        }
      }
    }
    assertThat(found).as("core messages that spell a flag; name the setting (Setting.name(), workDir) instead")
        .isEmpty();
  }

  @Test
  void theScanReadsStringsAsWritten() {
    Matcher m = STRING.matcher("throw new X(\"give --memory-limit SIZE\" + \"a \\\"quoted\\\" word\");");
    assertThat(m.find()).isTrue();
    assertThat(m.group(1)).isEqualTo("give --memory-limit SIZE");
    assertThat(m.find()).isTrue();
    assertThat(m.group(1)).contains("quoted");
  }

  /** Every flag the settings rows and the axes define. */
  private static Set<String> flags() {
    Set<String> flags = new TreeSet<>();
    for (Section<?> section : Section.ALL) {
      for (Setting<?, ?> row : section.rows()) {
        flags.addAll(row.flags());
      }
    }
    for (Setting<?, ?> row : RunSettings.ALL) {
      flags.addAll(row.flags());
    }
    for (Axis<?> axis : Axes.ALL) {
      flags.addAll(axis.flags());
    }
    return flags;
  }
}
