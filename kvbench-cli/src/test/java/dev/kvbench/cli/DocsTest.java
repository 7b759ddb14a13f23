package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the user guide hold: the README fits a few screens, every link between them (and
 * to the repository's files and the headings in them) resolves, the library page's code and pom
 * are the examples project's, and each block marked {@code <!-- output of: kvbench ARGS -->} is
 * what that command prints now.
 */
class DocsTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern OUTPUT = Pattern.compile("<!-- output of: kvbench ([^>]*?) -->\\n```\\n(.*?)```",
      Pattern.DOTALL);

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("results/README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** GitHub's anchor for a heading: lower case, punctuation but '-' and '_' dropped, spaces as '-'. */
  static String anchor(String heading) {
    return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
  }

  static Set<String> anchors(Path markdown) throws IOException {
    Set<String> anchors = new HashSet<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(markdown)) {
      if (line.startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced && line.matches("#{1,6} .*")) {
        anchors.add(anchor(line.replaceFirst("#+ ", "")));
      }
    }
    return anchors;
  }

  @Test
  void theReadmeIsAFrontDoorOfAFewScreens() throws IOException {
    List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
    assertThat(readme.size()).as("README.md lines").isLessThanOrEqualTo(300);
    String text = String.join("\n", readme);
    assertThat(text).contains("./mvnw -B -q package -DskipTests && java -jar kvbench-cli/target/kvbench.jar run",
        "./test.sh", "docs/README.md");
  }

  @Test
  void everyLinkResolvesToAFileAndItsHeading() throws IOException {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages()) {
      String text = Files.readString(page).replaceAll("(?s)```.*?```", "");
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue; // http(s), mailto: not this test's to reach
        }
        checked++;
        String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
        String fragment = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
          broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
        } else if (fragment != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(fragment)) {
          broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("broken links").isEmpty();
    assertThat(checked).isGreaterThan(50);
  }

  @Test
  void theLibraryPageShowsTheExamplesProjectsCodeAndPom() throws IOException {
    String page = Files.readString(ROOT.resolve("docs/library.md"));
    String example = Files.readString(ROOT.resolve("kvbench-examples/src/main/java/example/OrdersBenchmark.java"));
    String pom = Files.readString(ROOT.resolve("kvbench-examples/pom.xml"));
    assertThat(page).contains("```java\n" + example + "```", "```xml\n" + pom + "```");
    assertThat(example.lines().count()).as("the example fits a screen").isLessThanOrEqualTo(30);
    assertThat(example).contains("\"lmdbjava-bb\", \"rocksdb\"", "implements KeyFormat", "Access.READ_WRITE",
        "requireSucceeded()");
    // the pom a user copies pins the compiler plugin (Maven 3.8 would compile for Java 5 without it)
    assertThat(pom).contains("<artifactId>kvbench-bom</artifactId>", "<scope>import</scope>",
        "<artifactId>maven-compiler-plugin</artifactId>");
  }

  @Test
  void outputBlocksAreWhatTheCommandsPrintNow() throws IOException {
    int blocks = 0;
    for (Path page : pages()) {
      Matcher m = OUTPUT.matcher(Files.readString(page));
      while (m.find()) {
        blocks++;
        CliOutcome o = CliOutcome.run(m.group(1).split(" "));
        assertThat(o.code()).as("kvbench " + m.group(1) + ": " + o.err()).isZero();
        assertThat(m.group(2)).as(ROOT.relativize(page) + ": the output of kvbench " + m.group(1)
            + "; paste what it prints now").isEqualTo(o.out());
      }
    }
    assertThat(blocks).isPositive();
  }
}
