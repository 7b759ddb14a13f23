package dev.kvbench.cli;

import dev.kvbench.report.Comparison;
import dev.kvbench.report.ReportInputException;
import dev.kvbench.report.ReportInputs;
import dev.kvbench.report.RunResults;
import dev.kvbench.report.VersionPairs;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import dev.kvbench.scenario.StoreSetup;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    Comparison.NoisyForks noisy = rule.noisyForks();
    double effect = rule.minEffectPercent();
    Comparison.Figure figure = rule.figure();
    // a bad --precision or --noisy-reruns is refused before anything runs
    precision.applyTo(new ScenarioRunner.Options(null, null, null, List.of(), "check"), effect,
        dev.kvbench.scenario.Repetitions.DEFAULT.forks());
    Phase judged;
    try {
      judged = Phase.fromId(phase);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--phase " + e.getMessage(), e);
    }
    StoreRegistry registry = StoreRegistry.load();
    StoreProvider provider = registry.find(store).orElseThrow(() -> new UsageException(
        "unknown store '" + store + "'; valid stores: " + registry.ids()));
    if (provider.versionedArtifacts().isEmpty()) {
      throw new UsageException("kvbench's " + store + " adapter runs only the " + provider.library()
          + " it bundles; bisect needs a store whose library version can be chosen (kvbench list shows them)");
    }
    String versionKey = store + "." + StoreSetup.VERSION;
    if (storeOptions.sweeps().containsKey(versionKey)) {
      throw new UsageException("-o " + versionKey + " is bisect's to choose; give --good and --bad instead");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (LazyLibraryResolver resolver = libraries.resolver();
        ProgressPrinter progress = new ProgressPrinter(err, quiet.quiet)) {
      ScenarioSource read = new Presets().source(source == null ? "quick" : source);
      ScenarioOverrides overrides = scenarioFlags.overrides(spec, new CommonOptions.StoresAndScale(), storeOptions)
          .stores(List.of(store));
      Scenario base;
      try {
        base = overrides.applyTo(read.scenario());
      } catch (ScenarioException e) {
        throw new UsageException(FlagNames.explained(read, e, overrides), e);
      }
      if (base.repetitions().forks() < dev.kvbench.report.ForkRatio.MIN_FORKS) {
        // every step is judged on forks as samples: with fewer, step 1 would be measured and then not judged
        throw new UsageException("bisect judges each step on its forks, and needs " + dev.kvbench.report.ForkRatio
            .MIN_FORKS + " or more per version; the scenario runs " + base.repetitions().forks() + ": give --forks "
            + dev.kvbench.report.ForkRatio.MIN_FORKS + " or more");
      }
      if (!base.phases().contains(judged)) {
        throw new UsageException("--phase " + phase + " is not among the scenario's phases " + base.phases()
            .stream().map(Phase::id).toList() + "; add it with --phases");
      }
      List<String> versions = versions(resolver, provider);
      out.printf("bisecting %s %s from %s (good) to %s (bad): %d versions %s, judged on %s%n", store,
          provider.library(), good, bad, versions.size(), versions, phase);
      out.flush();
      Path dir = outputDir != null ? outputDir : DefaultOutputs.stamped("bisect-" + store);
      Files.createDirectories(dir);
      ScenarioRunner runner = new ScenarioRunner(registry, progress, resolver);
      int[] step = {0};
      Bisection.Step measure = (baseline, candidate) -> {
        step[0]++;
        Scenario s = new ScenarioOverrides().settings(Map.of(versionKey, List.of(baseline, candidate))).applyTo(base);
        Path output = dir.resolve(String.format("step-%d-%s-vs-%s.json", step[0], baseline, candidate));
        try {
          ScenarioRunner.Options options = new ScenarioRunner.Options(workDir.path, output, Shard.ALL,
              spec.commandLine().getParseResult().originalArgs(), KvbenchCommand.version());
          ScenarioRunner.RunOutcome outcome = runner.run(s, precision.applyTo(options, effect,
              base.repetitions().forks()));
          RunResults run = new ReportInputs().read(List.of(outcome.documentPath())).get(0);
          VersionPairs.Pair pair = VersionPairs.of(run, baseline).get(0);
          Comparison c = pair.compare(effect, noisy, figure);
          return Bisection.Evidence.of(c, judged.id());
        } catch (IOException | ReportInputException e) {
          throw new IllegalStateException("step " + step[0] + ": cannot write or read " + output + ": "
              + e.getMessage(), e);
        }
      };
      Bisection.Outcome o = Bisection.run(versions, measure, line -> { });
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
      out.println("results of each step: " + dir);
      out.flush();
      return o.ending() == Bisection.Ending.UNDECIDED ? ExitCodes.BENCHMARK_FAILED : ExitCodes.OK;
    } catch (IOException e) {
      throw new UsageException("--output-dir " + outputDir + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw FlagNames.usage(e);
    }
  }

  /** The released versions from --good to --bad that the adapter drives, oldest first. */
  private List<String> versions(LazyLibraryResolver resolver, StoreProvider provider) {
    List<String> listed;
    try {
      listed = resolver.versions(provider.library(), "[" + good + "," + bad + "]");
    } catch (LibraryResolutionException e) {
      throw new UsageException(e.getMessage(), e);
    }
    List<String> versions = new ArrayList<>();
    for (String v : listed) {
      if (resolver.inRange(v, provider.supportedVersions())) {
        versions.add(v);
      }
    }
    for (String end : List.of(good, bad)) {
      if (!versions.contains(end)) {
        throw new UsageException(end + " is not among the released versions of " + provider.library() + " that kvbench's "
            + store + " adapter drives (" + provider.supportedVersions() + "); found from " + good + " to " + bad + ": "
            + listed);
      }
    }
    if (!versions.get(0).equals(good)) {
      throw new UsageException("--good " + good + " must be older than --bad " + bad);
    }
    return versions;
  }
}
