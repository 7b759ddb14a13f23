package dev.kvbench.cli;

import dev.kvbench.runner.Preflight;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.RunSettings;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import dev.kvbench.scenario.Setting;
import dev.kvbench.store.StoreRegistry;
import java.io.PrintWriter;
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

  @Option(names = "--resume", paramLabel = "RESULTS",
      description = "Finish the run whose results (.json or .jsonl) these are: only cells without a result run.")
  Path resume;

  @Option(names = "--dry-run",
      description = "Print the expanded cells, the data and disk each needs and a rough time; run nothing.")
  boolean dryRun;

  @Mixin ExportLibrariesOption export;

  @Mixin ForkOptions precision;

  @Mixin CommonOptions.Quiet quiet;

  /** The run's settings this command has flags for: every one (--work-dir is its shared option's). */
  static final List<Setting<RunOptions, ?>> RUN_ROWS = RunSettings.ALL;

  @Override
  public Integer call() {
    RepeatedOptions.refuse(spec);
    StoreRegistry registry = StoreRegistry.load();
    PrintWriter out = spec.commandLine().getOut();
    RunPrinter printer = new RunPrinter(out, spec.commandLine().getErr());
    try (ProgressPrinter progress = new ProgressPrinter(spec.commandLine().getErr(), quiet.quiet);
        LazyLibraryResolver resolver = libraries.resolver()) {
      ScenarioRunner runner = new ScenarioRunner(registry, progress, resolver);
      RunOptions options = SettingOptions.applied(spec, RUN_ROWS, new RunOptions(workDir.path, null, null,
          spec.commandLine().getParseResult().originalArgs(), KvbenchCommand.version()));
      precision.check(MIN_EFFECT);
      if (precision.readAs() != null) {
        spec.commandLine().getErr().println("kvbench: note: " + precision.readAs());
      }
      if (resume != null) {
        if (source != null || scenarioFlagsGiven() || precision.given()) {
          throw new UsageException("--resume finishes the run as it was started; leave out the scenario and its"
              + " flags (only --work-dir, --quiet and where store libraries come from go with it)");
        }
        RunOptions resumed = ForkOptions.recordedIn(resume, options, MIN_EFFECT);
        return printer.runAndPrint(runner, () -> runner.resume(resume, resumed));
      }
      ScenarioSource read = new Presets().source(source == null ? "quick" : new Spelling(spec).preset(source));
      ScenarioOverrides overrides = scenarioFlags.overrides(spec, storesAndScale, storeOptions);
      String scaled = overrides.scaleNote(read.scenario());
      if (scaled != null) {
        spec.commandLine().getErr().println("kvbench: note: " + FlagNames.worded(scaled));
      }
      ScenarioRunner.RunPlan plan;
      try {
        // the one expansion of the run; a problem of the file as written is placed at its line
        plan = runner.plan(overrides.applyTo(read.scenario()), options);
      } catch (ScenarioException e) {
        throw new UsageException(FlagNames.explained(read, e, overrides), e);
      }
      if (plan.cells().stream().anyMatch(c -> c.setup().swapsLibrary())) {
        spec.commandLine().getErr().println("kvbench: " + resolver.describe());
      }
      if (export.given()) {
        if (dryRun) {
          throw new UsageException("--export-libraries runs nothing already; leave out --dry-run");
        }
        return export.export(plan, registry, resolver, progress, out);
      }
      if (dryRun) {
        String spaceProblem = Preflight.spaceProblem(plan.cells(), workDir.path);
        DryRun.print(plan, registry, workDir.path, spaceProblem, ForkOptions.describe(
            precision.adaptive(MIN_EFFECT, plan.scenario().repetitions().forks())), out);
        return spaceProblem == null ? ExitCodes.OK : ExitCodes.USAGE;
      }
      RunOptions adding = precision.applyTo(options, MIN_EFFECT, plan.scenario().repetitions().forks());
      return printer.runAndPrint(runner, () -> runner.run(plan, adding));
    } catch (IllegalArgumentException e) {
      throw FlagNames.usage(e);
    }
  }

  /** The minimum effect within which a run's comparisons are equivalent, as compare's default. */
  private static final double MIN_EFFECT = dev.kvbench.stats.Verdict.DEFAULT_MIN_EFFECT_PERCENT;

  private boolean scenarioFlagsGiven() {
    if (dryRun || export.given() || RUN_ROWS.stream().anyMatch(row -> row != RunSettings.WORK_DIR
        && SettingOptions.given(spec, row))) {
      return true;
    }
    try {
      return !scenarioFlags.overrides(spec, storesAndScale, storeOptions).isEmpty();
    } catch (UsageException e) {
      return true; // a flag was given, and a bad one at that
    }
  }
}
