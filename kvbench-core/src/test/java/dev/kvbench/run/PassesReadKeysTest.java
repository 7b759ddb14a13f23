package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.KeySpace;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The readKey loop: every key asked once, in the key space's order, and what was found counted. */
class PassesReadKeysTest {

  /** Finds every key but those {@code absent} names; a value's length is its index mod 7. */
  private static final class Partial implements Reader {
    final List<Long> asked = new ArrayList<>();
    final java.util.function.LongPredicate absent;

    /** Finds every key but those divisible by {@code missingEvery} (none where 0). */
    Partial(long missingEvery) {
      this(index -> missingEvery > 0 && index % missingEvery == 0);
    }

    Partial(java.util.function.LongPredicate absent) {
      this.absent = absent;
    }

    @Override
    public ByteBuffer get(ByteBuffer key) {
      long index = Integer.toUnsignedLong(key.getInt(key.position()));
      asked.add(index);
      return absent.test(index) ? null : ByteBuffer.allocate((int) (index % 7));
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}
  }

  @ParameterizedTest(name = "{0} keys, {1} order, every {2}th missing, one get in {3} timed")
  @CsvSource({
      "10, SEQ, 0, 1",
      "1000, RND, 3, 1",
      "200000, RND, 1000, 64",
      "131072, SEQ, 65536, 7",
      "1, SEQ, 0, 64",
      "0, SEQ, 0, 64"})
  void asksEveryKeyOnceAndCountsWhatItFound(long n, KeyOrder order, long missingEvery, int sampleEvery) {
    KeySpace keySpace = new KeySpace(n, KeyEncoding.INT, order, 5);
    Partial reader = new Partial(missingEvery);
    LatencySampler gets = new LatencySampler(sampleEvery, 11);
    PhaseProgress progress = new PhaseProgress(n);

    Passes.GetOutcome outcome = Passes.readKeys(reader, keySpace, gets, progress);

    long found = 0;
    long valueBytes = 0;
    long firstMissing = -1;
    for (int position = 0; position < n; position++) {
      long index = keySpace.indexAt(position);
      assertThat(reader.asked.get(position)).as("key asked at position %d", position).isEqualTo(index);
      if (missingEvery > 0 && index % missingEvery == 0) {
        firstMissing = firstMissing < 0 ? position : firstMissing;
      } else {
        found++;
        valueBytes += index % 7;
      }
    }
    assertThat(reader.asked).hasSize((int) n);
    assertThat(outcome.ops()).isEqualTo(n);
    assertThat(outcome.found()).isEqualTo(found);
    assertThat(outcome.firstMissingPosition()).isEqualTo(firstMissing);
    assertThat(outcome.valueBytes()).isEqualTo(valueBytes);
    assertThat(gets.histogram().getTotalCount()).as("timed gets").isEqualTo(PassesWriteTest.timedPositions(n, sampleEvery));
    assertThat(progress.done()).isEqualTo(n);
  }

  /** Issue 67: a miss fraction sends that share of the gets, at fixed positions, to the absent key n past each; they are counted apart. */
  @ParameterizedTest(name = "{0} keys, miss fraction {1}")
  @CsvSource({"20000, 0.1", "20000, 0.5", "1000, 0.0"})
  void aMissFractionAsksThatShareForAbsentKeysAndCountsThemApart(long n, double fraction) {
    KeySpace keySpace = new KeySpace(n, KeyEncoding.INT, KeyOrder.RND, 5);
    dev.kvbench.workload.MissFraction miss = new dev.kvbench.workload.MissFraction(fraction);
    // holds the keys below n: an absent key (n or past it) reads as null
    Partial reader = new Partial(index -> index >= n);
    Passes.GetOutcome outcome = Passes.readKeys(reader, keySpace, miss, new LatencySampler(64, 3), new PhaseProgress(n));
    long misses = 0;
    long valueBytes = 0;
    for (int position = 0; position < n; position++) {
      long index = keySpace.indexAt(position);
      boolean absent = miss.misses(position);
      assertThat(reader.asked.get(position)).as("key asked at position %d", position).isEqualTo(absent ? n + index : index);
      misses += absent ? 1 : 0;
      valueBytes += absent ? 0 : index % 7;
    }
    assertThat(outcome.misses()).isEqualTo(misses);
    assertThat((double) misses / n).isCloseTo(fraction, org.assertj.core.data.Offset.offset(0.02));
    assertThat(outcome.found()).isEqualTo(n - misses);
    assertThat(outcome.valueBytes()).isEqualTo(valueBytes);
    assertThat(outcome.firstMissingPosition()).isEqualTo(-1);
    assertThat(outcome.firstWrongHit()).isEqualTo(-1);
    // a store that finds everything: the first position that asked for an absent key is a wrong hit
    Passes.GetOutcome all = Passes.readKeys(new Partial(0), keySpace, miss, new LatencySampler(64, 3), new PhaseProgress(n));
    long firstAbsent = java.util.stream.LongStream.range(0, n).filter(miss::misses).findFirst().orElse(-1);
    assertThat(all.firstWrongHit()).isEqualTo(firstAbsent);
  }
}
