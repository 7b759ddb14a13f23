package dev.kvbench.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.published.PublishedFigures;
import dev.kvbench.published.PublishedSet;
import dev.kvbench.published.PublishedTiming;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.StorageResult;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The 2016 Test 4 figures ship as published and are shown beside a run that measured the same. */
class PublishedTablesTest {

  private static final PublishedSet TEST4 = PublishedFigures.bundled().stream()
      .filter(s -> s.id().equals("lmdbjava-2016-07-10-test4")).findFirst().orElseThrow();

  private static CellResult cell(String store, long entries, double readKeyMillis, long bytes) {
    return cell(store, entries, "rnd", 100, Map.of(), "nosync", "readKey", readKeyMillis, bytes);
  }

  private static CellResult cell(String store, long entries, String order, int valueSize, Map<String, String> settings,
      String durability, String phase, double millis, long bytes) {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 16, 100);
    List<PassResult> passes = List.of(PassResult.of(entries, (long) (millis * 1e6), new CpuTime(millis, 0), 0));
    PhaseResult readKey = PhaseResult.measured(phase, passes, PhaseResult.Latency.NONE, true, null, null);
    return new CellResult(store, store, "g:a", "1", caps, settings, Map.of(),
        new CellResult.Parameters(entries, "int", 4, valueSize, order, entries, durability, 1, 16, 2, 1000, 3),
        List.of(readKey), StorageResult.of(new StorageSize(bytes, bytes), new StorageSize(bytes, bytes),
            entries * 104), CellResult.Outcome.RAN, null, null);
  }

  @Test
  void theReportsRawDataShipsUnchangedWithItsSource() {
    assertThat(TEST4.source()).contains("lmdbjava/benchmarks", "results/20160710", "Apache License 2.0");
    // a run of the seed's preset prints them; a run of another scenario leaves them to the report
    assertThat(PublishedFigures.reproducedBy("lmdbjava-test4")).containsExactly(TEST4);
    assertThat(PublishedFigures.reproducedBy("quick")).isEmpty();
    // out-4.csv's first row: Chronicle readKey, int keys, sequential, 18 samples
    PublishedTiming chronicle = TEST4.timing("chronicle-map", "readKey", "int", "seq", 100).orElseThrow();
    assertThat(chronicle.conditions()).isEmpty();
    assertThat(chronicle.msPerPass()).isEqualTo(613.912121);
    assertThat(chronicle.samples()).isEqualTo(18);
    assertThat(chronicle.entries()).isEqualTo(1_000_000);
    // every store of the report, six phases, two key types, two orders (Chronicle: write and readKey only)
    assertThat(TEST4.timings()).extracting(PublishedTiming::store).containsOnly("chronicle-map", "leveldbjni",
        "lmdbjava-agrona", "lmdbjava-bb", "lmdbjni", "lwjgl-lmdb", "mapdb", "mvstore", "rocksdb", "xodus");
    assertThat(TEST4.timings()).hasSize(9 * 6 * 4 + 2 * 4);
    // 4-size.dat, as the report's table: LevelDB 107,036,672, MapDB 118,489,088; "LMDB BB" once, its first line;
    // the random-order load's (process.sh keeps sequential-false), so a sequential cell has no seed bytes
    assertThat(TEST4.storage("leveldbjni", "int", "rnd", 100).orElseThrow().bytes()).isEqualTo(107_036_672L);
    assertThat(TEST4.storage("mapdb", "int", "rnd", 100).orElseThrow().bytes()).isEqualTo(118_489_088L);
    assertThat(TEST4.storage("lmdbjava-bb", "int", "rnd", 100).orElseThrow().bytes()).isEqualTo(172_040_192L);
    assertThat(TEST4.storage("mapdb", "int", "seq", 100)).isEmpty();
  }

  @Test
  void timesAreRatiosToTheReferenceStoreWithRanksAndBytesAreComparedOnlyAtTheSeedsSize() {
    List<CellResult> ran = List.of(cell("lmdbjava-agrona", 1_000_000, 100, 171_601_920L),
        cell("leveldbjni", 1_000_000, 2_000, 107_036_672L), cell("mapdb", 100_000, 50, 11_000_000L));
    String text = new PublishedTables(List.of(TEST4)).render(ran, 200);
    double agrona = TEST4.timing("lmdbjava-agrona", "readKey", "int", "rnd", 100).orElseThrow().msPerPass();
    double level = TEST4.timing("leveldbjni", "readKey", "int", "rnd", 100).orElseThrow().msPerPass();
    String levelLine = text.lines().filter(l -> l.contains("leveldbjni") && l.contains("x ")).findFirst().orElseThrow();
    assertThat(levelLine).contains(String.format(java.util.Locale.ROOT, "x %.2f", level / agrona), "x 20.00");
    assertThat(text).contains("Source: github.com/lmdbjava/benchmarks");
    // storage: equal at the seed's size, not compared at another
    assertThat(text.lines().filter(l -> l.startsWith("leveldbjni")).filter(l -> l.endsWith("yes")).count()).isEqualTo(1);
    assertThat(text.lines().filter(l -> l.startsWith("mapdb")).filter(l -> l.contains("118,489,088"))).isEmpty();
    String smaller = new PublishedTables(List.of(TEST4)).render(List.of(cell("lmdbjava-agrona", 100_000, 10, 17_000_000L),
        cell("mapdb", 100_000, 50, 11_000_000L)), 100);
    assertThat(smaller).contains("the seed's bytes are for 1,000,000 entries and this run's cells have 100,000")
        .contains("x 1.00");
    // a run of stores the seed did not publish gets nothing
    assertThat(new PublishedTables(List.of(TEST4)).render(List.of(cell("null", 1000, 1, 0)), 100)).isEmpty();
  }

  private static PublishedSet set(String id) {
    return PublishedFigures.bundled().stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void everyTestOfThe2016ReportShipsAndEachPresetPrintsItsOwn() {
    for (int test = 1; test <= 6; test++) {
      PublishedSet s = set("lmdbjava-2016-07-10-test" + test);
      assertThat(PublishedFigures.reproducedBy("lmdbjava-test" + test)).containsExactly(s);
      assertThat(s.timings()).isNotEmpty();
      assertThat(s.source()).contains("results/20160710/out-" + test + ".csv");
    }
    // Test 6 publishes seconds per pass: kvbench shows ms (out-6.csv: Chronicle readKey 4,080 B, 24.495107 s/op)
    assertThat(set("lmdbjava-2016-07-10-test6").timing("chronicle-map", "readKey", "int", "rnd", 4080).orElseThrow()
        .msPerPass()).isEqualTo(24_495.107, org.assertj.core.data.Offset.offset(1e-6));
    // one size file per value size; 2-size.dat names each line by library and value size ("LMDB 2027")
    assertThat(set("lmdbjava-2016-07-10-test6").storage("rocksdb", "int", "rnd", 8176).orElseThrow().bytes())
        .isEqualTo(81_857_519_616L);
    PublishedSet test2 = set("lmdbjava-2016-07-10-test2");
    assertThat(test2.storage("lmdbjava-agrona", "int", "rnd", 2026).orElseThrow().bytes()).isEqualTo(2_745_884_672L);
    assertThat(test2.storage("lmdbjava-agrona", "int", "rnd", 2027).orElseThrow().bytes()).isEqualTo(4_128_489_472L);
    assertThat(test2.storage()).hasSize(3 * 8);
    // Test 3's batch sizes are fractions of the entries, so a scaled run still meets them
    PublishedSet test3 = set("lmdbjava-2016-07-10-test3");
    assertThat(test3.timings()).extracting(t -> t.conditions().get("batchSize")).containsOnly("0.1", "1");
  }

  @Test
  void aSettingTheSeedSweptPicksTheFigureItsCellRanWith() {
    PublishedSet test1 = set("lmdbjava-2016-07-10-test1");
    // out-1.csv: LmdbJavaAgrona write, metaSync true, sync true: 168.551030 with writeMap true, 192.062311 with false
    assertThat(test1.timing("lmdbjava-agrona", "write", "int", "seq", 100,
        n -> Map.of("metaSync", "true", "durability", "sync", "writeMap", "true").get(n)).orElseThrow().msPerPass())
        .isEqualTo(168.551030);
    assertThat(test1.timing("lmdbjava-agrona", "write", "int", "seq", 100,
        n -> Map.of("metaSync", "true", "durability", "sync", "writeMap", "false").get(n)).orElseThrow().msPerPass())
        .isEqualTo(192.062311);
    // a cell that did not set what the seed swept meets none of the figures
    assertThat(test1.timing("lmdbjava-agrona", "write", "int", "seq", 100)).isEmpty();

    // the table: ratios within the same durability, to the reference store at the report's defaults
    Map<String, String> reference = Map.of("writeMap", "true", "metaSync", "false");
    Map<String, String> noWriteMap = Map.of("writeMap", "false", "metaSync", "false");
    List<CellResult> ran = List.of(
        cell("lmdbjava-agrona", 1_000_000, "seq", 100, reference, "nosync", "write", 100, 1),
        cell("lmdbjava-agrona", 1_000_000, "seq", 100, noWriteMap, "nosync", "write", 150, 1),
        cell("lmdbjava-agrona", 1_000_000, "seq", 100, reference, "sync", "write", 400, 1),
        cell("lmdbjava-agrona", 1_000_000, "seq", 100, noWriteMap, "sync", "write", 200, 1));
    PublishedTables tables = new PublishedTables(List.of(test1));
    String text = tables.render(ran, 200);
    double seedRef = test1.timing("lmdbjava-agrona", "write", "int", "seq", 100,
        n -> Map.of("metaSync", "false", "durability", "nosync", "writeMap", "true").get(n)).orElseThrow().msPerPass();
    double seedNoWriteMap = test1.timing("lmdbjava-agrona", "write", "int", "seq", 100,
        n -> Map.of("metaSync", "false", "durability", "nosync", "writeMap", "false").get(n)).orElseThrow().msPerPass();
    // rows by durability (the group's first row names it), each with its Here×ref
    Map<String, String> hereRatio = new java.util.HashMap<>();
    Map<String, String> seedRatio = new java.util.HashMap<>();
    String durability = null;
    TextTable table = tables.timings(test1, ran);
    assertThat(table.columns()).extracting(TextTable.Column::header).contains("Durability");
    for (List<String> row : table.cells()) {
      durability = row.get(4).isEmpty() ? durability : row.get(4);
      hereRatio.put(durability + " " + row.get(5), row.get(9));
      seedRatio.put(durability + " " + row.get(5), row.get(8));
    }
    assertThat(hereRatio).containsEntry("nosync lmdbjava-agrona metaSync=false writeMap=false", "x 1.50")
        .containsEntry("sync lmdbjava-agrona metaSync=false writeMap=false", "x 0.50")
        .containsEntry("nosync lmdbjava-agrona metaSync=false writeMap=true", "x 1.00");
    assertThat(seedRatio).containsEntry("nosync lmdbjava-agrona metaSync=false writeMap=false",
        String.format(java.util.Locale.ROOT, "x %.2f", seedNoWriteMap / seedRef));
    assertThat(text).contains("lmdbjava-agrona with metaSync=false writeMap=true (x 1.00)");

    // the seed did not vary metaSync for reads: of two cells that differ only there, the reference's one shows
    List<CellResult> reads = List.of(
        cell("lmdbjava-agrona", 1_000_000, "seq", 100, Map.of("writeMap", "true", "metaSync", "true"), "nosync",
            "readKey", 70, 1),
        cell("lmdbjava-agrona", 1_000_000, "seq", 100, reference, "nosync", "readKey", 50, 1),
        cell("lmdbjava-bb", 1_000_000, "seq", 100, Map.of("writeMap", "true", "metaSync", "false", "forceSafe", "false"),
            "nosync", "readKey", 100, 1));
    List<List<String>> readRows = tables.timings(test1, reads).cells();
    assertThat(readRows).hasSize(2);
    assertThat(readRows).anySatisfy(r -> assertThat(r).contains("lmdbjava-bb forceSafe=false writeMap=true", "x 2.00"));
  }

  /** A readKey phase of three forks, one pass each of {@code millis}, each its own fork's. */
  private static CellResult forked(String store, long entries, Map<String, String> settings, double... millis) {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 16, 100);
    List<PassResult> passes = new java.util.ArrayList<>();
    for (int f = 0; f < millis.length; f++) {
      passes.add(PassResult.of(entries, (long) (millis[f] * 1e6), new CpuTime(millis[f], 0), 0).withFork(f + 1));
    }
    PhaseResult readKey = PhaseResult.measured("readKey", passes, PhaseResult.Latency.NONE, true, null, null);
    return new CellResult(store, store, "g:a", "1", caps, settings, Map.of(),
        new CellResult.Parameters(entries, "int", 4, 100, "rnd", entries, "nosync", 1, 16, 2, 1000, 3),
        List.of(readKey), null, CellResult.Outcome.RAN, null, null);
  }

  /**
   * Issue 63: Test 4 at a tenth had MVStore's random readKey x 12.99 of LMDB in the seed and x 0.32
   * here, with no mark: a row whose seed ratio lies outside this run's interval says so, and a run
   * whose size puts a store's data within its cache where the seed's was not says it is another regime.
   */
  @Test
  void aRowTheSeedDisagreesWithBeyondTheForksIsMarkedAndAnotherRegimeIsNamed() {
    double agrona = TEST4.timing("lmdbjava-agrona", "readKey", "int", "rnd", 100).orElseThrow().msPerPass();
    double mv = TEST4.timing("mvstore", "readKey", "int", "rnd", 100).orElseThrow().msPerPass();
    double lev = TEST4.timing("leveldbjni", "readKey", "int", "rnd", 100).orElseThrow().msPerPass();
    List<CellResult> ran = List.of(forked("lmdbjava-agrona", 100_000, Map.of(), 10, 11, 10.5),
        // about a third of LMDB's time in every round, where the seed had it 12.99 times LMDB's
        forked("mvstore", 100_000, Map.of("cacheSize", "16m"), 3.2, 3.5, 3.4),
        // the seed's ratio, give or take
        forked("leveldbjni", 100_000, Map.of("cacheSize", "8m"), 10 * lev / agrona, 11.5 * lev / agrona,
            10.3 * lev / agrona));
    String text = new PublishedTables(List.of(TEST4)).render(ran, 250, 24L << 30);
    String mvLine = text.lines().filter(l -> l.contains("mvstore") && l.contains("x ")).findFirst().orElseThrow();
    assertThat(mvLine).contains(String.format(java.util.Locale.ROOT, "x %.2f", mv / agrona))
        .containsPattern("NO \\(here 0\\.\\d\\d-0\\.\\d\\d; the seed has it slower than the reference, this run"
            + " faster\\)");
    assertThat(text.lines().filter(l -> l.contains("leveldbjni") && l.contains("x ")).findFirst().orElseThrow())
        .endsWith("yes");
    assertThat(text.replaceAll("\\s+", " ")).contains("Another regime: this run's size puts its data on another side"
        + " than the seed's: mvstore's cacheSize 16m holds this run's data (9.9 MiB) but not the seed's (99.2 MiB).")
        // leveldbjni's 8 MiB holds neither; both data fit their hosts' memory
        .doesNotContain("leveldbjni's cacheSize", "memory");
    // a host smaller than this run's data, where the seed's fit its 512 GB
    assertThat(new PublishedTables(List.of(TEST4)).render(ran, 250, 4L << 20).replaceAll("\\s+", " "))
        .contains("the seed's data (99.2 MiB) fit in its host's 512.0 GiB of memory, this run's (9.9 MiB) outgrows this"
            + " host's 4.0 MiB");
    // one fork a cell: nothing to judge by
    String single = new PublishedTables(List.of(TEST4)).render(List.of(forked("lmdbjava-agrona", 100_000, Map.of(), 10),
        forked("mvstore", 100_000, Map.of(), 3)), 250);
    assertThat(single).contains("not judged (1 pair of forks, 3 needed)");
  }
}
