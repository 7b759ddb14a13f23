package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's library example is the examples project's code, byte for byte, and under 30 lines:
 * CI compiles and runs that project against the installed artifacts, so the README's code does too.
 */
class ReadmeExampleTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theReadmeExampleIsTheExamplesProjectsCode() throws Exception {
    String readme = Files.readString(ROOT.resolve("README.md"));
    int section = readme.indexOf("\n## Use kvbench as a library\n");
    assertThat(section).as("README section 'Use kvbench as a library'").isPositive();
    Matcher block = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(readme);
    assertThat(block.find(section)).as("a java block in that section").isTrue();
    String example = Files.readString(ROOT.resolve("kvbench-examples/src/main/java/example/OrdersBenchmark.java"));

    assertThat(block.group(1)).isEqualTo(example);
    assertThat(example.lines().count()).isLessThan(30);
    assertThat(example).contains("\"lmdbjava-bb\", \"rocksdb\"").contains("implements KeyFormat")
        .contains("Access.READ_WRITE");
  }
}
