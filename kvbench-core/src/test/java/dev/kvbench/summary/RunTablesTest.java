package dev.kvbench.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.PassNoise;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.StorageResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunTablesTest {

  private static PhaseResult phase(String id, double... passMillis) {
    List<PassResult> passes = java.util.Arrays.stream(passMillis)
        .mapToObj(ms -> PassResult.of(1000, (long) (ms * 1e6), new CpuTime(ms, 0), 0)).toList();
    return PhaseResult.measured(id, passes, PhaseResult.Latency.NONE, true, null, null);
  }

  private static CellResult cell(String store, boolean keepsData, double readKeyMillis, PhaseStatus seqStatus,
      long bytes, int valueSize, Map<String, String> settings) {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, keepsData, 16, 100);
    PhaseResult readKey = phase("readKey", readKeyMillis * 1.2, readKeyMillis, readKeyMillis * 1.5);
    PhaseResult readSeq = seqStatus == PhaseStatus.OK ? phase("readSeq", 1) : PhaseResult.unsupported("readSeq", "no cursor");
    return new CellResult(store + valueSize, store, "g:a", "1", caps, settings, Map.of(),
        new CellResult.Parameters(1000, "int", 4, valueSize, "rnd", 1000, "nosync", 1, 16, 2, 1000, 3),
        List.of(readKey, readSeq),
        StorageResult.of(new StorageSize(bytes, bytes), new StorageSize(bytes, bytes), 1000L * (4 + valueSize)),
        CellResult.Outcome.RAN, null, null);
  }

  private static CellResult cell(String store, boolean keepsData, double readKeyMillis, PhaseStatus seq, long bytes) {
    return cell(store, keepsData, readKeyMillis, seq, bytes, 100, Map.of());
  }

  @Test
  void ranksByMedianPassTimeAgainstTheFastestRealStoreWithTheRange() {
    List<CellResult> cells = List.of(
        cell("slow", true, 30, PhaseStatus.OK, 200_000),
        cell("null", false, 1, PhaseStatus.OK, 0),
        cell("fast", true, 10, PhaseStatus.UNSUPPORTED, 150_000));
    String table = new RunTables(cells).timings(cells);
    List<String> lines = table.lines().toList();
    assertThat(lines.get(2)).contains("readKey", "fast", "12.00", "10.00-15.00", "fastest");
    assertThat(lines.get(3)).contains("slow", "36.00", "x 3.00");
    assertThat(lines.get(4)).contains("null", "harness").doesNotContain("fastest");
    assertThat(table).contains("unsupported");
  }

  /**
   * A pass that lasts a duration is as long for every store: it is shown and ranked by its rate,
   * and the one that did more ops in it is the faster (issue 63).
   */
  @Test
  void passesOfADurationRankByTheirRate() {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 16, 100);
    java.util.function.BiFunction<String, long[], CellResult> timed = (store, ops) -> new CellResult(store, store, "g:a",
        "1", caps, Map.of(), Map.of(), new CellResult.Parameters(1000, "int", 4, 100, "rnd", 1, "nosync", 1, 16, 0, 0, 1,
            1, dev.kvbench.workload.Traffic.DEFAULT.withDurationMillis(10_000), null, null, null, Map.of()),
        List.of(PhaseResult.measured("sustain", java.util.stream.IntStream.range(0, ops.length)
            // each pass a few µs over its 10 s, the first the median by time
            .mapToObj(i -> PassResult.of(ops[i], 10_000_000_000L + new long[] {2000, 3000, 1000}[i], new CpuTime(1, 0), 0))
            .toList(),
            PhaseResult.Latency.NONE, true, null, null)), null, CellResult.Outcome.RAN, null, null);
    // the passes last 10 s, a few ns apart: the median is the median rate, not the median time
    List<CellResult> cells = List.of(timed.apply("few", new long[] {1_000_000L, 3_000_000L, 2_000_000L}),
        timed.apply("many", new long[] {4_000_000L, 5_000_000L, 3_000_000L}));
    RunTables tables = new RunTables(cells);
    assertThat(tables.timingsTable(cells).rows()).isZero();
    List<String> lines = tables.timings(cells).lines().toList();
    assertThat(lines.get(0)).contains("ops/s").doesNotContain("ms/pass");
    assertThat(lines.get(2)).contains("sustain", "many", "400,000", "300,000-500,000", "fastest");
    assertThat(lines.get(3)).contains("few", "200,000", "100,000-300,000", "x 0.50");
  }

  /** An open is one op a pass: its ms per pass is its time, and a ns/op would only repeat it. */
  @Test
  void aPassOfOneOpShowsNoNsPerOp() {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 16, 100);
    CellResult c = new CellResult("s", "s", "g:a", "1", caps, Map.of(), Map.of(),
        new CellResult.Parameters(1000, "int", 4, 100, "rnd", 1, "nosync", 1, 16, 0, 0, 1),
        List.of(PhaseResult.measured("open", List.of(PassResult.of(1, 1_033_004_372L, new CpuTime(1, 0), 0)),
            PhaseResult.Latency.NONE, true, null, null)), null, CellResult.Outcome.RAN, null, null);
    String table = new RunTables(List.of(c)).timings(List.of(c));
    assertThat(table).contains("1,033").doesNotContain("1,033,004,372");
  }

  @Test
  void storageShowsOverheadAgainstTheFlatArrayWithoutTheReferenceStore() {
    List<CellResult> cells = List.of(cell("slow", true, 30, PhaseStatus.OK, 208_000),
        cell("null", false, 1, PhaseStatus.OK, 4096));
    String table = new RunTables(cells).storage(cells);
    assertThat(table).contains("104,000", "208,000", "100.00").doesNotContain("null");
  }

  @Test
  void aSweepNamesWhatDiffersInEachRowAndReadsAsOneTable() {
    List<CellResult> cells = List.of(
        cell("lmdb", true, 10, PhaseStatus.OK, 2_745_884, 2026, Map.of("writeMap", "true")),
        cell("lmdb", true, 10, PhaseStatus.OK, 4_128_489, 2027, Map.of("writeMap", "true")),
        cell("rocksdb", true, 10, PhaseStatus.OK, 2_100_000, 2026, Map.of("compression", "none")),
        cell("rocksdb", true, 10, PhaseStatus.OK, 2_100_000, 2027, Map.of("compression", "none")));
    RunTables tables = new RunTables(cells);
    assertThat(tables.byWorkload(cells)).hasSize(1);
    String storage = tables.storage(cells);
    assertThat(storage).contains("lmdb valueSize=2026 B", "lmdb valueSize=2027 B", "rocksdb valueSize=2026 B", "4,128,489")
        .doesNotContain("writeMap=").doesNotContain("compression=");
  }

  /** Issue 27: in a sweep each row is ranked only against rows of the same swept value. */
  @Test
  void aSweepRanksLikeAgainstLikeOnly() {
    List<CellResult> cells = List.of(
        cell("lmdb", true, 10, PhaseStatus.OK, 1, 2026, Map.of()),
        cell("lmdb", true, 40, PhaseStatus.OK, 1, 16368, Map.of()),
        cell("rocksdb", true, 20, PhaseStatus.OK, 1, 2026, Map.of()),
        cell("rocksdb", true, 30, PhaseStatus.OK, 1, 16368, Map.of()));
    RunTables tables = new RunTables(cells);
    assertThat(tables.sweptWorkload(cells.get(1))).isEqualTo("valueSize=16368 B");
    List<String> readKey = tables.timings(cells).lines().filter(l -> l.contains("valueSize=")).limit(4).toList();
    // valueSize=2026 B first (the order the cells ran), lmdb fastest there; rocksdb fastest at 16,368 B,
    // lmdb x 1.33 of it, not x 4.00 of lmdb's 2,026-byte row
    assertThat(readKey.get(0)).contains("readKey", "lmdb valueSize=2026 B", "fastest");
    assertThat(readKey.get(1)).contains("rocksdb valueSize=2026 B", "x 2.00");
    assertThat(readKey.get(2)).contains("rocksdb valueSize=16368 B", "fastest");
    assertThat(readKey.get(3)).contains("lmdb valueSize=16368 B", "x 1.33");
  }

  @Test
  void storeSettingsAndVersionsAreRankedTogetherNotAsASweep() {
    List<CellResult> cells = List.of(
        cell("lmdb", true, 10, PhaseStatus.OK, 1, 100, Map.of("writeMap", "true")),
        cell("lmdb", true, 12, PhaseStatus.OK, 1, 100, Map.of("writeMap", "false")));
    RunTables tables = new RunTables(cells);
    assertThat(tables.sweptWorkload(cells.get(0))).isEmpty();
    assertThat(tables.timings(cells)).contains("x 1.20");
  }

  @Test
  void aSettingSweptWithinOneStoreIsNamed() {
    List<CellResult> cells = List.of(
        cell("lmdb", true, 10, PhaseStatus.OK, 1, 100, Map.of("writeMap", "true")),
        cell("lmdb", true, 12, PhaseStatus.OK, 1, 100, Map.of("writeMap", "false")));
    assertThat(new RunTables(cells).timings(cells)).contains("lmdb writeMap=true", "lmdb writeMap=false");
  }

  /** A cell run by a kvbench from before a setting existed is told apart from one that set it. */
  @Test
  void aSettingOneRunCellLacksAndAnotherSetIsNamed() {
    List<CellResult> cells = List.of(
        cell("lmdb", true, 10, PhaseStatus.OK, 1, 100, Map.of("writeMap", "true")),
        cell("lmdb", true, 4, PhaseStatus.OK, 1, 100, Map.of("writeMap", "true", "readAhead", "false")),
        cell("rocksdb", true, 8, PhaseStatus.OK, 1, 100, Map.of("compression", "none")));
    // the row without it is named by the store alone
    assertThat(new RunTables(cells).timings(cells)).contains("lmdb readAhead=false")
        .doesNotContain("rocksdb readAhead").doesNotContain("writeMap=");
  }

  /**
   * A library version sweep names the version in each row; a cell that did not run (its version
   * outside the adapter's range) records only the settings it was given, which is no difference.
   */
  @Test
  void aLibraryVersionSweepNamesTheVersionOnly() {
    // the cell that did not run is recorded as the run records one: from the settings it was given,
    // among them kvbench's version, which is no setting of the store's
    var provider = new dev.kvbench.testing.SortedMapStoreProvider();
    var given = new dev.kvbench.scenario.CellParams(provider.id(),
        new dev.kvbench.scenario.DataSet(1000, dev.kvbench.workload.KeyEncoding.INT, 100,
            dev.kvbench.workload.ValueContent.RANDOM, 1),
        new dev.kvbench.scenario.WriteShape(dev.kvbench.workload.KeyOrder.RND, 1000),
        new dev.kvbench.scenario.StoreSetup(Map.of("version", "7.10.2", "compression", "none"), Durability.NOSYNC,
            "none"),
        new dev.kvbench.scenario.PhasePlan(dev.kvbench.workload.Phase.LMDBJAVA_2016_PHASES,
            dev.kvbench.scenario.PassPlan.SINGLE_COLD, 16), dev.kvbench.scenario.Load.SINGLE, Map.of());
    CellResult notRun = dev.kvbench.run.CellResults.unsupported(provider, given, "7.10.2 is outside the adapter's range")
        .withLibrary("7.10.2", List.of());
    assertThat(notRun.settings()).doesNotContainKey("version");
    List<CellResult> cells = List.of(
        cell(provider.id(), true, 10, PhaseStatus.OK, 1, 100, Map.of("compression", "none")).withLibrary("9.10.0", List.of()),
        cell(provider.id(), true, 12, PhaseStatus.OK, 1, 100, Map.of("compression", "none")).withLibrary("10.4.2", List.of()),
        notRun);
    String timings = new RunTables(cells).timings(cells);
    assertThat(timings).contains("sortedmap version=9.10.0", "sortedmap version=10.4.2").doesNotContain("compression=");
  }

  @Test
  void noisyPassesAndUnsteadyForksAreFlaggedAndExplainedButWaitingOnIoIsNot() {
    PassNoise hog = PassNoise.judged(200, 0, 0, 0, 40, 190);
    PassNoise quiet = PassNoise.judged(200, 0, 0, 0, 2, 3);
    // a sync pass waits on fsync: little CPU against its wall time, and nothing about it is noise
    PassResult syncPass = PassResult.of(1000, 200_000_000L, new CpuTime(20, 10), 0).withNoise(quiet);
    List<PassResult> steady = List.of(syncPass.withFork(1), syncPass.withFork(1), syncPass.withFork(1));
    PhaseResult quietPhase = PhaseResult.measured("write", steady, PhaseResult.Latency.NONE, true, null, null);
    assertThat(RunTables.check(quietPhase)).isEqualTo("verified");

    List<PassResult> mixed = new java.util.ArrayList<>();
    double[] trending = {300, 250, 200};
    for (double millis : trending) {
      mixed.add(PassResult.of(1000, (long) (millis * 1e6), new CpuTime(millis, 0), 0).withNoise(quiet).withFork(1));
    }
    mixed.add(PassResult.of(1000, 200_000_000L, new CpuTime(200, 0), 0).withNoise(hog).withFork(2));
    mixed.add(syncPass.withFork(2));
    mixed.add(syncPass.withFork(2));
    PhaseResult p = PhaseResult.measured("readKey", mixed, PhaseResult.Latency.NONE, true, null, null);
    assertThat(p.noisyPasses()).isEqualTo(1);
    assertThat(p.unsteadyForks()).containsExactly(1);
    assertThat(RunTables.check(p)).isEqualTo("verified, NOISY 1/6, UNSTEADY 1/2");
    CellResult c = new CellResult("x", "x", "g:a", "1", null, Map.of(), Map.of(),
        new CellResult.Parameters(1000, "int", 4, 100, "rnd", 1000, "nosync", 1, 16, 0, 0, 1), List.of(p), null,
        CellResult.Outcome.RAN, null, null);
    assertThat(new RunTables(List.of(c)).timings(List.of(c))).contains("NOISY 1/6").contains("2×3")
        .doesNotContain("CONTENDED");
    assertThat(RunTables.legend(List.of(c))).contains("NOISY n/m", "other-processes", "UNSTEADY n/m",
        "repetitions.warmupMillis");
  }

  @Test
  void aThinPercentileIsMarkedAndExplained() {
    var h = new org.HdrHistogram.Histogram(3_600_000_000_000L, 3);
    for (int i = 1; i <= 122; i++) {
      h.recordValue(i * 1_000L);
    }
    var l = dev.kvbench.measure.LatencySummary.of(h);
    assertThat(ThreadedTable.percentile(l, 50, l.p50())).doesNotEndWith("*");
    assertThat(ThreadedTable.percentile(l, 99.9, l.p999())).endsWith("*");
    assertThat(ThreadedTable.THIN_PERCENTILE).contains("fewer than 10 samples").contains("p99.9 10,000");
  }
}
