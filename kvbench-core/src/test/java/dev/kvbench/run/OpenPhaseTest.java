package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.DataSet;
import dev.kvbench.scenario.Load;
import dev.kvbench.scenario.PassPlan;
import dev.kvbench.scenario.PhasePlan;
import dev.kvbench.scenario.StoreSetup;
import dev.kvbench.scenario.WriteShape;
import dev.kvbench.store.Durability;
import dev.kvbench.testing.JournalStoreProvider;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The open phase: the loaded store closed and opened again, each open timed, what it holds checked after. */
class OpenPhaseTest {

  private static final int ENTRIES = 3_000;

  @TempDir Path temp;

  /** A store that replays its journal file on open, committing every 100 puts; {@code fault} as the store takes it. */
  private CellResult run(String fault) {
    CellParams cell = new CellParams("test-journal", new DataSet(ENTRIES, KeyEncoding.INT, 64, ValueContent.RANDOM, 5),
        new WriteShape(KeyOrder.RND, 100), new StoreSetup(Map.of("fault", fault), Durability.NOSYNC, ValueCodecs.NONE),
        new PhasePlan(List.of(Phase.WRITE, Phase.OPEN), new PassPlan(1, 0, 3), 8), Load.SINGLE, Map.of());
    try (WorkArea work = WorkArea.open(temp.resolve("w-" + fault))) {
      return new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
          RunListener.NONE, 40).run(new JournalStoreProvider(), cell, work);
    }
  }

  private static PhaseResult open(CellResult c) {
    return c.phases().stream().filter(p -> p.phase().equals("open")).findFirst().orElseThrow();
  }

  @Test
  void eachOpenIsOnePassOfOneOpAndTheReopenedStoreIsChecked() {
    CellResult c = run("none");
    PhaseResult open = open(c);
    assertThat(open.status()).as(open.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(open.verified()).isTrue();
    assertThat(open.passes()).hasSize(3).allSatisfy(p -> {
      assertThat(p.ops()).isEqualTo(1);
      assertThat(p.passMillis()).isPositive();
    });
    // after the phases on the open store, and before the reopens
    assertThat(c.phases()).extracting(PhaseResult::phase).containsExactly("write", "open");
  }

  /** A store that does not keep every commit passes its load, and its reopened store fails the check, naming the key. */
  @Test
  void aReopenedStoreThatLostCommitsFailsTheOpenPhase() {
    PhaseResult open = open(run("drop"));
    assertThat(open.status()).isEqualTo(PhaseStatus.FAILED);
    assertThat(open.failure()).contains("after the store was opened again", "not found");
  }

  /** A tmpfs holds files as memory: a cold open cannot be measured there (nor without root to drop the cache). */
  @Test
  void aColdOpenOnATmpfsIsUnsupportedWithTheReason() throws Exception {
    Path shm = Path.of("/dev/shm");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(shm) && Files.getFileStore(shm).type().equals("tmpfs"),
        "no tmpfs at /dev/shm");
    String why = OpenPhase.coldOpenUnavailable(shm);
    assertThat(why).isNotNull().containsAnyOf("tmpfs", "root");
  }
}
