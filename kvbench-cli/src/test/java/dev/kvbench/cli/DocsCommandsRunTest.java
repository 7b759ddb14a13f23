package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunLabel;
import dev.kvbench.result.SeriesOfRuns;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 63, 8: every kvbench command README.md and docs/ show runs as written, scaled to a test:
 * {@code run} as a dry run (its preset, flags and store settings all read and checked, the plan
 * made), {@code report}, {@code compare}, {@code history}, {@code list}, {@code env} and {@code help}
 * for real on result files made here for the names the pages give, {@code bisect} and {@code
 * durability}, which run cells for minutes, parsed. A command the pages show may be refused only
 * for what this host lacks (a second NUMA node). docs/reports.md's {@code -o
 * mvstore.scanVia=map,cursor}, refused, is what it catches. Synopses ({@code [--out DIR]},
 * {@code RESULTS...}) and bare mentions ({@code `kvbench compare`}) are no commands.
 */
class DocsCommandsRunTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Set<String> COMMANDS = Set.of("run", "list", "report", "compare", "env", "durability",
      "clean", "bisect", "history", "help");
  private static final Pattern FENCE = Pattern.compile("(?s)```[a-z]*\\n(.*?)```");
  private static final Pattern INLINE = Pattern.compile(
      "`((?:sudo )?(?:\\./)?kvbench (?:run|list|report|compare|env|durability|clean|bisect|history|help)\\b[^`]*)`");
  /** What a synopsis writes that a command never holds. */
  private static final Pattern SYNOPSIS = Pattern.compile("[\\[\\]<>]|\\.\\.\\.|\\b(COMMAND|SCENARIO|AXIS|PHASE|V1|V2"
      + "|V|N|PCT|F|IDS|TEXT|REV|RUN|CANDIDATE|BASELINE|B|A|STORE|PRESET|FILE)\\b(?![./])|\\bi/n\\b");
  /** Refusals of what this host lacks, not of the command: the page's command is for another host. */
  private static final List<String> HOST_LIMITS = List.of("NUMA node", "needs root", "no memory cgroup");
  /** The options whose value is a file or folder kvbench writes: kept in this test's folder. */
  private static final Set<String> OUTPUTS = Set.of("--output", "--out", "--html", "--json", "--csv", "--output-dir",
      "--export-libraries");

  @TempDir Path temp;

  private int made;

  /** A command a page shows, and where; {@code inline} for one in a sentence's code, not a block. */
  record Shown(Path page, String line, List<String> words, boolean inline) {}

  static List<Shown> shown() throws IOException {
    List<Shown> out = new ArrayList<>();
    for (Path page : DocsTest.pages()) {
      String text = Files.readString(page);
      Map<String, Boolean> lines = new LinkedHashMap<>();
      Matcher fence = FENCE.matcher(text);
      while (fence.find()) {
        // a block's line is a command where it starts with one: the rest is a sample's output, naming commands in prose
        List.of(fence.group(1).replaceAll("\\\\\n\\s*", " ").split("\n")).stream()
            .filter(l -> l.replaceFirst("^\\$ ", "").matches("(sudo )?(\\./)?kvbench .*|for .*"))
            .forEach(l -> lines.put(l, false));
      }
      Matcher inline = INLINE.matcher(text.replaceAll("(?s)```.*?```", "").replaceAll("\\s*\\n\\s*", " "));
      while (inline.find()) {
        lines.putIfAbsent(inline.group(1), true);
      }
      for (Map.Entry<String, Boolean> entry : lines.entrySet()) {
        String line = entry.getKey();
        for (String part : line.replaceFirst("^\\$ ", "").split("&&|\\|\\||;|\\|")) {
          List<String> words = new ArrayList<>(DocsTest.shellWords(part.strip().replaceFirst("^do ", "")));
          if (!words.isEmpty() && words.get(0).equals("sudo")) {
            words.remove(0);
          }
          if (words.size() >= 2 && (words.get(0).equals("./kvbench") || words.get(0).equals("kvbench"))
              && COMMANDS.contains(words.get(1))) {
            out.add(new Shown(page, part.strip(), words.subList(1, words.size()), entry.getValue()));
          }
        }
      }
    }
    return out;
  }

  @Tag("slow")
  @Test
  void everyCommandThePagesShowRunsScaled() throws Exception {
    List<String> problems = new ArrayList<>();
    int ran = 0;
    for (Shown s : shown()) {
      String where = ROOT.relativize(s.page()) + ": " + s.line();
      // a mention (`kvbench compare`, `kvbench report --merge`), a synopsis, or a sample's "next:" line
      if (s.inline() && !parses(s.words()) || SYNOPSIS.matcher(String.join(" ", s.words())).find()
          || s.words().stream().anyMatch(w -> w.startsWith("("))) {
        continue;
      }
      List<String> args = scaled(s.words());
      String command = args.get(0);
      if (command.equals("bisect") || command.equals("durability")) {
        // minutes of cells: their flags are read, as they would be
        try {
          Cli.commandLine(new java.io.PrintWriter(java.io.Writer.nullWriter()),
              new java.io.PrintWriter(java.io.Writer.nullWriter())).parseArgs(args.toArray(String[]::new));
        } catch (picocli.CommandLine.ParameterException e) {
          problems.add(where + ": " + e.getMessage());
        }
        ran++;
        continue;
      }
      long t0 = System.nanoTime();
      CliOutcome o = CliOutcome.run(args.toArray(String[]::new));
      ran++;
      if (Boolean.getBoolean("kvbench.docs.timing")) {
        System.out.printf("%6d ms  %s%n", (System.nanoTime() - t0) / 1_000_000, String.join(" ", args));
      }
      boolean hostLimit = HOST_LIMITS.stream().anyMatch(o.err()::contains);
      if (o.code() == ExitCodes.USAGE && !hostLimit || o.code() == ExitCodes.INTERNAL) {
        problems.add(where + "\n    ran as: " + String.join(" ", args) + "\n    exit " + o.code() + ": "
            + o.err().lines().findFirst().orElse(""));
      }
    }
    assertThat(problems).as("commands the pages show that do not run as written").isEmpty();
    assertThat(ran).as("commands run").isGreaterThan(60);
  }

  /** Whether {@code words} parse as a whole command line (a mention lacks what a command needs). */
  private static boolean parses(List<String> words) {
    try {
      Cli.commandLine(new java.io.PrintWriter(java.io.Writer.nullWriter()),
          new java.io.PrintWriter(java.io.Writer.nullWriter())).parseArgs(words.toArray(String[]::new));
      return true;
    } catch (picocli.CommandLine.ParameterException e) {
      return false;
    }
  }

  /** The command line's model, built once: which options take values. */
  private static final picocli.CommandLine MODEL = Cli.commandLine(new java.io.PrintWriter(java.io.Writer.nullWriter()),
      new java.io.PrintWriter(java.io.Writer.nullWriter()));

  /** Whether {@code option} of {@code command} takes a value: the word after it is that, not an input. */
  private static boolean takesValue(String command, String option) {
    var spec = MODEL.getSubcommands().get(command).getCommandSpec();
    var o = option.startsWith("-") && !option.contains("=") ? spec.findOption(option) : null;
    return o != null && o.arity().max() > 0 && !o.typeInfo().isBoolean();
  }

  /** {@code words} as this test runs them: outputs and inputs in its folder, a run as a dry run, no network. */
  private List<String> scaled(List<String> words) throws IOException {
    List<String> args = new ArrayList<>();
    String command = words.get(0);
    args.add(command);
    for (int i = 1; i < words.size(); i++) {
      String w = words.get(i).replace("$GITHUB_SHA", "abc1234").replace("$i", "1");
      String previous = args.get(args.size() - 1);
      boolean value = i > 1 && takesValue(command, words.get(i - 1));
      if (previous.equals("--notes")) {
        Path notes = temp.resolve("in").resolve("notes.md");
        Files.createDirectories(notes.getParent());
        Files.writeString(notes, "Notes.\n");
        args.add(notes.toString());
      } else if (OUTPUTS.contains(previous)) {
        args.add(temp.resolve("out").resolve(w.replaceFirst("^/+", "")).toString());
      } else if (previous.equals("--work-dir") || previous.equals("--dir")) {
        args.add(Files.createDirectories(temp.resolve("work")).toString());
      } else if (previous.equals("--trace") && Files.isRegularFile(ROOT.resolve(w.replaceFirst("@[^/]*$", "")))) {
        // a trace the repository ships, named from its root as the pages' commands run
        args.add(ROOT.resolve(w).toString());
      } else if (previous.equals("--revisions")) {
        args.add(revisions().toString());
      } else if (previous.equals("--resume")) {
        args.add(journal(w).toString());
      } else if (value || previous.equals("--check") || w.startsWith("-") || i > 1 && command.equals("run")
          || command.equals("list") || command.equals("help") || command.equals("env") || command.equals("bisect")
          || command.equals("durability") || command.equals("clean")) {
        args.add(w);
      } else if (command.equals("run")) {
        args.add(w.endsWith(".yaml") ? scenario(w).toString() : w);
      } else {
        args.addAll(inputs(w));
      }
    }
    switch (command) {
      case "run" -> {
        if (!args.contains("--resume")) {
          args.add("--dry-run");
          if (!args.contains("--work-dir")) {
            args.addAll(List.of("--work-dir", Files.createDirectories(temp.resolve("work")).toString()));
          }
        }
      }
      case "report" -> {
        if (!args.contains("--out")) {
          args.addAll(List.of("--out", temp.resolve("out").resolve("report-" + ++made).toString()));
        }
      }
      case "list" -> {
        if (args.contains("versions")) {
          args.add("--offline"); // the repositories are not this test's
        }
      }
      case "clean" -> {
        if (!args.contains("--dir")) {
          args.addAll(List.of("--dir", Files.createDirectories(temp.resolve("work")).toString()));
        }
      }
      default -> { }
    }
    return args;
  }

  /**
   * The result files a page names as inputs: the repository's own where it has them, else made here
   * (a folder or a glob holds several runs).
   */
  private List<String> inputs(String name) throws IOException {
    Path real = ROOT.resolve(name);
    if (!name.contains("*") && Files.isRegularFile(real) && real.startsWith(ROOT.resolve("results"))) {
      return List.of(real.toString());
    }
    Path here = temp.resolve("in").resolve(name.replace("*.json", "").replaceFirst("^/+", ""));
    if (name.endsWith(".json") && !name.contains("*")) {
      if (!Files.exists(here)) {
        Files.createDirectories(here.getParent());
        new ResultFiles().write(fixture(1), here);
      }
      return List.of(here.toString());
    }
    if (name.endsWith(".jsonl")) {
      return List.of(journal(name).toString());
    }
    Files.createDirectories(here);
    List<String> files = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      Path f = here.resolve("run-" + i + ".json");
      if (!Files.exists(f)) {
        new ResultFiles().write(fixture(i), f);
      }
      files.add(f.toString());
    }
    return name.contains("*") ? files : List.of(here.toString());
  }

  /** The journal of a finished run at {@code name} in this test's folder (a tiny run of the null store), for --resume. */
  private Path journal(String name) throws IOException {
    Path doc = temp.resolve("in").resolve(name.replaceFirst("\\.jsonl$", ".json").replaceFirst("^/+", ""));
    Path journal = dev.kvbench.result.RunJournal.journalOf(doc);
    if (!Files.exists(journal)) {
      Files.createDirectories(doc.getParent());
      CliOutcome tiny = CliOutcome.run("run", "--stores", "null", "--entries", "100", "--phases", "write", "--forks",
          "0", "--warmup", "0", "--warmup-passes", "0", "--measured", "1", "--work-dir",
          Files.createDirectories(temp.resolve("work")).toString(), "--output", doc.toString(), "-q");
      assertThat(tiny.code()).as(tiny.err()).isZero();
    }
    return journal;
  }

  /**
   * Every {@code -o STORE.KEY=V,...} the pages show in a sentence names a setting the store has, and
   * each of its values is one the setting takes (docs/reports.md's scanVia=map was not).
   */
  @Test
  void everyStoreSettingThePagesNameExistsAndTakesItsValues() throws IOException {
    Pattern setting = Pattern.compile("-o ([a-z0-9-]+)\\.(\\w+)=([^`\\s]+)");
    dev.kvbench.store.StoreRegistry registry = dev.kvbench.store.StoreRegistry.load();
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (Path page : DocsTest.pages()) {
      Matcher m = setting.matcher(Files.readString(page));
      while (m.find()) {
        String store = m.group(1);
        String key = m.group(2);
        if (store.equals("STORE") || key.equals("KEY") || key.equals("version") || m.group(3).matches("[A-Z<].*")) {
          continue; // a placeholder, or a library version (resolved, not parsed)
        }
        var provider = registry.find(store);
        if (provider.isEmpty()) {
          problems.add(ROOT.relativize(page) + ": " + m.group() + ": " + registry.unknown(store));
          continue;
        }
        for (String value : m.group(3).replaceAll("[,.;)]+$", "").split(",")) {
          checked++;
          try {
            dev.kvbench.store.StoreSettings.resolve(store, provider.get().settings(), Map.of(key, value));
          } catch (IllegalArgumentException e) {
            problems.add(ROOT.relativize(page) + ": " + m.group() + ": " + e.getMessage());
          }
        }
      }
    }
    assertThat(problems).as("store settings the pages name").isEmpty();
    assertThat(checked).as("settings checked").isGreaterThan(20);
  }

  /** A scenario file of every store, for a page's {@code my-scenario.yaml}. */
  private Path scenario(String name) throws IOException {
    Path f = temp.resolve("in").resolve(name);
    Files.createDirectories(f.getParent());
    Files.writeString(f, "name: my-scenario\nmatrix:\n  stores: []\n  entries: [1000]\n");
    return f;
  }

  /** The revisions of the runs {@link #fixture} makes, oldest first. */
  private Path revisions() throws IOException {
    Path f = temp.resolve("in").resolve("revisions.txt");
    Files.createDirectories(f.getParent());
    Files.writeString(f, "r1\nr2\nr3\nr4\nr5\nabc1234\n");
    return f;
  }

  /**
   * Run {@code number} (revision r{@code number}) of the stores and settings the pages compare:
   * MVStore's scanVia both ways, LmdbJava and RocksDB at the versions the pages name, the null
   * store; four phases of three forks each.
   */
  private static ResultDocument fixture(int number) {
    ResultDocument base = SeriesOfRuns.run(number, 0.03, RunLabel.of("r" + number, null));
    List<CellResult> cells = new ArrayList<>();
    cells.add(cell("mvstore", "2.4.240", Map.of("scanVia", "lookup"), 10));
    cells.add(cell("mvstore", "2.4.240", Map.of("scanVia", "cursor"), 11));
    for (String v : List.of("0.8.3", "0.9.1", "0.9.2", "0.9.3")) {
      cells.add(cell("lmdbjava-agrona", v, Map.of("version", v), 5));
    }
    for (String v : List.of("9.11.2", "11.8.1")) {
      cells.add(cell("rocksdb", v, Map.of("version", v), 20));
    }
    cells.add(cell("null", "0.6.0", Map.of(), 0.1));
    return SeriesOfRuns.withCells(base, cells);
  }

  private static CellResult cell(String store, String version, Map<String, String> settings, double millis) {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false,
        !store.equals("null"), 511, 1 << 20);
    List<PhaseResult> phases = new ArrayList<>();
    for (String phase : List.of("write", "readKey", "readSeq", "readRev")) {
      List<PassResult> passes = new ArrayList<>();
      for (int fork = 1; fork <= 3; fork++) {
        double ms = millis * (1 + 0.02 * fork);
        passes.add(PassResult.of(1000, (long) (ms * 1e6), new CpuTime(ms, 0), 0).withFork(fork));
      }
      phases.add(PhaseResult.measured(phase, passes, PhaseResult.Latency.NONE, true, null, null));
    }
    Map<String, String> all = new LinkedHashMap<>(settings);
    String id = store + " int rnd 1000x100 batch=all nosync" + (settings.isEmpty() ? ""
        : " " + String.join(" ", settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
    return new CellResult(id, store, "lib:" + store, version, caps, all, Map.of(),
        new CellResult.Parameters(1000, "int", 4, 100, "rnd", 1000, "nosync", 1, 16, 1, 0, 3), phases, null,
        CellResult.Outcome.RAN, null, null);
  }

  /** Flags other programs take, which kvbench's messages name: the JVM's, numactl's, blockdev's, git's, pip's, cp's. */
  private static final Set<String> OTHER_PROGRAMS = Set.of("--add-opens", "--add-exports", "--enable-native-access",
      "--membind", "--cpunodebind", "--physcpubind", "--hardware", "--setra", "--reverse", "--no-deps", "--sparse");

  /**
   * Every flag kvbench's own messages name (a string in its main sources) is an option of one of
   * its commands, as the user would type it: a hint that names a flag that is not there sends the
   * user nowhere.
   */
  @Test
  void everyFlagAMessageNamesIsOneOfKvbenchsOptions() throws IOException {
    Set<String> options = new java.util.TreeSet<>();
    // every command's, its subcommands' (trace fit, trace generate) among them
    java.util.Deque<picocli.CommandLine> commands = new java.util.ArrayDeque<>(List.of(MODEL));
    while (!commands.isEmpty()) {
      picocli.CommandLine c = commands.pop();
      c.getCommandSpec().options().forEach(o -> options.addAll(List.of(o.names())));
      commands.addAll(c.getSubcommands().values());
    }
    Pattern literal = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    Pattern flag = Pattern.compile("(?:^|[\\s(`'])(--[a-z][a-z0-9-]+)");
    List<String> unknown = new ArrayList<>();
    List<Path> sources = new ArrayList<>();
    for (String module : List.of("kvbench-core", "kvbench-cli", "kvbench-report", "kvbench-resolver", "kvbench-stores")) {
      try (var files = Files.walk(ROOT.resolve(module))) {
        files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/")).forEach(sources::add);
      }
    }
    for (Path source : sources) {
      Matcher m = literal.matcher(Files.readString(source));
      while (m.find()) {
        Matcher f = flag.matcher(m.group(1));
        while (f.find()) {
          if (!options.contains(f.group(1)) && !OTHER_PROGRAMS.contains(f.group(1))) {
            unknown.add(ROOT.relativize(source) + ": " + f.group(1) + " in \"" + m.group(1) + "\"");
          }
        }
      }
    }
    assertThat(unknown).as("flags messages name that no kvbench command has").isEmpty();
    assertThat(sources).hasSizeGreaterThan(300);
  }
}
