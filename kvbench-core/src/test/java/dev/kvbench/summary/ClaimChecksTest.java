package dev.kvbench.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.published.PublishedClaim;
import dev.kvbench.published.PublishedFigures;
import dev.kvbench.published.PublishedSet;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.StorageResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seeds' claims in words, shipped as data and held against a run's cells. */
class ClaimChecksTest {

  private static PublishedSet set(String id) {
    return PublishedFigures.bundled().stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
  }

  private static CellResult cell(String store, String keys, String codec, String durability, int maxKeySize,
      double writeMillis, long bytes) {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true,
        maxKeySize, 1 << 20);
    PhaseResult write = PhaseResult.measured("write", List.of(PassResult.of(10_000, (long) (writeMillis * 1e6),
        new CpuTime(writeMillis, 0), 0)), PhaseResult.Latency.NONE, false, null, null);
    var params = new CellResult.Parameters(10_000, keys, 16, 100, "seq", 100, durability, 1, 16, 1, 0, 1, 1, null,
        null, codec, null, Map.of());
    return new CellResult(store + " " + keys + " " + codec + " " + durability, store, "g:a", "1", caps, Map.of(),
        Map.of(), params, List.of(write), StorageResult.of(new StorageSize(bytes, bytes), new StorageSize(bytes, bytes),
        1_160_000), CellResult.Outcome.RAN, null, null);
  }

  /** {@link #cell} with one write pass in each of five forks, at {@code writeMillis} times 1 + {@code spread[i]}. */
  private static CellResult forked(String keys, double writeMillis, double... spread) {
    CellResult one = cell("lmdbjava-bb", keys, "none", "sync", 511, writeMillis, 1);
    List<PassResult> passes = new java.util.ArrayList<>();
    for (int fork = 1; fork <= spread.length; fork++) {
      double ms = writeMillis * (1 + spread[fork - 1]);
      passes.add(PassResult.of(10_000, (long) (ms * 1e6), new CpuTime(ms, 0), 0).withFork(fork));
    }
    return one.withPhases(List.of(PhaseResult.measured("write", passes, PhaseResult.Latency.NONE, false, null, null)));
  }

  /**
   * Issue 64: a claim is judged as compare judges, on the forks' interval, where the forks give
   * one: inside the seed's range holds, outside it does not, and one that spans a bound is not
   * told apart, though its medians alone would have said yes.
   */
  @Test
  void aTimeRatioWithForksIsJudgedOnItsInterval() {
    PublishedSet uuid = set("ayende-uuid-churn");
    double[] tight = {-0.01, 0, 0.01, -0.005, 0.005};
    List<CellResult> inside = List.of(forked("uuid4", 200, tight), forked("uuid7", 100, tight));
    assertThat(rows(uuid, inside, 0)).singleElement().satisfies(r -> {
      assertThat(r.get(2)).startsWith("x 2.00 (95 %: 1.9").contains("-2.0");
      assertThat(r.get(4)).isEqualTo("yes");
    });
    // medians x 1.55, inside 1.5-2.5, but forks this spread put the interval across 1.5
    double[] wide = {-0.2, 0, 0.2, -0.1, 0.1};
    List<CellResult> spanning = List.of(forked("uuid4", 155, wide), forked("uuid7", 100, tight));
    assertThat(rows(uuid, spanning, 0)).singleElement().satisfies(r -> {
      assertThat(r.get(2)).startsWith("x 1.55 (95 %: ");
      assertThat(r.get(4)).isEqualTo("not told apart: the interval spans a bound of the range");
    });
    List<CellResult> outside = List.of(forked("uuid4", 110, tight), forked("uuid7", 100, tight));
    assertThat(rows(uuid, outside, 0)).singleElement().satisfies(r -> assertThat(r.get(4)).isEqualTo("no"));
  }

  private static List<List<String>> rows(PublishedSet set, List<CellResult> ran, int claim) {
    return ClaimChecks.check(set.claims().get(claim), ran).orElseThrow().table().cells();
  }

  @Test
  void eachSeedThatPublishedWordsShipsItsClaimsWithTheirLines() {
    assertThat(set("symas-2015-compressors").claims()).hasSize(4);
    assertThat(set("ayende-uuid-churn").claims()).singleElement().satisfies(c -> {
      assertThat(c.where()).isEqualTo("seed 003, line 56");
      assertThat(c.statement()).contains("half the time");
    });
    assertThat(set("libmdbx-readme").claims()).hasSize(2);
    assertThat(PublishedFigures.reproducedBy("crud")).extracting(PublishedSet::id).containsExactly("libmdbx-readme");
  }

  @Test
  void aTimeRatioHoldsOnlyInsideTheSeedsRangeAndComparesCellsThatDifferInNothingElse() {
    PublishedSet uuid = set("ayende-uuid-churn");
    List<CellResult> ran = List.of(cell("lmdbjava-bb", "uuid4", "none", "sync", 511, 200, 1),
        cell("lmdbjava-bb", "uuid7", "none", "sync", 511, 100, 1),
        cell("lmdbjava-bb", "uuid7", "none", "nosync", 511, 10, 1));
    // uuid4 sync against uuid7 sync only: x 2.00, inside 1.5-2.5, on one fork a side, so the noise is not known
    assertThat(rows(uuid, ran, 0)).singleElement().satisfies(r -> assertThat(r).contains("write", "x 2.00",
        "yes, too few forks to judge"));
    List<CellResult> close = List.of(cell("lmdbjava-bb", "uuid4", "none", "sync", 511, 110, 1),
        cell("lmdbjava-bb", "uuid7", "none", "sync", 511, 100, 1));
    assertThat(rows(uuid, close, 0)).singleElement().satisfies(r -> assertThat(r).contains("x 1.10",
        "no, too few forks to judge"));
    // a run without the claim's cells gets no check
    assertThat(ClaimChecks.check(uuid.claims().get(0), List.of(cell("rocksdb", "uuid4", "none", "sync", 1, 1, 1))))
        .isEmpty();
  }

  @Test
  void aBestClaimNamesTheWinnerAndTheExpectedOnesPlace() {
    PublishedSet symas = set("symas-2015-compressors");
    List<CellResult> ran = List.of(cell("lmdbjava-bb", "str", "snappy", "nosync", 511, 30, 900),
        cell("lmdbjava-bb", "str", "lz4", "nosync", 511, 20, 950),
        cell("lmdbjava-bb", "str", "bzip2", "nosync", 511, 90, 800),
        cell("lmdbjava-bb", "str", "zstd", "nosync", 511, 5, 100), // not among the seed's compressors
        cell("lmdbjava-bb", "str", "none", "nosync", 511, 10, 2000));
    assertThat(symas.claims().get(0)).isInstanceOf(PublishedClaim.Best.class);
    // fastest write: lz4 here, snappy second of three (zstd and none left out)
    assertThat(rows(symas, ran, 0)).singleElement().satisfies(r -> assertThat(r).containsSubsequence("lz4",
        "2 of 3", "no, too few forks to judge"));
    // smallest: bzip2 (800 bytes) here, snappy (900) second; one fork's bytes are one sample, as its time is
    assertThat(rows(symas, ran, 1)).singleElement().satisfies(r -> assertThat(r).contains("bzip2", "2 of 3",
        "no, too few forks to judge"));
    // three forks' bytes each: the median of theirs ranks, and the claim is judged
    List<CellResult> forked = ran.stream().map(c -> new CellResult(c.cellId(), c.store(), c.library(),
        c.libraryVersion(), c.capabilities(), c.settings(), c.nativeSettings(), c.parameters(), c.phases(),
        c.storage().withForks(List.of(c.storage().allocatedBytes().afterClose(), 700L, 3000L)), c.outcome(),
        c.error(), c.diagnostics())).toList();
    // each cell's median of its three forks (its own bytes, 700, 3,000) is its own bytes: the same order, judged
    assertThat(rows(symas, forked, 1)).singleElement().satisfies(r -> assertThat(r).containsExactly(r.get(0), "bzip2",
        "2 of 3", "no"));
  }

  @Test
  void keySizesAreTheLibrariesOwn() {
    PublishedSet mdbx = set("libmdbx-readme");
    List<CellResult> ran = List.of(cell("libmdbx", "int", "none", "nosync", 2022, 1, 1),
        cell("lwjgl-lmdb", "int", "none", "nosync", 1978, 1, 1));
    assertThat(rows(mdbx, ran, 1)).containsExactly(List.of("libmdbx", "2,022", "2,022", "yes"),
        List.of("lwjgl-lmdb", "511", "1,978", "no"));
  }
}
