package dev.kvbench.cli;

import dev.kvbench.durability.CrashKind;
import dev.kvbench.durability.CrashTrials;
import dev.kvbench.durability.CrashWorkload;
import dev.kvbench.durability.DurabilityReport;
import dev.kvbench.scenario.Durations;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.io.IOException;
import dev.kvbench.summary.TextWrap;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "durability",
    mixinStandardHelpOptions = true,
    header = "The crash test: kills a writer, checks every acknowledged commit survived.",
    description = {"The crash test: for every store, durability mode it claims and kind of crash, a child JVM commits"
        + " transactions and acknowledges each over a pipe, is killed with SIGKILL at a seeded moment, and a second"
        + " JVM reopens the store and checks that every acknowledged commit is there, whole, and no value is torn."
        + " 'process' crashes keep the kernel's page cache; 'power' (root, loop devices) keeps only what reached the"
        + " device. Writes durability.json and README.md. Exit 0, or 1 when a store lost an acknowledged commit"
        + " in sync mode (a finding: it is published, not hidden)."})
final class DurabilityCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--stores", split = ",", paramLabel = "ID",
      description = "Stores to test (default: every available store that keeps data).")
  List<String> stores;

  @Option(names = "--sync", split = ",", paramLabel = "MODE",
      description = "Durability modes: sync, lazy, nosync (default: all three; a store is tried in those it claims).")
  List<String> modes;

  @Option(names = "--crash", split = ",", paramLabel = "KIND",
      description = "process, power or both (default: process,power; power is skipped, with the reason, where it"
          + " cannot run).")
  List<String> kinds;

  @Option(names = "--trials", paramLabel = "N", description = "Kills per store, mode and crash (default: 3).")
  int trials = 3;

  @Option(names = "--seed", paramLabel = "N", description = "Decides every kill's moment (default: 1).")
  long seed = 1;

  @Option(names = "--kill-after", paramLabel = "MIN-MAX",
      description = "When each kill comes after the writer's first acknowledged commit, drawn uniformly (default: 200ms-1s).")
  String killAfter = "200ms-1s";

  @Option(names = "--puts-per-commit", paramLabel = "N", description = "New keys per commit (default: 10).")
  int putsPerCommit = 10;

  @Option(names = "--value-size", paramLabel = "BYTES", description = "Value size (default: 100).")
  int valueSize = 100;

  @Option(names = "--max-commits", paramLabel = "N",
      description = "The writer stops here if the kill has not come (default: 200000); sizes the store.")
  long maxCommits = 200_000;

  @Mixin StoreOptions storeOptions;
  @Mixin CommonOptions.WorkDir workDir;

  @Option(names = "--output", paramLabel = "DIR", description = "Folder for durability.json and README.md"
      + " (default: kvbench-results/durability-TIME).")
  Path output = DefaultOutputs.stamped("durability");

  @Mixin CommonOptions.Quiet quiet;

  @Option(names = "--notes", paramLabel = "FILE",
      description = "Markdown notes and findings to include in README.md as written (for published results).")
  Path notes;

  @Option(names = "--rewrite", paramLabel = "DURABILITY_JSON",
      description = "Run nothing: write README.md again from this durability.json (with --notes) into --output.")
  Path rewrite;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String notesText = null;
    if (notes != null) {
      notesText = Files.readString(existing("--notes", notes, "a Markdown file of findings"));
    }
    try {
      // where the results go is checked before any trial runs: an hour of crashes must have a place to land
      DurabilityReport.checkOutput(output);
    } catch (dev.kvbench.result.OutputFile.RefusedException e) {
      throw new UsageException(e.getMessage(), e);
    }
    if (rewrite != null) {
      DurabilityReport again = DurabilityReport.read(existing("--rewrite", rewrite, "a durability.json"));
      again.write(output, notesText);
      print(out, again);
      return again.syncLosses().isEmpty() ? ExitCodes.OK : ExitCodes.BENCHMARK_FAILED;
    }
    StoreRegistry registry = StoreRegistry.load();
    List<String> storeIds = stores != null ? stores : registry.all().stream()
        .filter(p -> p.availability().available() && p.capabilities().retainsData()).map(StoreProvider::id).toList();
    for (String id : storeIds) {
      if (registry.find(id).isEmpty()) {
        throw new UsageException("--stores: " + registry.unknown(id));
      }
    }
    CrashTrials.Plan plan;
    try {
      String[] window = killAfter.split("-", 2);
      if (window.length != 2) {
        throw new IllegalArgumentException("--kill-after '" + killAfter + "': give MIN-MAX, e.g. 200ms-1s");
      }
      Duration min = Durations.parse(window[0]);
      Duration max = Durations.parse(window[1]);
      plan = new CrashTrials.Plan(storeIds,
          (modes == null ? List.of("sync", "lazy", "nosync") : modes).stream().map(Durability::fromId).toList(),
          (kinds == null ? List.of("process", "power") : kinds).stream().map(CrashKind::fromId).toList(),
          trials, seed, min, max, new CrashWorkload(seed, putsPerCommit, valueSize, maxCommits),
          storeOptions.byStore("durability"), workDir.path);
    } catch (IllegalArgumentException e) {
      throw FlagNames.usage(e);
    }
    DurabilityReport report;
    try {
      // the whole command line as given, the subcommand's name included
      report = trials(registry, err).report(plan, spec.commandLine().getParseResult().originalArgs(),
          KvbenchCommand.version());
    } catch (IllegalArgumentException e) {
      // the work directory: not empty, in use, not a directory
      throw FlagNames.usage(e);
    }
    report.write(output, notesText);
    print(out, report);
    out.println(TextWrap.wrap("results: " + output.resolve("durability.json") + ", report: "
        + output.resolve("README.md"), Terminal.pageWidth(), "  "));
    return report.syncLosses().isEmpty() ? ExitCodes.OK : ExitCodes.BENCHMARK_FAILED;
  }

  /** The table folded to the terminal, each note on a line of its own, the legend and the verdict. */
  private static void print(PrintWriter out, DurabilityReport report) {
    int width = Terminal.pageWidth();
    out.print(report.table(false).render(width));
    List<String> notes = report.notes();
    if (!notes.isEmpty()) {
      out.println("\nNotes:");
      notes.forEach(n -> out.println(TextWrap.wrap("  " + n, width, "  ")));
    }
    out.println("\n" + TextWrap.wrap(DurabilityReport.LEGEND, width, ""));
    out.println(TextWrap.wrap(report.verdict(), width, "  "));
  }

  private CrashTrials trials(StoreRegistry registry, PrintWriter err) {
    return new CrashTrials(registry, quiet.quiet ? CrashTrials.Listener.NONE
        : (combination, trial) -> {
          err.printf("%s %s %s trial %d/%d: killed after %d ms, %s%n", combination.store(), combination.durability(),
              combination.crash(), trial.trial(), trials, trial.killAfterMillis(),
              trial.failure() != null ? "failed: " + trial.failure()
                  : trial.check().failure() != null ? "reopen failed: " + trial.check().failure()
                  : trial.check().acknowledged() + " acked, " + trial.check().ackedLost() + " lost, "
                      + trial.check().tornValues() + " torn, recovery "
                      + String.format(java.util.Locale.ROOT, "%.1f", trial.check().recoveryMillis()) + " ms");
          err.flush();
        });
  }

  /** {@code file} when it is one, else the usage error naming {@code option} and what to give. */
  private static Path existing(String option, Path file, String what) {
    if (!Files.isRegularFile(file)) {
      throw new UsageException(option + " " + file + ": no such file; give " + what);
    }
    return file;
  }
}
