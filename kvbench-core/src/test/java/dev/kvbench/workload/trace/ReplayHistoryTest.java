package dev.kvbench.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a read under concurrent commits may find: the last state committed before it began, or any since. */
class ReplayHistoryTest {

  private final ReplayValues values = new ReplayValues();
  private final TracePlan.Key key = new TracePlan.Key(new byte[] {0, 0, 0, 7});

  private ByteBuffer bytesOf(long[] value) {
    ByteBuffer made = values.of(key, value);
    return ByteBuffer.allocate(made.remaining()).put(made).flip();
  }

  @Test
  void aReadFindsTheLastCommitBeforeItBeganOrALaterOneAndNothingOlder() {
    ReplayHistory h = new ReplayHistory();
    long[] v1 = {30, ValueClass.RANDOM.code(), h.nextVersion()};
    h.loaded(key, v1);
    long before = h.now();
    long[] v2 = {30, ValueClass.RANDOM.code(), h.nextVersion()};
    ReplayHistory.State s2 = new ReplayHistory.State(v2, h.now(), ReplayHistory.PENDING);
    h.committing(key, s2);
    // a read that began while v2 was committing may see either
    assertThat(h.check(key, bytesOf(v1), before, values)).isNull();
    assertThat(h.check(key, bytesOf(v2), before, values)).isNull();
    h.finished(List.of(s2));
    long after = h.now();
    assertThat(h.check(key, bytesOf(v2), after, values)).isNull();
    assertThat(h.check(key, bytesOf(v1), after, values)).as("stale: v2 was committed before the read began")
        .contains("no commit the read could see wrote");
    assertThat(h.check(key, null, after, values)).contains("did not find");
    long[] never = {30, ValueClass.RANDOM.code(), 999};
    assertThat(h.check(key, bytesOf(never), before, values)).contains("no commit the read could see wrote");

    // two commits at once: either may have been applied last, so a later read may find either
    long start = h.now();
    long[] a = {30, ValueClass.RANDOM.code(), h.nextVersion()};
    long[] b = {30, ValueClass.RANDOM.code(), h.nextVersion()};
    ReplayHistory.State sa = new ReplayHistory.State(a, start, ReplayHistory.PENDING);
    ReplayHistory.State sb = new ReplayHistory.State(b, start, ReplayHistory.PENDING);
    h.committing(key, sa);
    h.committing(key, sb);
    h.finished(List.of(sb));
    h.finished(List.of(sa));
    long end = h.now();
    assertThat(h.check(key, bytesOf(a), end, values)).isNull();
    assertThat(h.check(key, bytesOf(b), end, values)).isNull();
    assertThat(h.check(key, bytesOf(v2), end, values)).as("both began after v2 finished").isNotNull();
    // a key no commit touched is absent, and finding it is a failure
    TracePlan.Key other = new TracePlan.Key(new byte[] {9});
    assertThat(h.check(other, null, end, values)).isNull();
    assertThat(h.check(other, ByteBuffer.wrap(new byte[3]), end, values)).contains("never wrote");
  }

  @Test
  void aReadOlderThanEveryKeptStateIsCountedNotJudged() {
    ReplayHistory h = new ReplayHistory();
    long[] first = {10, ValueClass.RANDOM.code(), h.nextVersion()};
    h.loaded(key, first);
    long begin = h.now();
    for (int i = 0; i < ReplayHistory.KEEP + 1; i++) {
      ReplayHistory.State s = new ReplayHistory.State(new long[] {10, ValueClass.RANDOM.code(), h.nextVersion()}, h.now(),
          ReplayHistory.PENDING);
      h.committing(key, s);
      h.finished(List.of(s));
    }
    // the loaded state was dropped: a read that began before every kept one cannot be judged
    assertThat(h.check(key, bytesOf(first), begin, values)).isNull();
    assertThat(h.unknownReads()).isEqualTo(1);
    assertThat(h.check(key, bytesOf(first), h.now(), values)).as("a read that began after them is judged")
        .contains("no commit the read could see wrote");
  }
}
