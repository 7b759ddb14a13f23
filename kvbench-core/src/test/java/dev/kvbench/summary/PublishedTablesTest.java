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
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 16, 100);
    List<PassResult> passes = List.of(PassResult.of(entries, (long) (readKeyMillis * 1e6), new CpuTime(readKeyMillis, 0), 0));
    PhaseResult readKey = PhaseResult.measured("readKey", passes, PhaseResult.Latency.NONE, true, null, null);
    return new CellResult(store, store, "g:a", "1", caps, Map.of(), Map.of(),
        new CellResult.Parameters(entries, "int", 4, 100, "seq", entries, "nosync", 1, 16, 2, 1000, 3),
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
    assertThat(chronicle.msPerPass()).isEqualTo(613.912121);
    assertThat(chronicle.samples()).isEqualTo(18);
    assertThat(chronicle.entries()).isEqualTo(1_000_000);
    // every store of the report, six phases, two key types, two orders (Chronicle: write and readKey only)
    assertThat(TEST4.timings()).extracting(PublishedTiming::store).containsOnly("chronicle-map", "leveldbjni",
        "lmdbjava-agrona", "lmdbjava-bb", "lmdbjni", "lwjgl-lmdb", "mapdb", "mvstore", "rocksdb", "xodus");
    assertThat(TEST4.timings()).hasSize(9 * 6 * 4 + 2 * 4);
    // 4-size.dat, as the report's table: LevelDB 107,036,672, MapDB 118,489,088; "LMDB BB" once, its first line
    assertThat(TEST4.storage("leveldbjni", "int", 100).orElseThrow().bytes()).isEqualTo(107_036_672L);
    assertThat(TEST4.storage("mapdb", "int", 100).orElseThrow().bytes()).isEqualTo(118_489_088L);
    assertThat(TEST4.storage("lmdbjava-bb", "int", 100).orElseThrow().bytes()).isEqualTo(172_040_192L);
  }

  @Test
  void timesAreRatiosToTheReferenceStoreWithRanksAndBytesAreComparedOnlyAtTheSeedsSize() {
    List<CellResult> ran = List.of(cell("lmdbjava-agrona", 1_000_000, 100, 171_601_920L),
        cell("leveldbjni", 1_000_000, 2_000, 107_036_672L), cell("mapdb", 100_000, 50, 11_000_000L));
    String text = new PublishedTables(List.of(TEST4)).render(ran, 200);
    double agrona = TEST4.timing("lmdbjava-agrona", "readKey", "int", "seq", 100).orElseThrow().msPerPass();
    double level = TEST4.timing("leveldbjni", "readKey", "int", "seq", 100).orElseThrow().msPerPass();
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
}
