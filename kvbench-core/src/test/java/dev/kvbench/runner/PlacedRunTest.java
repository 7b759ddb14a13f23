package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.host.NumaNode;
import dev.kvbench.host.Placement;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.RepetitionSettings;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.workload.KeyOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --numa-node}: each forked cell's JVM starts under numactl, bound to the node's CPUs and
 * memory, and each cell records where its JVM ran as that JVM saw it. Needs numactl (test.sh
 * installs it): skipped without it, except in CI ({@code CI=true}), where that fails the test.
 */
class PlacedRunTest {

  @TempDir Path temp;

  private static Scenario scenario(NumaNode node) {
    Scenario s = TinyScenario.of("placed", List.of("null"), 2_000, KeyOrder.SEQ, 1);
    return s.withPhases(List.of(dev.kvbench.workload.Phase.WRITE)).withRepetitions(new Repetitions(1, 0, 0, 1))
        .withJvm(JvmOptions.DEFAULT.with(JvmSettings.HEAP, "64m").with(JvmSettings.NUMA_NODE, node));
  }

  private CellResult runOne(Scenario s, String name) throws Exception {
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE)
        .run(s, new RunOptions(temp.resolve("work-" + name), temp.resolve(name + ".json"), Shard.ALL,
            List.of("test"), "dev"));
    return new ResultFiles().read(outcome.documentPath()).cells().get(0);
  }

  private static void requireNumactl() {
    boolean found = Files.isExecutable(Path.of("/usr/bin/numactl"));
    if (!found && "true".equals(System.getenv("CI"))) {
      throw new AssertionError("numactl is missing: test.sh installs it (apt-get install numactl)");
    }
    Assumptions.assumeTrue(found, "numactl is not installed");
  }

  @Tag("slow")
  @Test
  void aCellBoundToANodeRecordsTheBindingItsJvmSaw() throws Exception {
    requireNumactl();
    CellResult placed = runOne(scenario(NumaNode.parse("0")), "placed");
    assertThat(placed.outcome()).isEqualTo(CellResult.Outcome.RAN);
    Placement where = placed.placement();
    assertThat(where.launcher()).isEqualTo("numactl --cpunodebind=0 --membind=0");
    // numactl's --membind is the JVM's memory policy: every allocation from node 0
    assertThat(where.memoryPolicy()).isEqualTo("bind:0");
    assertThat(where.cpus()).isEqualTo(node0Cpus());

    CellResult free = runOne(scenario(NumaNode.NONE), "free");
    assertThat(free.placement().launcher()).isEqualTo(Placement.NOT_PLACED);
    assertThat(free.placement().memoryPolicy()).isEqualTo("default");
  }

  /** The CPUs of node 0 as the kernel lists them, which numactl --cpunodebind=0 gives. */
  private static String node0Cpus() throws Exception {
    return Files.readString(Path.of("/sys/devices/system/node/node0/cpulist")).trim();
  }

  @Test
  void aNodeThatIsNotOneIsRefusedAndBindingNeedsForkedCells() {
    assertThat(NumaNode.parse(" 1 ").id()).isEqualTo(1);
    assertThat(NumaNode.parse("").binds()).isFalse();
    assertThatThrownBy(() -> NumaNode.parse("node0")).hasMessageContaining("'node0' is not a NUMA node")
        .hasMessageContaining("numactl --hardware");
    Scenario s = Scenario.defaults("placed");
    assertThatThrownBy(() -> s.withRepetitions(s.repetitions().with(RepetitionSettings.FORKS, 0))
        .withJvm(s.jvm().with(JvmSettings.NUMA_NODE, NumaNode.parse("0"))))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("jvm.numaNode 0 binds forked cells")
        .hasMessageContaining("numactl --cpunodebind=0 --membind=0");
  }

  @Test
  void aScenarioFileCarriesTheNodeAndWritesItBack() {
    ScenarioFiles files = new ScenarioFiles();
    Scenario s = files.parse("name: placed\njvm:\n  numaNode: 1\n  cpus: 2-3\n", "placed.yaml", "placed", null);
    assertThat(s.jvm().numaNode().id()).isEqualTo(1);
    // CPUs within the node: numactl pins to them and binds memory to the node
    assertThat(dev.kvbench.runner.fork.CellJvm.launcher(s.jvm()))
        .containsExactly("numactl", "--physcpubind=2-3", "--membind=1");
    assertThat(files.write(s)).contains("numaNode: 1");
    assertThat(files.parse(files.write(s), "again.yaml", "placed", null).jvm()).isEqualTo(s.jvm());
    assertThatThrownBy(() -> files.parse("name: placed\njvm:\n  numaNode: x\n", "placed.yaml", "placed", null))
        .hasMessageContaining("placed.yaml:3").hasMessageContaining("jvm.numaNode: 'x' is not a NUMA node");
  }
}
