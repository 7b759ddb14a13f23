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
    assertThat(text).contains("./mvnw -B -q package -DskipTests && ./kvbench run", "./test.sh", "docs/README.md");
  }

  /** A shell command line kvbench's pages show, and where. */
  record PageCommand(Path page, String line, List<String> args) {}

  private static final Pattern FENCE = Pattern.compile("(?s)(<!-- runnable -->\\n)?```[a-z]*\\n(.*?)```");
  private static final Pattern INLINE = Pattern.compile("`(\\./kvbench [^`]*)`");

  /**
   * Every {@code ./kvbench} command of {@code page}: the lines of its code blocks (a '$ ' prompt
   * and '\\' continuations taken away, one command of each '&&', '||', ';' and '|' chain) and its
   * inline code, each split into words as a shell does (quotes, '#' comments).
   */
  static List<PageCommand> commands(Path page) throws IOException {
    String text = Files.readString(page);
    List<String> lines = new ArrayList<>();
    Matcher fence = FENCE.matcher(text);
    while (fence.find()) {
      lines.addAll(List.of(fence.group(2).replaceAll("\\\\\n\\s*", " ").split("\n")));
    }
    Matcher inline = INLINE.matcher(text.replaceAll("(?s)```.*?```", ""));
    while (inline.find()) {
      lines.add(inline.group(1));
    }
    List<PageCommand> found = new ArrayList<>();
    for (String line : lines) {
      for (String part : line.replaceFirst("^\\$ ", "").split("&&|\\|\\||;|\\|")) {
        List<String> words = shellWords(part);
        if (!words.isEmpty() && words.get(0).equals("./kvbench")) {
          found.add(new PageCommand(page, part.strip(), words.subList(1, words.size())));
        }
      }
    }
    return found;
  }

  /** {@code line} split into words as a POSIX shell does for plain quoting; a '#' word ends it. */
  static List<String> shellWords(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder w = null;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          w.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        w = w == null ? new StringBuilder() : w;
      } else if (Character.isWhitespace(c)) {
        if (w != null) {
          words.add(w.toString());
          w = null;
        }
      } else if (c == '#' && w == null) {
        break;
      } else {
        w = w == null ? new StringBuilder() : w;
        w.append(c);
      }
    }
    if (w != null) {
      words.add(w.toString());
    }
    return words;
  }

  /**
   * Issue 42, 16: every command the pages show is written as it runs ({@code ./kvbench}, the
   * launcher the build's jar runs under, never a {@code java -jar kvbench.jar} that is nowhere),
   * and each parses as kvbench's own command line: its command and options exist. The blocks marked
   * runnable run for real in DocsCommandsIT.
   */
  @Test
  void everyCommandOnThePagesIsWrittenAsItRunsAndParses() throws IOException {
    List<String> problems = new ArrayList<>();
    int parsed = 0;
    for (Path page : pages()) {
      String text = Files.readString(page);
      for (String unrunnable : List.of("java -jar kvbench.jar", "java -jar kvbench-cli/target/kvbench.jar")) {
        if (text.contains(unrunnable)) {
          problems.add(ROOT.relativize(page) + ": '" + unrunnable + "'; write ./kvbench, the launcher");
        }
      }
      for (PageCommand c : commands(page)) {
        parsed++;
        try {
          Cli.commandLine(new java.io.PrintWriter(java.io.Writer.nullWriter()),
              new java.io.PrintWriter(java.io.Writer.nullWriter())).parseArgs(c.args().toArray(String[]::new));
        } catch (picocli.CommandLine.ParameterException e) {
          problems.add(ROOT.relativize(page) + ": " + c.line() + ": " + e.getMessage());
        }
      }
    }
    assertThat(problems).isEmpty();
    assertThat(parsed).as("commands found on the pages").isGreaterThan(40);
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
    // an empty target ("[Quiet CPUs]()") goes nowhere and the pattern above cannot see it
    for (Path page : pages()) {
      Matcher empty = Pattern.compile("\\[[^\\]]*\\]\\(\\s*\\)").matcher(Files.readString(page)
          .replaceAll("(?s)```.*?```", ""));
      while (empty.find()) {
        broken.add(ROOT.relativize(page) + ": " + empty.group() + " (an empty link)");
      }
    }
    assertThat(broken).as("broken links").isEmpty();
    assertThat(checked).isGreaterThan(50);
  }

  /**
   * Issue 42, 19: the defaults the pages and the help state are the code's: the annotated scenario
   * file in running.md, and run's help, which names the default run's warm-up passes (the quick
   * preset's) beside a scenario file's.
   */
  @Test
  void theDefaultsThePagesStateAreTheCodes() throws IOException {
    String running = Files.readString(ROOT.resolve("docs/running.md"));
    dev.kvbench.scenario.Repetitions d = dev.kvbench.scenario.Repetitions.DEFAULT;
    assertThat(running).contains("  forks: " + d.forks() + " ", "# default: " + d.forks() + " fresh JVMs per cell")
        .contains("# default: " + d.warmupPasses() + " untimed passes", "# default: " + d.warmupMillis() + ",")
        .contains("# default: " + d.measuredPasses() + " measured passes")
        .contains("# default: " + dev.kvbench.scenario.Scenario.DEFAULT_LATENCY_SAMPLE + ";")
        .contains("# default: " + dev.kvbench.scenario.Scenario.DEFAULT_SEED);
    dev.kvbench.scenario.Repetitions quick = new dev.kvbench.scenario.Presets().source("quick").scenario()
        .repetitions();
    String help = CliOutcome.run("help", "run").out().replaceAll("\\s+", " ");
    assertThat(help).contains("(default: the scenario's; " + quick.warmupPasses() + " in the default run, "
        + d.warmupPasses() + " in a scenario file that sets none)");
    assertThat(help).contains("Measured passes per phase; tables show their median with min-max (default: the"
        + " scenario's; " + quick.measuredPasses() + " in the default run");
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
    // issue 42, 18: one list of JVM flags, the examples' jvm.flags: the page prints it whole, the pom's
    // tests run with it, and it is every flag kvbench's stores need
    String flags = Files.readString(ROOT.resolve("kvbench-examples/jvm.flags"));
    assertThat(page).contains("```\n" + flags + "```", "java @jvm.flags -cp");
    assertThat(pom).contains("<argLine>@${project.basedir}/jvm.flags</argLine>");
    assertThat(flags.lines().toList()).isEqualTo(dev.kvbench.host.JvmFlags.required());
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
