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

  /** Finds every key but those divisible by {@code missingEvery}; a value's length is its index mod 7. */
  private static final class Partial implements Reader {
    final List<Long> asked = new ArrayList<>();
    final long missingEvery;

    Partial(long missingEvery) {
      this.missingEvery = missingEvery;
    }

    @Override
    public ByteBuffer get(ByteBuffer key) {
      long index = Integer.toUnsignedLong(key.getInt(key.position()));
      asked.add(index);
      return missingEvery > 0 && index % missingEvery == 0 ? null : ByteBuffer.allocate((int) (index % 7));
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
}
