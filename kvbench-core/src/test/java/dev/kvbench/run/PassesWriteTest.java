package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueGenerator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The write loop: every key once, in the key space's order, with its value, committed per batch. */
class PassesWriteTest {

  /** Puts and commits as the store saw them. */
  private static final class Recording implements Session, Writer {
    final List<Long> keys = new ArrayList<>();
    final List<ByteBuffer> values = new ArrayList<>();
    final List<Integer> putsPerCommit = new ArrayList<>();
    int uncommitted;

    @Override
    public Writer beginWrite(WriteOrder order) {
      return this;
    }

    @Override
    public Reader beginRead() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void put(ByteBuffer key, ByteBuffer value) {
      keys.add(Integer.toUnsignedLong(key.getInt(key.position())));
      values.add(ByteBuffer.allocate(value.remaining()).put(value.duplicate()).flip());
      uncommitted++;
    }

    @Override
    public void commit() {
      putsPerCommit.add(uncommitted);
      uncommitted = 0;
    }

    @Override
    public void close() {}
  }

  @ParameterizedTest(name = "{0} keys, batches of {1}, {2} order, one put in {3} timed")
  @CsvSource({
      "10, 3, SEQ, 1",
      "9, 3, RND, 1",
      "200000, 1000, RND, 64",
      "200000, 200000, SEQ, 64",
      "131072, 65536, SEQ, 7",
      "1, 1, SEQ, 64",
      "0, 1, SEQ, 64"})
  void writesEveryKeyOnceInOrderAndCommitsEachBatch(long n, long batchSize, KeyOrder order, int sampleEvery) {
    KeySpace keySpace = new KeySpace(n, KeyEncoding.INT, order, 5);
    ValueGenerator values = new ValueGenerator(100, 5);
    Recording store = new Recording();
    LatencySampler puts = new LatencySampler(sampleEvery, 11);
    LatencySampler commits = new LatencySampler(1, 11);
    PhaseProgress progress = new PhaseProgress(n);

    Passes.WriteOutcome outcome = Passes.write(store, keySpace, values, batchSize, puts, commits, progress,
        Passes.CommitListener.NONE);

    assertThat(outcome.ops()).isEqualTo(n);
    assertThat(store.keys).hasSize((int) n);
    for (int position = 0; position < n; position++) {
      long index = keySpace.indexAt(position);
      assertThat(store.keys.get(position)).as("key at position %d", position).isEqualTo(index);
      assertThat(store.values.get(position)).as("value at position %d", position).isEqualTo(values.valueOf(index));
    }
    List<Integer> expectedBatches = new ArrayList<>();
    for (long left = n; left > 0; left -= batchSize) {
      expectedBatches.add((int) Math.min(left, batchSize));
    }
    assertThat(store.putsPerCommit).isEqualTo(expectedBatches);
    assertThat(store.uncommitted).as("puts left uncommitted").isZero();
    assertThat(commits.histogram().getTotalCount()).isEqualTo(expectedBatches.size());
    assertThat(puts.histogram().getTotalCount()).as("timed puts").isEqualTo(timedPositions(n, sampleEvery));
    assertThat(progress.done()).isEqualTo(n);
  }

  /** How many of n positions a sampler with the same interval and seed (11) picks; readKey's test too. */
  static long timedPositions(long n, int sampleEvery) {
    LatencySampler reference = new LatencySampler(sampleEvery, 11);
    long timed = 0;
    while (reference.nextSample() < n) {
      reference.record(1);
      timed++;
    }
    return timed;
  }
}
