package dev.kvbench.runner;

import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.StoreSetup;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Finds the first release of a store's library that made a phase slower, as a library call: lists
 * the released versions from good to bad that the store's adapter drives, then runs {@link
 * Bisection}, each step a run of the scenario on the good version and one other, its results kept
 * in a folder and judged by a {@link Judge} (kvbench-report's comparison: forks as samples, an
 * interval and a minimum effect). {@code kvbench bisect} only parses and prints.
 */
public final class LibraryBisect {

  /** Judges one step's results: what they show of the other version against {@code baseline}. */
  public interface Judge {
    Bisection.Evidence judge(Path results, String baseline) throws IOException;

    /** The fewest forks a version needs for a step to be judged at all. */
    int minForks();
  }

  /** A bisection ready to run: the scenario, the store, its versions oldest first (good to bad), the judge. */
  public record Plan(Scenario scenario, String store, String library, List<String> versions, Judge judge) {
    public Plan {
      versions = List.copyOf(versions);
    }
  }

  private final ScenarioRunner runner;
  private final StoreRegistry registry;
  private final LibraryResolver resolver;

  /** Bisects with {@code runner}, whose stores are {@code registry}'s and libraries {@code resolver}'s. */
  public LibraryBisect(ScenarioRunner runner, StoreRegistry registry, LibraryResolver resolver) {
    this.runner = runner;
    this.registry = registry;
    this.resolver = resolver;
  }

  /**
   * The bisection of {@code store}'s library from {@code good} to {@code bad} on {@code scenario},
   * judged by {@code judge}: refused with IllegalArgumentException, naming the fix, for a store
   * whose version cannot be chosen, a scenario with fewer forks than the judge needs, or versions
   * that are not released, not driven by the adapter, or the wrong way round. Nothing runs.
   */
  public Plan plan(Scenario scenario, String store, String good, String bad, Judge judge) {
    StoreProvider provider = bisectable(store);
    int forks = scenario.repetitions().forks();
    if (forks < judge.minForks()) {
      // every step is judged on forks as samples: with fewer, step 1 would be measured and then not judged
      throw new IllegalArgumentException("repetitions.forks " + forks + ": a bisection judges each step on its"
          + " forks, and needs " + judge.minForks() + " or more per version");
    }
    return new Plan(scenario, store, provider.library(), versions(store, good, bad), judge);
  }

  /**
   * The provider of {@code store}, whose library version a cell can choose; IllegalArgumentException
   * for an unknown store or one whose adapter runs only the library it bundles.
   */
  private StoreProvider bisectable(String store) {
    StoreProvider provider = registry.find(store).orElseThrow(() -> new IllegalArgumentException(
        registry.unknown(store)));
    if (provider.versionedArtifacts().isEmpty()) {
      throw new IllegalArgumentException("kvbench's " + store + " adapter runs only the " + provider.library()
          + " it bundles; bisect needs a store whose library version can be chosen (kvbench list shows them)");
    }
    return provider;
  }

  /**
   * The released versions of {@code store}'s library from {@code good} to {@code bad} that its
   * adapter drives, oldest first. Throws IllegalArgumentException, naming the fix, for a store
   * whose version cannot be chosen, an end that is not among them, or ends the wrong way round.
   */
  private List<String> versions(String store, String good, String bad) {
    StoreProvider provider = bisectable(store);
    List<String> listed;
    try {
      listed = resolver.versions(provider.library(), "[" + good + "," + bad + "]");
    } catch (LibraryResolutionException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    List<String> versions = new ArrayList<>();
    for (String v : listed) {
      if (resolver.inRange(v, provider.supportedVersions())) {
        versions.add(v);
      }
    }
    for (String end : List.of(good, bad)) {
      if (!versions.contains(end)) {
        throw new IllegalArgumentException(end + " is not among the released versions of " + provider.library()
            + " that kvbench's " + store + " adapter drives (" + provider.supportedVersions() + "); found from "
            + good + " to " + bad + ": " + listed);
      }
    }
    if (!versions.get(0).equals(good)) {
      throw new IllegalArgumentException("the good version " + good + " must be older than the bad one " + bad);
    }
    return versions;
  }

  /**
   * Bisects the plan's versions of its store's library on its scenario: each step runs it on two
   * versions with {@code options} (their output replaced by {@code dir/step-N-A-vs-B.json}) and asks
   * the plan's judge; {@code progress} hears each step as it ends. Throws IllegalArgumentException
   * for a scenario that cannot run (nothing has run then), IOException when {@code dir} or a step's
   * results cannot be written.
   */
  public Bisection.Outcome run(Plan plan, Path dir, RunOptions options, Consumer<String> progress)
      throws IOException {
    Files.createDirectories(dir);
    Scenario scenario = plan.scenario();
    Judge judge = plan.judge();
    String versionKey = plan.store() + "." + StoreSetup.VERSION;
    int[] step = {0};
    Bisection.Step measure = (baseline, candidate) -> {
      step[0]++;
      Scenario both = new ScenarioOverrides().settings(Map.of(versionKey, List.of(baseline, candidate)))
          .applyTo(scenario);
      Path output = dir.resolve(String.format(Locale.ROOT, "step-%d-%s-vs-%s.json", step[0], baseline, candidate));
      try {
        ScenarioRunner.RunOutcome outcome = runner.run(both, options.with(RunSettings.OUTPUT, output));
        return judge.judge(outcome.documentPath(), baseline);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("step " + step[0] + ": cannot write or read " + output + ": "
            + e.getMessage(), e);
      }
    };
    try {
      return Bisection.run(plan.versions(), measure, progress);
    } catch (java.io.UncheckedIOException e) {
      throw new IOException(e.getMessage(), e.getCause());
    }
  }
}
