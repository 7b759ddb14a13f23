package dev.kvbench.cli;

import dev.kvbench.report.ShellWords;
import dev.kvbench.resolver.LibraryBundle;
import dev.kvbench.resolver.LibraryExport;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.RunJournal;
import dev.kvbench.runner.Preflight;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import dev.kvbench.runner.versions.RunLibraries;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.summary.RunSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Runs a scenario or a preset (default: quick) and prints its tables.",
    description = {
      "Runs a scenario file or a preset (default: quick): every cell of its matrix in a fresh JVM,"
          + " warm-up then measured passes of each phase; prints the seeds' tables and keeps every result"
          + " in a JSON Lines journal and a JSON document.",
      "Flags override the scenario. A comma always separates the values of a sweep (--value-size 2026,2027);"
          + " write thousands as 1000000, 1_000_000 or 1m. Giving the same setting twice is an error."
    })
final class RunCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "FILE|PRESET",
      description = "A scenario YAML file or a preset (kvbench list presets); default: quick.")
  String source;

  @Mixin CommonOptions.StoresAndScale storesAndScale;
  @Mixin StoreOptions storeOptions;
  @Mixin ScenarioFlags scenarioFlags;
  @Mixin CommonOptions.WorkDir workDir;
  @Mixin CommonOptions.Libraries libraries;

  @Option(names = "--output", paramLabel = "FILE",
      description = "Result document (default: kvbench-results/<scenario>-<time>-<pid>.json); its journal is FILE"
          + " with .jsonl. Never overwritten.")
  Path output;

  @Option(names = "--shard", paramLabel = "i/n",
      description = "Run only shard i of n: cells i, i+n, i+2n ... of the expanded matrix (for fleets).")
  String shard;

  @Option(names = "--resume", paramLabel = "RESULTS",
      description = "Finish the run whose results (.json or .jsonl) these are: only cells without a result run.")
  Path resume;

  @Option(names = "--max-cells", paramLabel = "N",
      description = "Refuse a matrix of more cells than this, before expanding it (default: 100,000): each sweep"
          + " multiplies the others, and a mistyped one should not run for weeks.")
  Long maxCells;

  @Option(names = "--dry-run",
      description = "Print the expanded cells, the data and disk each needs and a rough time; run nothing.")
  boolean dryRun;

  @Option(names = "--export-libraries", paramLabel = "DIR",
      description = "Resolve the store library versions this run asks for (-o STORE.version=...) and copy their jars,"
          + " with a manifest of their SHA-256 (DIR/libraries.json), into DIR (new, empty or an earlier export), for"
          + " machines that cannot reach a repository: run there with --libraries DIR/libraries.json. Runs nothing.")
  Path exportLibraries;

  @Mixin ForkOptions precision;

  @Mixin CommonOptions.Quiet quiet;

  @Override
  public Integer call() {
    RepeatedOptions.refuse(spec);
    StoreRegistry registry = StoreRegistry.load();
    PrintWriter out = spec.commandLine().getOut();
    try (ProgressPrinter progress = new ProgressPrinter(spec.commandLine().getErr(), quiet.quiet);
        LazyLibraryResolver resolver = libraries.resolver()) {
      ScenarioRunner runner = new ScenarioRunner(registry, progress, resolver);
      ScenarioRunner.Options options = new ScenarioRunner.Options(workDir.path, output,
          shard == null ? null : Shard.parse(shard), spec.commandLine().getParseResult().originalArgs(),
          KvbenchCommand.version(), maxCells == null ? Scenario.DEFAULT_MAX_CELLS : maxCells);
      precision.check(MIN_EFFECT);
      if (resume != null) {
        if (source != null || scenarioFlagsGiven() || precision.given()) {
          throw new UsageException("--resume finishes the run as it was started; leave out the scenario and its"
              + " flags (only --work-dir, --quiet and where store libraries come from go with it)");
        }
        ScenarioRunner.Options resumed = recordedForks(resume, options);
        return runAndReport(runner, () -> runner.resume(resume, resumed), out);
      }
      ScenarioSource read = new Presets().source(source == null ? "quick" : source);
      ScenarioOverrides overrides = scenarioFlags.overrides(spec, storesAndScale, storeOptions);
      ScenarioRunner.RunPlan plan;
      try {
        // the one expansion of the run; a problem of the file as written is placed at its line
        plan = runner.plan(overrides.applyTo(read.scenario()), options);
      } catch (ScenarioException e) {
        throw new UsageException(FlagNames.explained(read, e, overrides), e);
      }
      if (exportLibraries != null) {
        return exportLibraries(plan, registry, resolver, progress, out);
      }
      if (dryRun) {
        String spaceProblem = Preflight.spaceProblem(plan.cells(), workDir.path);
        DryRun.print(plan, registry, workDir.path, spaceProblem, out);
        return spaceProblem == null ? ExitCodes.OK : ExitCodes.USAGE;
      }
      ScenarioRunner.Options adding = precision.applyTo(options, MIN_EFFECT, plan.scenario().repetitions().forks());
      return runAndReport(runner, () -> runner.run(plan, adding), out);
    } catch (IllegalArgumentException e) {
      throw FlagNames.usage(e);
    }
  }

  /** {@code --export-libraries}: resolves what {@code plan}'s cells ask for, as the run would, and writes it out. */
  private int exportLibraries(ScenarioRunner.RunPlan plan, StoreRegistry registry, LibraryResolver resolver,
      ProgressPrinter progress, PrintWriter out) {
    if (dryRun) {
      throw new UsageException("--export-libraries runs nothing already; leave out --dry-run");
    }
    LibraryExport export = new LibraryExport(resolver);
    Path manifest;
    try {
      LibraryBundle.checkTarget(exportLibraries);
      RunLibraries.resolve(plan.cells(), registry, export, progress::notice);
      manifest = export.writeTo(exportLibraries);
    } catch (LibraryResolutionException | UncheckedIOException e) {
      throw new UsageException("--export-libraries: " + e.getMessage(), e);
    }
    List<ResolvedLibrary> resolved = export.resolved();
    out.println("exported " + resolved.size() + " store librar" + (resolved.size() == 1 ? "y" : "ies") + " ("
        + jars(resolved.stream().mapToInt(r -> r.jars().size()).sum()) + ") to " + manifest
        + (resolved.isEmpty() ? ": this run asks for no version other than the bundled ones" : ""));
    for (ResolvedLibrary r : resolved) {
      out.println("  " + r.request().library() + " " + r.version() + ": " + jars(r.jars().size()));
    }
    out.println("run with: --libraries " + ShellWords.quote(manifest.toString()));
    out.flush();
    return ExitCodes.OK;
  }

  private static String jars(int n) {
    return n + (n == 1 ? " jar" : " jars");
  }

  private interface RunAction {
    ScenarioRunner.RunOutcome run() throws IOException;
  }

  /**
   * Runs, and prints what the run kept. Ctrl-C and SIGTERM are core's to handle (the runner's own
   * shutdown hook ends the cell in flight as interrupted and closes the results); the progress
   * printer says what was kept. A results file system that fills stops the run cleanly, once.
   */
  private int runAndReport(ScenarioRunner runner, RunAction action, PrintWriter out) {
    ScenarioRunner.RunOutcome outcome;
    try {
      outcome = action.run();
    } catch (RunJournal.NotWritten e) {
      // the run's journal; a resume that could not even record itself has none yet: the file it wrote to
      Path journal = runner.journalPath() != null ? runner.journalPath() : RunJournal.journalOf(e.path());
      PrintWriter err = spec.commandLine().getErr();
      err.println("kvbench: " + e.getMessage() + ". Stopped: every cell finished before is kept in " + journal
          + " and " + RunJournal.documentOf(journal) + "; make room there, then finish the run with: " + Launcher.command()
          + " run --resume " + ShellWords.quote(journal.toString()));
      err.flush();
      return ExitCodes.RESULTS_NOT_WRITTEN;
    } catch (IOException e) {
      throw new IllegalStateException("cannot write results: " + e.getMessage(), e);
    }
    int width = Terminal.pageWidth();
    out.print(RunSummary.of(outcome.document(), width));
    out.print(RunClosing.of(outcome.document(), outcome.documentPath(), outcome.journalPath(), outcome.completed(),
        width));
    out.flush();
    if (outcome.completed() && !outcome.document().cells().isEmpty() && !outcome.measuredSomething()) {
      PrintWriter err = spec.commandLine().getErr();
      List<String> why = outcome.document().cells().stream().flatMap(c -> c.outcome() != CellResult.Outcome.RAN
          ? java.util.stream.Stream.of(c.cellId() + ": " + c.error())
          : c.phases().stream().map(p -> c.cellId() + " " + p.phase() + ": " + p.note())).distinct().limit(3).toList();
      err.println("kvbench: no cell measured anything, so the run did not do what it was for (exit "
          + ExitCodes.BENCHMARK_FAILED + "): every cell or phase was unsupported, e.g. " + String.join("; ", why));
      err.flush();
    }
    return outcome.succeeded() ? ExitCodes.OK : ExitCodes.BENCHMARK_FAILED;
  }

  /**
   * {@code options} with the --precision, --max-forks, --time-budget and --noisy-reruns the run being
   * resumed was started with, read from the command its journal recorded (a resumed run adds and
   * reruns forks as the run did); as they are where it cannot be read, which the resume then says.
   */
  private static ScenarioRunner.Options recordedForks(Path results, ScenarioRunner.Options options) {
    try {
      dev.kvbench.result.RunHeader header = RunJournal.read(RunJournal.journalOf(results)).header();
      RunCommand recorded = new RunCommand();
      new picocli.CommandLine(recorded).parseArgs(header.command().toArray(String[]::new));
      int forks = new dev.kvbench.scenario.ScenarioFiles().parse(header.scenario(), results + " (its scenario)",
          header.scenarioName(), null).repetitions().forks();
      return recorded.precision.applyTo(options, MIN_EFFECT, forks);
    } catch (IOException | RuntimeException e) {
      return options;
    }
  }

  /** The minimum effect within which a run's comparisons are equivalent, as compare's default. */
  private static final double MIN_EFFECT = dev.kvbench.report.Comparison.DEFAULT_MIN_EFFECT_PERCENT;

  private boolean scenarioFlagsGiven() {
    if (shard != null || output != null || dryRun || maxCells != null || exportLibraries != null) {
      return true;
    }
    try {
      return !scenarioFlags.overrides(spec, storesAndScale, storeOptions).isEmpty();
    } catch (UsageException e) {
      return true; // a flag was given, and a bad one at that
    }
  }
}
