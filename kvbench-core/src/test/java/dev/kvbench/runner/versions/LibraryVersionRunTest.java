package dev.kvbench.runner.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunJournal;
import dev.kvbench.run.RunListener;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.store.LibraryJar;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.testing.slowmap.SlowMapVersions;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that sweeps a store library's version: each cell's JVM runs the version it asks for (the
 * library itself says which), records it with the hash of every jar, and a version the adapter
 * cannot drive (outside its range, or with an API it was not built for) is an unsupported cell,
 * not a failed run. The stand-in library's jars come from a resolver that builds them.
 */
class LibraryVersionRunTest {

  @TempDir Path temp;

  /** Resolves the stand-in library by building its jar; counts what it was asked. */
  static final class BuildingResolver implements LibraryResolver {
    final Path dir;
    final List<String> resolved = new ArrayList<>();

    BuildingResolver(Path dir) {
      this.dir = dir;
    }

    @Override
    public ResolvedLibrary resolve(LibraryRequest request, String version) {
      resolved.add(request + ":" + version);
      if (version.equals("1.99")) {
        throw new LibraryResolutionException(request + ":" + version + " is not in the repository");
      }
      Path jar = SlowMapVersions.jar(dir, version);
      return new ResolvedLibrary(request, version, List.of(new LibraryJar(request + ":jar:" + version, jar,
          "0".repeat(63) + version.length())));
    }

    @Override
    public List<String> versions(String groupArtifact, String range) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean inRange(String version, String range) {
      // the stand-in adapter's range, [0.9,2.0)
      assertThat(range).isEqualTo("[0.9,2.0)");
      // as Maven's ranges: a word such as LATEST is no release in any numeric range
      return version.matches("[0-9.]+") && SlowMapVersions.compare(version, "0.9") >= 0 && SlowMapVersions.compare(version, "2.0") < 0;
    }
  }

  private Scenario scenario(List<String> versions, int forks) {
    Scenario s = TinyScenario.of("versions", List.of("slowmap"), 500, KeyOrder.SEQ, forks);
    return s.withMatrix(s.matrix().withSettings(Map.of("slowmap.version", versions)))
        .withPhases(List.of(Phase.WRITE, Phase.READ_KEY)).withRepetitions(new Repetitions(forks, 1, 0, 1));
  }

  private RunOptions options(String output) {
    return new RunOptions(temp.resolve("work"), temp.resolve(output), Shard.ALL, List.of("test"), "dev");
  }

  @Tag("slow")
  @Test
  void eachCellRunsTheVersionItAsksForAndRecordsItsJars() throws Exception {
    Files.createDirectories(temp.resolve("jars"));
    BuildingResolver resolver = new BuildingResolver(temp.resolve("jars"));
    ScenarioRunner runner = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE, resolver);
    ScenarioRunner.RunOutcome outcome = runner.run(scenario(List.of("1.0", "1.5", "bundled", OLD), 1),
        options("v.json"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    Map<String, CellResult> byVersion = new java.util.HashMap<>();
    doc.cells().forEach(c -> byVersion.put(c.libraryVersion(), c));
    // each version resolved once, before anything ran
    assertThat(resolver.resolved).containsExactly("org.example.kvbench:slowmap:1.0", "org.example.kvbench:slowmap:1.5",
        "org.example.kvbench:slowmap:" + OLD);

    for (String v : List.of("1.0", "1.5")) {
      CellResult c = byVersion.get(v);
      assertThat(c.outcome()).as(v).isEqualTo(Outcome.RAN);
      assertThat(c.succeeded()).as(v).isTrue();
      assertThat(c.nativeSettings()).as("the library itself says which version ran").containsEntry("slowMapVersion", v);
      assertThat(c.libraryVersion()).isEqualTo(v);
      assertThat(c.settings()).as("the version is kvbench's setting, not the store's").doesNotContainKey("version");
      assertThat(c.cellId()).endsWith("version=" + v);
      assertThat(c.libraryJars()).singleElement().satisfies(j -> {
        assertThat(j.coordinates()).isEqualTo("org.example.kvbench:slowmap:jar:" + v);
        assertThat(j.path()).exists();
      });
    }
    CellResult bundled = byVersion.get("bundled");
    assertThat(bundled.outcome()).isEqualTo(Outcome.RAN);
    assertThat(bundled.nativeSettings()).containsEntry("slowMapVersion", "bundled");
    assertThat(bundled.libraryJars()).isEmpty();

    CellResult oldApi = byVersion.get(OLD);
    assertThat(oldApi.outcome()).isEqualTo(Outcome.UNSUPPORTED);
    assertThat(oldApi.error()).contains("cannot drive version " + OLD, "NoSuchMethodError", "onPut");
    assertThat(outcome.completed()).isTrue();
  }

  /**
   * Issue 42, 11: a version outside the adapter's range (a typo, LATEST) is refused before anything
   * is resolved or run, every such version named with the range and where to list the released ones.
   */
  @Test
  void aVersionOutsideTheAdaptersRangeIsRefusedBeforeAnythingRuns() throws Exception {
    Files.createDirectories(temp.resolve("jars"));
    BuildingResolver resolver = new BuildingResolver(temp.resolve("jars"));
    ScenarioRunner runner = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE, resolver);
    assertThatThrownBy(() -> runner.run(scenario(List.of("1.0", "3.0", "LATEST"), 1), options("outside.json")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("slowmap.version 3.0", "[0.9,2.0)", "3.0 is outside that range")
        .hasMessageContaining("slowmap.version LATEST")
        .hasMessageContaining("kvbench list versions slowmap");
    assertThat(resolver.resolved).isEmpty();
    assertThat(temp.resolve("outside.json")).doesNotExist();
    assertThat(RunJournal.journalOf(temp.resolve("outside.json"))).doesNotExist();
  }

  static final String OLD = SlowMapVersions.OLD_API;

  @Test
  void aVersionThatCannotBeHadStopsTheRunBeforeAnythingRuns() throws Exception {
    Files.createDirectories(temp.resolve("jars"));
    ScenarioRunner runner = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE,
        new BuildingResolver(temp.resolve("jars")));
    assertThatThrownBy(() -> runner.run(scenario(List.of("1.0", "1.99"), 1), options("missing.json")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("slowmap:1.99 is not in the repository");
    assertThat(temp.resolve("missing.json")).doesNotExist();
    assertThat(temp.resolve("missing.jsonl")).doesNotExist();
  }

  @Test
  void aRunnerWithoutAResolverNamesWhatIsMissing() throws Exception {
    ScenarioRunner runner = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE);
    assertThatThrownBy(() -> runner.run(scenario(List.of("1.0"), 1), options("none.json")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kvbench-resolver");
  }

  @Test
  void versionsNeedForkedCells() {
    ScenarioRunner runner = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE, LibraryResolver.NONE);
    assertThatThrownBy(() -> runner.plan(scenario(List.of("1.0"), 0), options("inproc.json")))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("needs forked cells");
  }

  @Test
  void aStoreThatCannotSwapItsLibraryRefusesTheSetting() {
    Matrix m = Matrix.of(List.of("null")).with(Axes.ENTRIES, List.of(100L))
        .withSettings(Map.of("null.version", List.of("1.0")));
    Scenario s = Scenario.defaults("x").withMatrix(m);
    assertThatThrownBy(() -> s.cells(StoreRegistry.load(), 10)).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("null.version=1.0").hasMessageContaining("leave the setting out");
  }
}
