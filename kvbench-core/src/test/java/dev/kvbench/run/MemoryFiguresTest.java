package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.nullstore.NullStoreProvider;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.DataSet;
import dev.kvbench.scenario.Load;
import dev.kvbench.scenario.PassPlan;
import dev.kvbench.scenario.PhasePlan;
import dev.kvbench.scenario.StoreSetup;
import dev.kvbench.scenario.WriteShape;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueContent;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bytes allocated per op beside each phase's time, and the memory a cell's JVM holds once loaded and after. */
class MemoryFiguresTest {

  private static final int ENTRIES = 20_000;

  @TempDir Path temp;

  private CellResult run(StoreProvider provider) {
    CellParams cell = new CellParams(provider.id(), new DataSet(ENTRIES, KeyEncoding.INT, 100, ValueContent.RANDOM, 5),
        new WriteShape(KeyOrder.RND, ENTRIES), new StoreSetup(Map.of(), Durability.NOSYNC, ValueCodecs.NONE),
        // a warm-up pass first: a cold pass also counts what the first use of each class allocates once
        new PhasePlan(Phase.LMDBJAVA_2016_PHASES, new PassPlan(1, 0, 1), 8), Load.SINGLE, Map.of());
    try (WorkArea work = WorkArea.open(temp.resolve("w"))) {
      return new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
          RunListener.NONE, 40).run(provider, cell, work);
    }
  }

  private static PhaseResult phase(CellResult c, String name) {
    return c.phases().stream().filter(p -> p.phase().equals(name)).findFirst().orElseThrow();
  }

  /**
   * The harness's own loop allocates nothing per op, whether the JIT compiled it yet or not (no escape
   * analysis needed): the null store's seed phases show 0 bytes per op (a few hundred bytes a pass,
   * spread over 20,000 ops, round to 0).
   */
  @Test
  void theHarnessAllocatesNothingPerOpInTheSeedPhases() {
    CellResult nul = run(new NullStoreProvider());
    assertThat(nul.succeeded()).isTrue();
    PhaseResult write = phase(nul, "write");
    PhaseResult readKey = phase(nul, "readKey");
    assertThat(write.allocatedBytesPerOp()).isNotNull().isLessThan(0.5);
    assertThat(readKey.allocatedBytesPerOp()).isNotNull().isLessThan(0.5);
    assertThat(nul.phases()).allSatisfy(p -> assertThat(p.allocatedBytesPerOp() == null
        || p.allocatedBytesPerOp() < 0.5).as(p.phase()).isTrue());
  }

  /** A store that copies every key and value it is given shows those bytes per put, and the heap that keeps them. */
  @Test
  void aStoreThatAllocatesPerOpShowsItAndItsHeapHoldsTheData() {
    CellResult map = run(new SortedMapStoreProvider());
    assertThat(map.succeeded()).isTrue();
    // each put copies a 4-byte key and a 100-byte value (plus their array headers) and makes a tree entry
    assertThat(phase(map, "write").allocatedBytesPerOp()).isGreaterThan(104.0);

    CellResult.CellMemory memory = map.memory();
    assertThat(memory).isNotNull();
    assertThat(memory.afterLoad()).isNotNull();
    assertThat(memory.afterPhases()).isNotNull();
    // the live heap after a full GC holds the 20,000 entries' arrays: over 2 MB of values alone
    assertThat(memory.afterLoad().heapUsedBytes()).isGreaterThan(ENTRIES * 100L);
    assertThat(memory.afterLoad().heapCommittedBytes()).isGreaterThanOrEqualTo(memory.afterLoad().heapUsedBytes());
    if (memory.afterLoad().anonymousRssBytes() != null) {
      assertThat(memory.afterLoad().anonymousRssBytes()).isPositive();
      assertThat(memory.afterLoad().fileRssBytes()).isPositive();
    }
  }
}
