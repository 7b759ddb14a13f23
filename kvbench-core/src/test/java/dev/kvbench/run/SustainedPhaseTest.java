package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.Timeline;
import dev.kvbench.result.TimelinePoint;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.DataSet;
import dev.kvbench.scenario.Load;
import dev.kvbench.scenario.PassPlan;
import dev.kvbench.scenario.PhasePlan;
import dev.kvbench.scenario.StoreSetup;
import dev.kvbench.scenario.WriteShape;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.LockingStoreProvider;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueContent;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sustained phases: sustain and churn, each pass a timeline, then every key checked. */
class SustainedPhaseTest {

  private static final int ENTRIES = 2_000;

  @TempDir Path temp;

  private CellResult run(StoreProvider provider, Phase phase, int threads, Traffic traffic, long batch) {
    return run(provider, List.of(Phase.WRITE, phase), threads, traffic, batch);
  }

  private CellResult run(StoreProvider provider, List<Phase> phases, int threads, Traffic traffic, long batch) {
    CellParams cell = new CellParams(provider.id(), new DataSet(ENTRIES, KeyEncoding.INT, 32, ValueContent.RANDOM, 5),
        new WriteShape(KeyOrder.RND, batch), new StoreSetup(Map.of(), Durability.NOSYNC, ValueCodecs.NONE),
        new PhasePlan(phases, new PassPlan(1, 0, 1), 8),
        new Load(threads, traffic, CustomMix.NONE), Map.of());
    try (WorkArea work = WorkArea.open(temp.resolve("w-" + phases.get(phases.size() - 1).id() + "-" + threads
        + "-" + phases.size()))) {
      return new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
          RunListener.NONE, 40).run(provider, cell, work);
    }
  }

  private static PhaseResult phase(CellResult c, Phase phase) {
    return c.phases().stream().filter(p -> p.phase().equals(phase.id())).findFirst().orElseThrow();
  }

  private static long writesIn(Timeline t) {
    return t.points().stream().mapToLong(p -> p.writes().ops()).sum();
  }

  /** A sorted map that overwrites and deletes, counts its commits as its own statistic, and may lose deletes. */
  private static final class CountingStoreProvider extends SortedMapStoreProvider {
    final boolean keepsDeletes;

    CountingStoreProvider(boolean keepsDeletes) {
      this.keepsDeletes = keepsDeletes;
    }

    @Override
    public Capabilities capabilities() {
      return super.capabilities().withWriteOperations(EnumSet.of(WriteOperation.OVERWRITE, WriteOperation.DELETE));
    }

    @Override
    public Store open(StoreConfig config) {
      AtomicLong commits = new AtomicLong();
      SortedMapStore store = new SortedMapStore(id(), config.directory(), true, capabilities().writeOperations()) {
        @Override
        public Writer beginWrite(WriteOrder order) {
          Writer w = super.beginWrite(order);
          return new Writer() {
            @Override
            public void put(ByteBuffer key, ByteBuffer value) {
              w.put(key, value);
            }

            @Override
            public void delete(ByteBuffer key) {
              if (keepsDeletes) {
                w.delete(key);
              }
            }

            @Override
            public void commit() {
              w.commit();
              commits.incrementAndGet();
            }

            @Override
            public void close() {
              w.close();
            }
          };
        }

        @Override
        public Map<String, Long> statistics() {
          return Map.of("commits", commits.get());
        }
      };
      opened.put(config.directory(), store);
      return store;
    }
  }

  @Test
  void sustainOverwritesForItsVolumeTimingEveryOpAndChecksEveryKey() {
    CountingStoreProvider store = new CountingStoreProvider(true);
    CellResult c = run(store, Phase.SUSTAIN, 1, Traffic.DEFAULT.withOperations(5_000), 10);
    PhaseResult sustain = phase(c, Phase.SUSTAIN);
    assertThat(sustain.status()).as(sustain.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(sustain.verified()).isTrue();
    PassResult pass = sustain.passes().get(0);
    assertThat(pass.ops()).isEqualTo(5_000);
    Timeline t = pass.timeline();
    assertThat(writesIn(t)).as("every op timed, once, in some interval").isEqualTo(5_000);
    assertThat(t.userWriteBytes()).isEqualTo(5_000L * (4 + 32));
    assertThat(t.liveBytes()).isEqualTo(ENTRIES * (4L + 32));
    assertThat(t.writersSerialised()).isFalse();
    TimelinePoint last = t.points().get(t.points().size() - 1);
    // 5,000 puts in transactions of 10 after a load of 2,000 in transactions of 10
    assertThat(last.store()).containsEntry("commits", 700L);
    assertThat(last.storageBytes()).isPositive();
    assertThat(t.clientCpuMillis()).isPositive();
  }

  @Test
  void aTimedSustainRecordsAnIntervalAtATimeAndATargetRateHoldsItsWriters() {
    CellResult c = run(new CountingStoreProvider(true), Phase.SUSTAIN, 1,
        Traffic.DEFAULT.withDurationMillis(600).withIntervalMillis(100).withRate(2_000), 1);
    PhaseResult sustain = phase(c, Phase.SUSTAIN);
    assertThat(sustain.status()).as(sustain.failure()).isEqualTo(PhaseStatus.OK);
    PassResult pass = sustain.passes().get(0);
    Timeline t = pass.timeline();
    assertThat(t.intervalMillis()).isEqualTo(100);
    assertThat(t.points()).hasSizeGreaterThanOrEqualTo(6);
    assertThat(t.points()).extracting(TimelinePoint::endMillis).isSorted();
    assertThat(writesIn(t)).isEqualTo(pass.ops());
    // the schedule never runs ahead: at most one op per half millisecond of the 600 ms
    assertThat(pass.ops()).isBetween(1L, 1_201L);
  }

  /**
   * Issue 63: a rate beyond what the writers can keep (a gap between intended starts under a
   * nanosecond) left every intended start before the end, and the pass ran on and on; it ends at its
   * duration, behind its schedule, like any pass of a duration. (The timeout only guards a hang.)
   */
  @Test
  @org.junit.jupiter.api.Timeout(120)
  void aRateTheWritersCannotKeepStillEndsThePassAtItsDuration() {
    CellResult c = run(new CountingStoreProvider(true), Phase.SUSTAIN, 1,
        Traffic.DEFAULT.withDurationMillis(300).withIntervalMillis(100).withRate(Traffic.MAX_RATE), 1);
    PhaseResult sustain = phase(c, Phase.SUSTAIN);
    assertThat(sustain.status()).as(sustain.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(sustain.passes().get(0).ops()).isPositive();
  }

  @Test
  void moreWritersThanTheStoreAllowsRunOneTransactionAtATimeAndSaySo() {
    CellResult c = run(new LockingStoreProvider(), Phase.SUSTAIN, 3, Traffic.DEFAULT.withOperations(3_000), 5);
    PhaseResult sustain = phase(c, Phase.SUSTAIN);
    assertThat(sustain.status()).as(sustain.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(sustain.verified()).isTrue();
    Timeline t = sustain.passes().get(0).timeline();
    assertThat(t.writersSerialised()).isTrue();
    assertThat(sustain.passes().get(0).ops()).isEqualTo(3_000);
    assertThat(new Concurrency(Concurrency.UNLIMITED, 1).writers()).isLessThan(3);
  }

  @Test
  void churnKeepsTheStoreItsSizeAndChecksTheDeletedKeysAreGone() {
    CountingStoreProvider store = new CountingStoreProvider(true);
    CellResult c = run(store, Phase.CHURN, 1, Traffic.DEFAULT.withOperations(3_000), 10);
    PhaseResult churn = phase(c, Phase.CHURN);
    assertThat(churn.status()).as(churn.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(churn.verified()).isTrue();
    Timeline t = churn.passes().get(0).timeline();
    // a put and a delete each op: the key twice, the value once
    assertThat(t.userWriteBytes()).isEqualTo(3_000L * (4 + 32 + 4));
    // the loaded store; a write warm-up's scratch stores beside it are smaller
    assertThat(store.opened.values()).anySatisfy(s -> assertThat(s.size()).isEqualTo(ENTRIES));
  }

  @Test
  void aStoreThatKeepsDeletedKeysFailsChurn() {
    PhaseResult churn = phase(run(new CountingStoreProvider(false), Phase.CHURN, 1,
        Traffic.DEFAULT.withOperations(500), 10), Phase.CHURN);
    assertThat(churn.status()).isEqualTo(PhaseStatus.FAILED);
    assertThat(churn.failure()).contains("still there after churn deleted it");
  }

  @Test
  void churnWithSeveralWritersAndSustainOnAStoreWithoutOverwritesAreUnsupported() {
    PhaseResult churn = phase(run(new LockingStoreProvider(), Phase.CHURN, 2, Traffic.DEFAULT.withOperations(100), 1),
        Phase.CHURN);
    assertThat(churn.status()).isEqualTo(PhaseStatus.UNSUPPORTED);
    assertThat(churn.note()).contains("matrix.threads 1");
    PhaseResult sustain = phase(run(new SortedMapStoreProvider(), Phase.SUSTAIN, 1,
        Traffic.DEFAULT.withOperations(100), 1), Phase.SUSTAIN);
    assertThat(sustain.status()).isEqualTo(PhaseStatus.UNSUPPORTED);
  }

  /**
   * A cell whose every phase the store refuses with the cell's threads is unsupported before a
   * record is loaded (ycsb-a's two writing clients on a one-writer store loaded a million records
   * for nothing); with its load measured (write in the plan) the cell runs and only that phase is refused.
   */
  @Test
  void aCellWhosePhasesAllNeedMoreWritersIsUnsupportedBeforeItsStoreOpens() {
    SortedMapStoreProvider provider = new CountingStoreProvider(true);  // deletes, as churn needs
    CellResult alone = run(provider, List.of(Phase.CHURN), 2, Traffic.DEFAULT.withOperations(100), 10);
    assertThat(alone.outcome()).isEqualTo(CellResult.Outcome.UNSUPPORTED);
    assertThat(alone.error()).contains("churn runs one writer", "matrix.threads 1");
    assertThat(provider.opened).as("stores opened").isEmpty();

    CellResult loaded = run(provider, Phase.CHURN, 2, Traffic.DEFAULT.withOperations(100), 10);
    assertThat(loaded.outcome()).isEqualTo(CellResult.Outcome.RAN);
    assertThat(phase(loaded, Phase.WRITE).status()).isEqualTo(PhaseStatus.OK);
    assertThat(phase(loaded, Phase.CHURN).status()).isEqualTo(PhaseStatus.UNSUPPORTED);
    assertThat(provider.opened).as("stores opened").isNotEmpty();
  }

  /** A store that serves one session at a time lends it to one writer after another. */
  @Test
  void writersOfAStoreWithOneSessionTakeTurnsWithIt() {
    PhaseResult sustain = phase(run(new CountingStoreProvider(true), Phase.SUSTAIN, 2,
        Traffic.DEFAULT.withOperations(2_000), 10), Phase.SUSTAIN);
    assertThat(sustain.status()).as(sustain.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(sustain.verified()).isTrue();
    assertThat(sustain.passes().get(0).timeline().writersSerialised()).isTrue();
    assertThat(sustain.passes().get(0).ops()).isEqualTo(2_000);
  }

  /** readwhilewriting records the readers' gets and the writer's puts side by side, an interval at a time. */
  @Test
  void readWhileWritingRecordsTheReadersAndTheWriterPerInterval() {
    PhaseResult rww = phase(run(new LockingStoreProvider(), Phase.READ_WHILE_WRITING, 1,
        Traffic.DEFAULT.withDurationMillis(500).withIntervalMillis(100).withWriterRate(1_000), 1),
        Phase.READ_WHILE_WRITING);
    assertThat(rww.status()).as(rww.failure()).isEqualTo(PhaseStatus.OK);
    PassResult pass = rww.passes().get(0);
    Timeline t = pass.timeline();
    assertThat(t.points()).hasSizeGreaterThanOrEqualTo(4).allSatisfy(p -> {
      assertThat(p.reads()).isNotNull();
      assertThat(p.writes()).isNotNull();
    });
    assertThat(t.points().stream().mapToLong(p -> p.reads().ops()).sum()).as("every get counted").isEqualTo(pass.ops());
    // the writer's schedule never runs ahead: at most a put a millisecond over the 500 ms and the joined tail
    assertThat(t.points().stream().mapToLong(p -> p.writes().ops()).sum()).isBetween(1L, 600L);
  }
}
