package dev.kvbench.cli;

import dev.kvbench.report.BisectStepJudge;
import dev.kvbench.runner.Bisection;
import dev.kvbench.runner.LibraryBisect;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import dev.kvbench.scenario.StoreSetup;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import java.io.IOException;
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
    name = "bisect",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Finds the release of a store's library that made a phase slower.",
    description = {
      "Finds the first release of a store's library that made a phase slower: lists the released versions from"
          + " --good to --bad (as the Maven repositories list them, within what kvbench's adapter drives), runs"
          + " the scenario on --good and --bad, then halves, each step measuring --good against one version with"
          + " forks as samples (run-to-run, interleaved) and calling it slower only when the 95 %% interval"
          + " excludes 1 and the change exceeds --min-effect, as compare does.",
      "Each step's results are kept in --output-dir. Exit 0 when a version is named or no regression is shown, 1"
          + " when a step cannot be judged (too few forks, too noisy, a cell failed), 2 for bad input."
    })
final class BisectCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "STORE", description = "The store whose library is bisected, e.g. rocksdb.")
  String store;

  @Parameters(index = "1", arity = "0..1", paramLabel = "FILE|PRESET",
      description = "The scenario each step runs, for this store only (default: quick).")
  String source;

  @Option(names = "--good", required = true, paramLabel = "VERSION", description = "A version known to be fast.")
  String good;

  @Option(names = "--bad", required = true, paramLabel = "VERSION", description = "A later version known to be slow.")
  String bad;

  @Option(names = "--phase", required = true, paramLabel = "PHASE",
      description = "The phase judged, e.g. write or readKey; it must be among the scenario's phases.")
  String phase;

  @Mixin ComparisonOptions rule;

  @Option(names = "--output-dir", paramLabel = "DIR",
      description = "Where each step's results go (default: kvbench-results/bisect-STORE-TIME).")
  Path outputDir;

  @Mixin StoreOptions storeOptions;
  @Mixin ScenarioFlags scenarioFlags;
  @Mixin CommonOptions.WorkDir workDir;
  @Mixin CommonOptions.Libraries libraries;
  @Mixin ForkOptions precision;
  @Mixin CommonOptions.Quiet quiet;

  @Override
  public Integer call() {
    RepeatedOptions.refuse(spec);
    double effect = rule.minEffectPercent();
    precision.check(effect);
    try {
      Phase.fromId(phase);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--phase " + e.getMessage(), e);
    }
    if (storeOptions.sweeps().containsKey(store + "." + StoreSetup.VERSION)) {
      throw new UsageException("-o " + store + "." + StoreSetup.VERSION + " is bisect's to choose; give --good and"
          + " --bad instead");
    }
    PrintWriter out = spec.commandLine().getOut();
    StoreRegistry registry = StoreRegistry.load();
    try (LazyLibraryResolver resolver = libraries.resolver();
        ProgressPrinter progress = new ProgressPrinter(spec.commandLine().getErr(), quiet.quiet)) {
      LibraryBisect bisect = new LibraryBisect(new ScenarioRunner(registry, progress, resolver), registry, resolver);
      Scenario base = scenario();
      LibraryBisect.Plan plan = bisect.plan(base, store, good, bad, new BisectStepJudge(phase, effect,
          rule.noisyForks(), rule.figure()));
      out.printf("bisecting %s %s from %s (good) to %s (bad): %d versions %s, judged on %s%n", store, plan.library(),
          good, bad, plan.versions().size(), plan.versions(), phase).flush();
      Path dir = outputDir != null ? outputDir : DefaultOutputs.stamped("bisect-" + store);
      RunOptions options = precision.applyTo(SettingOptions.applied(spec, ForkOptions.ROWS, new RunOptions(
          workDir.path, null, Shard.ALL, spec.commandLine().getParseResult().originalArgs(),
          KvbenchCommand.version())), effect, base.repetitions().forks());
      Bisection.Outcome o = bisect.run(plan, dir, options, line -> { });
      print(o, dir, effect, out);
      return o.ending() == Bisection.Ending.UNDECIDED ? ExitCodes.BENCHMARK_FAILED : ExitCodes.OK;
    } catch (IOException e) {
      throw new UsageException("--output-dir " + outputDir + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw FlagNames.usage(e);
    }
  }

  /** The scenario each step runs, for the bisected store only; refused when it does not run the judged phase. */
  private Scenario scenario() {
    ScenarioSource read = new Presets().source(source == null ? "quick" : source);
    ScenarioOverrides overrides = scenarioFlags.overrides(spec, new CommonOptions.StoresAndScale(), storeOptions)
        .stores(List.of(store));
    Scenario base;
    try {
      base = overrides.applyTo(read.scenario());
    } catch (ScenarioException e) {
      throw new UsageException(FlagNames.explained(read, e, overrides), e);
    }
    if (base.phases().stream().noneMatch(p -> p.id().equals(phase))) {
      throw new UsageException("--phase " + phase + " is not among the scenario's phases " + base.phases()
          .stream().map(Phase::id).toList() + "; add it with --phases");
    }
    return base;
  }

  private void print(Bisection.Outcome o, Path dir, double effect, PrintWriter out) {
    o.log().forEach(out::println);
    out.println();
    switch (o.ending()) {
      case FOUND -> out.printf("first version that made %s slower: %s (the last one not shown slower: %s)%n",
          phase, o.firstBad(), o.lastGood());
      case NO_REGRESSION -> out.printf("no regression beyond %.1f %% shown: %s is not shown slower than %s on %s%n",
          effect, bad, good, phase);
      case UNDECIDED -> out.printf("stopped: a step could not be judged (see above); the first regressed version is"
          + " after %s%s. Run again with more forks (--forks), on a quieter host, or with --noisy-forks keep%n",
          o.lastGood(), o.firstBad() == null ? "" : " and at or before " + o.firstBad());
    }
    out.printf("results of each step: %s%n", dir).flush();
  }
}
