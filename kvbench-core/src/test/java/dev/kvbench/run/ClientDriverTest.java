package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The one loop every threaded and sustained client runs: when it stops, which ops it times and from
 * when. Nothing here depends on the machine's speed: the paced cases use gaps of milliseconds and
 * assert only what a slower machine cannot change (an op is never timed from before its intended
 * start, a late op's latency includes its wait).
 */
class ClientDriverTest {

  /** A client that records what the driver asked of it. */
  private static class Recording implements ClientDriver.Client {
    final List<Long> ran = new ArrayList<>();
    final List<Long> checkedAt = new ArrayList<>();
    final List<long[]> timings = new ArrayList<>();
    int finished;
    long stopFrom = Long.MAX_VALUE;

    @Override
    public int op(long n) {
      ran.add(n);
      return (int) (n % 3);
    }

    @Override
    public void timed(int slot, long latencyNanos, long serviceNanos) {
      timings.add(new long[] {slot, latencyNanos, serviceNanos});
    }

    @Override
    public boolean stopAt(long done) {
      checkedAt.add(done);
      return done >= stopFrom;
    }

    @Override
    public void finish() {
      finished++;
    }
  }

  private static Schedule fullSpeed() {
    return Schedule.of(System.nanoTime(), 0, 1);
  }

  @Test
  void aQuotaRunsExactlyThatManyOpsTimesEachAtSampleOneAndFinishesOnce() {
    Recording client = new Recording();
    ClientDriver driver = new ClientDriver(fullSpeed(), 10, ClientDriver.NONE, 4, 1, 0);

    assertThat(driver.run(client)).isEqualTo(10);

    assertThat(client.ran).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    assertThat(client.timings).hasSize(10);
    assertThat(client.timings).extracting(t -> t[0]).containsExactly(0L, 1L, 2L, 0L, 1L, 2L, 0L, 1L, 2L, 0L);
    // at full speed an op's latency is its service time
    assertThat(client.timings).allSatisfy(t -> assertThat(t[1]).isEqualTo(t[2]).isNotNegative());
    assertThat(client.checkedAt).containsExactly(0L, 4L, 8L);
    assertThat(client.finished).isEqualTo(1);
    assertThat(driver.ops()).isEqualTo(10);
  }

  @Test
  void aSignalIsLookedAtEveryFewOpsAndEndsTheLoopThere() {
    Recording client = new Recording();
    client.stopFrom = 8;
    ClientDriver driver = new ClientDriver(fullSpeed(), ClientDriver.NONE, ClientDriver.NONE, 4, 1, 0);

    assertThat(driver.run(client)).isEqualTo(8);
    assertThat(client.checkedAt).containsExactly(0L, 4L, 8L);
  }

  @Test
  void atFullSpeedASamplerTimesAboutOneOpInItsInterval() {
    Recording client = new Recording();
    ClientDriver driver = new ClientDriver(fullSpeed(), 100_000, ClientDriver.NONE, 64, 100, 7);

    driver.run(client);

    // gaps uniform in [1, 199]: 1,000 timed ops on average, the spread a few dozen
    assertThat(client.timings.size()).isBetween(850, 1150);
    Recording again = new Recording();
    new ClientDriver(fullSpeed(), 100_000, ClientDriver.NONE, 64, 100, 7).run(again);
    assertThat(again.timings).hasSameSizeAs(client.timings);
  }

  @Test
  void atASetRateEveryOpIsTimedFromItsIntendedStartAndALateOneCountsItsWait() {
    long gap = TimeUnit.MILLISECONDS.toNanos(5);
    long start = System.nanoTime();
    Schedule schedule = Schedule.of(start, 1e9 / gap, 1);
    long stallNanos = TimeUnit.MILLISECONDS.toNanos(30);
    List<Long> began = new ArrayList<>();
    Recording client = new Recording() {
      @Override
      public int op(long n) {
        began.add(System.nanoTime());
        if (n == 1) {
          sleep(stallNanos);
        }
        return super.op(n);
      }
    };
    // sampleEvery 100 is ignored: at a set rate every op is timed
    ClientDriver driver = new ClientDriver(schedule, 5, ClientDriver.NONE, 1, 100, 0);

    driver.run(client);

    assertThat(client.timings).hasSize(5);
    for (int n = 0; n < 5; n++) {
      // no op began before its place in the schedule
      assertThat(began.get(n)).isGreaterThanOrEqualTo(start + n * gap);
      long[] t = client.timings.get(n);
      assertThat(t[1]).isGreaterThanOrEqualTo(t[2]);
    }
    // op 1 held the loop 30 ms: op 2, intended 5 ms after op 1, waited at least 25 ms before it began,
    // and that wait is in its latency, not in its service time
    long[] late = client.timings.get(2);
    assertThat(late[1] - late[2]).isGreaterThanOrEqualTo(stallNanos - gap);
    assertThat(client.timings.get(1)[2]).isGreaterThanOrEqualTo(stallNanos);
  }

  @Test
  void atASetRateNoOpStartsWhoseIntendedStartIsPastTheDeadline() {
    long start = System.nanoTime();
    long gap = TimeUnit.MILLISECONDS.toNanos(10);
    // ops 0..4 are intended before the deadline at 4.5 gaps, op 5 after it
    ClientDriver driver = new ClientDriver(Schedule.of(start, 1e9 / gap, 1), ClientDriver.NONE, start + gap * 9 / 2,
        1 << 10, 1, 0);
    Recording client = new Recording();

    // without the check the loop would wait for op 5 and run on to the next look at the clock, 1,024 ops on
    assertThat(driver.run(client)).isLessThanOrEqualTo(5);
  }

  @Test
  void aStoppedOpIsNotCountedNorTimedAndAThrowSkipsFinishButKeepsTheCount() {
    Recording stops = new Recording() {
      @Override
      public int op(long n) {
        return n == 3 ? ClientDriver.STOPPED : super.op(n);
      }
    };
    ClientDriver driver = new ClientDriver(fullSpeed(), 10, ClientDriver.NONE, 1, 1, 0);
    assertThat(driver.run(stops)).isEqualTo(3);
    assertThat(stops.timings).hasSize(3);

    Recording throwing = new Recording() {
      @Override
      public int op(long n) {
        if (n == 4) {
          throw new IllegalStateException("store failed");
        }
        return super.op(n);
      }
    };
    ClientDriver failing = new ClientDriver(fullSpeed(), 10, ClientDriver.NONE, 1, 1, 0);
    assertThatThrownBy(() -> failing.run(throwing)).hasMessage("store failed");
    assertThat(failing.ops()).isEqualTo(4);
    assertThat(throwing.finished).isZero();
  }

  @Test
  void checkEveryMustBeAPowerOfTwo() {
    assertThatThrownBy(() -> new ClientDriver(fullSpeed(), 1, ClientDriver.NONE, 3, 1, 0))
        .hasMessageContaining("power of two");
  }

  private static void sleep(long nanos) {
    try {
      TimeUnit.NANOSECONDS.sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A seed pass's client: its untimed ops come as spans, each timed op is prepared first. */
  private static final class Bulk extends Recording {
    final List<long[]> spans = new ArrayList<>();
    final List<Long> prepared = new ArrayList<>();

    @Override
    public long untimed(long from, long to) {
      spans.add(new long[] {from, to});
      return to;
    }

    @Override
    public void prepare(long n) {
      prepared.add(n);
    }
  }

  @Test
  void aSeedPassGetsTheOpsBetweenItsSampledOnesAsSpansThatEndAtEachLookAtTheSignals() {
    Bulk client = new Bulk();
    dev.kvbench.measure.LatencySampler chosen = new dev.kvbench.measure.LatencySampler(5, 42);
    // the ops a sampler of the same seed picks, as a seed pass picked them before the driver ran it
    dev.kvbench.measure.LatencySampler same = new dev.kvbench.measure.LatencySampler(5, 42);
    List<Long> expected = new ArrayList<>();
    while (same.nextSample() < 100) {
      expected.add(same.nextSample());
      same.skip();
    }
    ClientDriver driver = new ClientDriver(100, 16, chosen);

    assertThat(driver.run(client)).isEqualTo(100);

    assertThat(client.ran).isEqualTo(expected);
    assertThat(client.prepared).isEqualTo(expected);
    assertThat(client.timings).hasSize(expected.size());
    // the spans and the timed ops cover every op once, in order, and no span crosses a look at the signals
    List<Long> covered = new ArrayList<>();
    int next = 0;
    for (long[] span : client.spans) {
      while (next < expected.size() && expected.get(next) < span[0]) {
        covered.add(expected.get(next++));
      }
      for (long n = span[0]; n < span[1]; n++) {
        covered.add(n);
      }
      assertThat(span[1] - 1).isLessThan((span[0] / 16 + 1) * 16);
    }
    while (next < expected.size()) {
      covered.add(expected.get(next++));
    }
    assertThat(covered).isEqualTo(java.util.stream.LongStream.range(0, 100).boxed().toList());
    assertThat(client.checkedAt).containsExactly(0L, 16L, 32L, 48L, 64L, 80L, 96L);
    assertThat(client.finished).isEqualTo(1);
  }

  @Test
  void withNoSamplerNoOpIsTimedAndEveryOpRunsInSpans() {
    Bulk client = new Bulk();
    ClientDriver driver = new ClientDriver(40, 16, null);

    assertThat(driver.run(client)).isEqualTo(40);

    assertThat(client.ran).isEmpty();
    assertThat(client.timings).isEmpty();
    assertThat(client.spans).extracting(s -> s[0] + "-" + s[1]).containsExactly("0-16", "16-32", "32-40");
  }

  @Test
  void aSpanCutShortByAStoppedOpEndsTheLoopWithTheOpsBeforeIt() {
    Recording client = new Recording() {
      @Override
      public int op(long n) {
        return n == 7 ? ClientDriver.STOPPED : super.op(n);
      }
    };
    ClientDriver driver = new ClientDriver(100, 16, null);

    assertThat(driver.run(client)).isEqualTo(7);
    assertThat(driver.ops()).isEqualTo(7);
    assertThat(client.ran).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L);
  }
}
