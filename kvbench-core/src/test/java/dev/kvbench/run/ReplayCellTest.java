package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.LockingStoreProvider;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.trace.KeyMode;
import dev.kvbench.workload.trace.Recording;
import dev.kvbench.workload.trace.TracePlan;
import dev.kvbench.workload.trace.TraceWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 67: {@code run --trace FILE} replays a recorded application in forked cells, as any
 * phase: on a store that has what the trace uses, every pass replays the whole trace, its reads
 * checked, each operation's latency by its kind; a store without deletes is unsupported, naming
 * them; the null store replays unchecked (the harness's own cost). Bad scenarios are refused.
 */
class ReplayCellTest {

  @TempDir Path temp;

  private static ByteBuffer key(long k) {
    return ByteBuffer.allocateDirect(8).putLong(0, k);
  }

  private static ByteBuffer value(int size) {
    return ByteBuffer.allocateDirect(size);
  }

  /** An application on a store that holds keys 0-199: gets, overwrites, deletes, a get in a write, scans both ways. */
  private Path record() throws Exception {
    return record(true);
  }

  /** The application, its deletes and its get of its own write left out where {@code deletes} is false (for a sorted map). */
  private Path record(boolean deletes) throws Exception {
    LockingStoreProvider p = new LockingStoreProvider();
    Path dir = Files.createDirectories(temp.resolve("app-store-" + deletes));
    Store before = p.open(new StoreConfig(dir, StoreSettings.resolve(p.id(), p.settings(), Map.of()),
        Durability.NOSYNC, new WorkloadSizing(200, 8, 64)));
    try (Session s = before.openSession(); Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
      for (long k = 0; k < 200; k++) {
        w.put(key(k), value(64));
      }
      w.commit();
    }
    Path file = temp.resolve(deletes ? "app.kvbtrace" : "app-no-deletes.kvbtrace");
    try (TraceWriter trace = TraceWriter.create(file, KeyMode.RAW, 1, "ReplayCellTest")) {
      Store store = Recording.of(before, trace);
      try (Session s = store.openSession()) {
        for (int i = 0; i < 20; i++) {
          int round = i;
          try (Reader r = s.beginRead()) {
            for (long k = round; k < 220; k += 7) {
              r.get(key(k));
            }
            r.scanFrom(key(round * 5), (k, v) -> k.getLong(0) < round * 5 + 10);
            long[] seen = {0};
            r.scan(ScanDirection.REVERSE, (k, v) -> ++seen[0] < 10);
          }
          try (Writer w = s.beginWrite(WriteOrder.ANY)) {
            w.put(key(round * 3), value(100 + round));
            w.put(key(1_000 + round), value(30));
            if (deletes) {
              w.delete(key(190 - round));
            }
            if (deletes) {
              w.get(key(1_000 + round)); // its own write: a store whose writer cannot read lacks it
            }
            w.commit();
          }
        }
      }
      store.close();
    }
    return file;
  }

  private Scenario replaying(Path trace, List<String> stores) {
    Scenario s = Scenario.defaults("replay");
    return s.withMatrix(Matrix.of(stores).with(Axes.TRACES, List.of(Axes.TRACES.parse(trace.toString()))))
        .withPhases(List.of(Phase.REPLAY))
        .withRepetitions(new Repetitions(1, 1, 0, 2));
  }

  @Test
  void aRecordedApplicationReplaysInForkedCellsOnEveryStoreThatCan() throws Exception {
    Path trace = record();
    TracePlan plan = TracePlan.of(trace);
    Scenario s = replaying(trace, List.of("locking", "misbehaving", "null"));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE).run(s,
        new RunOptions(temp.resolve("work"), temp.resolve("replay.json"), Shard.ALL, List.of("test"), "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    CellResult locking = cell(doc, "locking");
    // the matrix's keys, order and sizes are not a replay's: the id names the trace
    assertThat(locking.cellId()).isEqualTo("locking trace=app.kvbtrace nosync");
    PhaseResult p = locking.phases().get(0);
    assertThat(p.status()).as(p.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(p.phase()).isEqualTo("replay");
    assertThat(p.verified()).isTrue();
    assertThat(p.passes()).hasSize(2).allSatisfy(pass -> assertThat(pass.ops()).isEqualTo(plan.operations()));
    // every operation timed, by its kind
    assertThat(p.threaded().latencyNanosByOperation()).containsKeys("get", "put", "delete", "get in a write",
        "commit", "scan from a key", "scan");
    assertThat(p.latencyHistogram()).isNotNull();
    assertThat(locking.storage()).isNotNull();
    CellResult misbehaving = cell(doc, "misbehaving");
    assertThat(misbehaving.phases().get(0).status()).isEqualTo(PhaseStatus.UNSUPPORTED);
    assertThat(misbehaving.phases().get(0).note()).contains("app.kvbtrace uses").contains("deletes");
    PhaseResult nothing = cell(doc, "null").phases().get(0);
    assertThat(nothing.status()).as(nothing.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(nothing.verified()).isFalse();
  }

  /** A store that returns a wrong byte for one key the trace reads fails the replay, naming the key: never ok. */
  @Test
  void aStoreThatReturnsAWrongValueFailsTheReplayNamingTheKey() throws Exception {
    Path trace = record(false);
    dev.kvbench.testing.CorruptingStoreProvider corrupting = new dev.kvbench.testing.CorruptingStoreProvider(key(9), 0);
    CellResult result = runInThisJvm(corrupting, replayCell(corrupting.id(), Axes.TRACES.parse(trace.toString())));
    PhaseResult p = result.phases().get(0);
    assertThat(p.status()).isEqualTo(PhaseStatus.FAILED);
    assertThat(p.verified()).isFalse();
    assertThat(p.failure()).contains("replay pass 1/1").contains("the value under 0000000000000009 is not the one the"
        + " replay wrote");
  }

  /**
   * A made-up application at a known rate (the writer's clock is the generator's): 10,000
   * transactions 400 us apart, 4 s, three of four reading two keys, the fourth putting one, over
   * 1,000 keys all there when the recording began.
   */
  private Path generatedAtARate() {
    long[] now = {0};
    Path file = temp.resolve("paced.kvbtrace");
    java.util.Random random = new java.util.Random(67);
    ByteBuffer found = value(50);
    try (TraceWriter w = TraceWriter.create(file, KeyMode.RAW, 0, "ReplayCellTest", () -> now[0])) {
      for (int t = 0; t < 10_000; t++) {
        now[0] = t * 400_000L;
        if (t % 4 == 3) {
          w.record(dev.kvbench.workload.trace.TraceKind.BEGIN_WRITE, 0);
          w.put(0, key(random.nextInt(1_000)), value(20 + random.nextInt(60)));
          now[0] += 30_000;
          w.record(dev.kvbench.workload.trace.TraceKind.COMMIT, 0);
        } else {
          w.record(dev.kvbench.workload.trace.TraceKind.BEGIN_READ, 0);
          w.get(dev.kvbench.workload.trace.TraceKind.GET, 0, key(random.nextInt(1_000)), found.duplicate());
          now[0] += 10_000;
          w.get(dev.kvbench.workload.trace.TraceKind.GET, 0, key(random.nextInt(1_000)), found.duplicate());
          w.record(dev.kvbench.workload.trace.TraceKind.END_READ, 0);
        }
      }
    }
    return file;
  }

  /**
   * Replayed at its recorded timing (@1x), a trace's operations each wait for their recorded
   * moment: the replay makes the trace's op mix exactly and its rate within 1 %, its latencies
   * count from each operation's intended start with the service times beside. A slow machine makes
   * the replay late, never early, so the rate can only fall short, by the lateness of its end.
   */
  @Test
  void aReplayAtTheRecordedTimingReproducesTheTracesMixAndRateWithinOnePercent() throws Exception {
    Path trace = generatedAtARate();
    TracePlan plan = TracePlan.of(trace);
    assertThat(plan.spanNanos()).isEqualTo(9_999 * 400_000L + 30_000); // the last transaction (9,999) writes
    Map<String, Long> recordedMix = new java.util.TreeMap<>();
    try (dev.kvbench.workload.trace.TraceReader r = dev.kvbench.workload.trace.TraceReader.open(trace)) {
      for (var op = r.next(); op != null; op = r.next()) {
        recordedMix.merge(op.kind().label(), 1L, Long::sum);
      }
    }
    String value = Axes.TRACES.parse(trace + "@1x");
    assertThat(value).endsWith("paced.kvbtrace@1x");
    dev.kvbench.scenario.CellParams cell = replayCell("locking", value);
    assertThat(cell.id()).isEqualTo("locking trace=paced.kvbtrace@1x nosync");
    CellResult result = runInThisJvm(new LockingStoreProvider(), cell);
    PhaseResult p = result.phases().get(0);
    assertThat(p.status()).as(p.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(p.verified()).isTrue();
    Map<String, Long> replayedMix = new java.util.TreeMap<>();
    p.threaded().latencyNanosByOperation().forEach((kind, l) -> replayedMix.put(kind, l.samples()));
    assertThat(replayedMix).isEqualTo(recordedMix);
    double recorded = plan.recordedRate();
    assertThat(p.threaded().targetRate()).isEqualTo(recorded);
    // never faster than recorded (an operation waits for its moment), and late by at most 1 % of 4 s
    assertThat(p.threaded().achievedRate()).isLessThanOrEqualTo(recorded * 1.0001).isGreaterThan(recorded * 0.99);
    assertThat(p.threaded().latencyMeasuredFrom()).isEqualTo(dev.kvbench.result.ThreadedFigures.FROM_INTENDED_START);
    assertThat(p.threaded().serviceNanosByOperation()).containsKeys("get", "put", "commit");
    assertThat(p.threaded().requestDistribution()).isEqualTo("trace paced.kvbtrace at its recorded timing");
  }

  /** A speed that is no factor is refused naming the text and the fix; a file whose own name ends in @2x is that file. */
  @Test
  void aReplaySpeedThatIsNoFactorIsRefusedNamingIt() throws Exception {
    Path trace = record(false);
    assertThatThrownBy(() -> Axes.TRACES.parse(trace + "@fastx")).hasMessageContaining("@fastx")
        .hasMessageContaining("@1x (the recorded timing)");
    assertThatThrownBy(() -> Axes.TRACES.parse(trace + "@0x")).hasMessageContaining("above 0");
    assertThat(Axes.TRACES.parse(trace + "@2.5x")).endsWith("app-no-deletes.kvbtrace@2.5x");
    Path odd = Files.copy(trace, temp.resolve("odd@2x"));
    assertThat(Axes.TRACES.parse(odd.toString())).isEqualTo(odd.toString());
  }

  /** A replay cell of {@code store} for the traces axis value {@code trace}: no warm-up, one measured pass. */
  private static dev.kvbench.scenario.CellParams replayCell(String store, String trace) {
    return new dev.kvbench.scenario.CellParams(store,
        new dev.kvbench.scenario.DataSet(1, dev.kvbench.workload.KeyEncoding.INT, 100,
            dev.kvbench.workload.ValueContent.RANDOM, 42),
        new dev.kvbench.scenario.WriteShape(dev.kvbench.workload.KeyOrder.SEQ, 1),
        new dev.kvbench.scenario.StoreSetup(Map.of(), Durability.NOSYNC, dev.kvbench.codec.ValueCodecs.NONE),
        new dev.kvbench.scenario.PhasePlan(List.of(Phase.REPLAY), new dev.kvbench.scenario.PassPlan(0, 0, 1,
            dev.kvbench.scenario.ReadCache.WARM, false), 4),
        dev.kvbench.scenario.Load.SINGLE, Map.of(Axes.TRACES.key(), trace));
  }

  /** {@code cell} run by the cell runner in this JVM, on a work area of its own. */
  private CellResult runInThisJvm(dev.kvbench.store.StoreProvider provider, dev.kvbench.scenario.CellParams cell) {
    try (WorkArea work = WorkArea.open(temp.resolve("work-" + cell.storeId()))) {
      return new CellRunner(new dev.kvbench.measure.CpuMeter(), new dev.kvbench.measure.RssMeter(),
          new dev.kvbench.measure.StorageMeter(), new ExpectedChecksums(), RunListener.NONE, 40)
          .run(provider, cell, work);
    }
  }

  /** A recording wraps the store in this JVM: forked cells, or a directory holding files, are refused before any cell. */
  @Test
  void aRecordingNeedsCellsInThisJvmAndAnEmptyDirectory() throws Exception {
    Scenario forked = Scenario.defaults("rec").withMatrix(Matrix.of(List.of("locking")).with(Axes.ENTRIES,
        List.of(1_000L))).withPhases(List.of(Phase.YCSB_C)).withRepetitions(new Repetitions(1, 0, 0, 1));
    RunOptions options = new RunOptions(temp.resolve("w"), temp.resolve("rec.json"), Shard.ALL, List.of("test"), "dev")
        .with(dev.kvbench.runner.RunSettings.RECORD_TO, temp.resolve("traces"));
    ScenarioRunner runner = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE);
    assertThatThrownBy(() -> runner.run(forked, options)).hasMessageContaining("set forks to 0");
    Files.createDirectories(temp.resolve("traces"));
    Files.writeString(temp.resolve("traces/mine.txt"), "a file kvbench did not make");
    assertThatThrownBy(() -> runner.run(forked.withRepetitions(new Repetitions(0, 0, 0, 1)), options))
        .hasMessageContaining("holds files already");
    assertThat(Files.readString(temp.resolve("traces/mine.txt"))).isEqualTo("a file kvbench did not make");
  }

  private static CellResult cell(ResultDocument doc, String store) {
    return doc.cells().stream().filter(c -> c.store().equals(store)).findFirst().orElseThrow();
  }

  @Test
  void aScenarioThatCannotReplayIsRefusedNamingTheFix() throws Exception {
    Path trace = record();
    assertThatThrownBy(() -> Axes.TRACES.parse(temp.resolve("absent.kvbtrace").toString()))
        .hasMessageContaining("absent.kvbtrace: no such file");
    Path notATrace = Files.writeString(temp.resolve("notes.txt"), "not a trace");
    assertThatThrownBy(() -> Axes.TRACES.parse(notATrace.toString())).hasMessageContaining("notes.txt");
    StoreRegistry registry = StoreRegistry.load();
    Scenario noTrace = Scenario.defaults("replay").withMatrix(Matrix.of(List.of("locking")))
        .withPhases(List.of(Phase.REPLAY));
    assertThatThrownBy(() -> noTrace.cells(registry, 1_000, dev.kvbench.host.HostFiles.system()))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("matrix.traces");
    Scenario notReplayed = replaying(trace, List.of("locking")).withPhases(List.of(Phase.READ_KEY));
    assertThatThrownBy(() -> notReplayed.cells(registry, 1_000, dev.kvbench.host.HostFiles.system()))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("add replay to its phases");
    assertThatThrownBy(() -> replaying(trace, List.of("locking")).withPhases(List.of(Phase.REPLAY, Phase.READ_KEY))
        .cells(registry, 1_000, dev.kvbench.host.HostFiles.system()))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("replay runs alone");
  }
}
