package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A timeline's stalls and amplification, from its points. */
class TimelineTest {

  private static TimelinePoint point(long end, long millis, long ops, Long storage) {
    return new TimelinePoint(end, millis, new TimelinePoint.Ops(ops, 1, 2, 3), null, null, storage, null, null, 1.0, 2.0,
        Map.of());
  }

  @Test
  void intervalsBelowTheFractionOfTheMedianAreStallsAndTheLongestRunIsTimed() {
    List<TimelinePoint> points = new ArrayList<>();
    long[] ops = {1000, 1000, 100, 50, 1000, 990, 400, 1000};
    for (int i = 0; i < ops.length; i++) {
      points.add(point((i + 1) * 1000L, 1000, ops[i], null));
    }
    Timeline.Stalls s = Timeline.Stalls.of(points, 1000, 0.5);
    assertThat(s.medianOps()).isEqualTo(990);
    assertThat(s.stalledIntervals()).isEqualTo(3);
    assertThat(s.longestMillis()).isEqualTo(2000);
    assertThat(s.firstAtMillis()).isEqualTo(3000);
  }

  /** What the charts ring is what the stalls count: a short interval inside the pass is judged, the short tail not. */
  @Test
  void eachPointIsStalledExactlyAsTheStallsCountIt() {
    // per interval of 1000 ms: 1000, 200 (100 in half a second), 990, 1005, 300; the 20 ms tail is not judged
    List<TimelinePoint> points = List.of(point(1000, 1000, 1000, null), point(1500, 500, 100, null),
        point(2500, 1000, 990, null), point(3500, 1000, 1005, null), point(4500, 1000, 300, null),
        point(4520, 20, 1, null));
    Timeline t = new Timeline(1000, points, Timeline.Stalls.of(points, 1000, 0.5), 0, null, null, 0, false);
    List<Integer> stalled = java.util.stream.IntStream.range(0, points.size()).filter(t::stalled).boxed().toList();
    assertThat(stalled).containsExactly(1, 4);
    assertThat(t.stalls().stalledIntervals()).isEqualTo(stalled.size());
  }

  /**
   * At a shaped rate a trough the shape asked for is no stall, nor is a steady share of the offer
   * (a store that cannot keep the rate); an interval that did far less of its offer than the others is one.
   */
  @Test
  void atASetRateAnIntervalIsJudgedByTheShareOfItsOfferItDid() {
    // steps of 300 and 1,000 ops offered a second: the 300s are kept, the last 1,000 did 200 (a stall)
    long[][] offeredAndDone = {{300, 300}, {300, 290}, {1000, 1000}, {1000, 990}, {1000, 1000}, {1000, 995}, {1000, 200}};
    Timeline t = timeline(offeredAndDone, true);
    assertThat(java.util.stream.IntStream.range(0, 7).filter(t::stalled).boxed().toList()).containsExactly(6);
    assertThat(t.stalls().stalledIntervals()).isEqualTo(1);
    // the same ops without an offer: the median (990) judges, and the two low steps look like stalls too
    assertThat(timeline(offeredAndDone, false).stalls().stalledIntervals()).isEqualTo(3);
    // a store that does 40 % of every offer, through the same steps: saturated, not stalled
    long[][] saturated = {{300, 120}, {300, 121}, {1000, 400}, {1000, 399}, {1000, 401}, {1000, 400}, {1000, 400}};
    assertThat(timeline(saturated, true).stalls().stalledIntervals()).isZero();
  }

  private static Timeline timeline(long[][] offeredAndDone, boolean offered) {
    List<TimelinePoint> points = new ArrayList<>();
    for (int i = 0; i < offeredAndDone.length; i++) {
      points.add(new TimelinePoint((i + 1) * 1000L, 1000, null, new TimelinePoint.Ops(offeredAndDone[i][1], 1, 2, 3),
          offered ? offeredAndDone[i][0] : null, null, null, null, 1.0, 2.0, Map.of()));
    }
    return new Timeline(1000, points, Timeline.Stalls.of(points, 1000, 0.5), 0, null, null, 0, false);
  }

  @Test
  void theShortLastIntervalIsNoStallButALateOneIsJudgedPerSecond() {
    List<TimelinePoint> points = List.of(point(1000, 1000, 1000, null), point(2100, 1100, 1100, null),
        point(2950, 850, 850, null), point(3010, 60, 3, null));
    Timeline.Stalls s = Timeline.Stalls.of(points, 1000, 0.5);
    assertThat(s.stalledIntervals()).isZero();
    assertThat(s.medianOps()).isEqualTo(1000);
  }

  @Test
  void amplificationIsDeviceBytesOverUserBytesAndTheLastStorageOverTheLiveBytes() {
    List<TimelinePoint> points = List.of(point(1000, 1000, 10, 4_000L), point(2000, 1000, 10, 9_000L));
    Timeline t = new Timeline(1000, points, Timeline.Stalls.of(points, 1000, 0.5), 1_000, 3_000L, null, 3_000, false);
    assertThat(t.writeAmplification()).isEqualTo(3.0);
    assertThat(t.spaceAmplification()).isEqualTo(3.0);
    assertThat(t.clientCpuMillis()).isEqualTo(2.0);
    assertThat(t.otherCpuMillis()).isEqualTo(4.0);
    Timeline onTmpfs = new Timeline(1000, points, null, 1_000, null, "tmpfs", 3_000, false);
    assertThat(onTmpfs.writeAmplification()).isNull();
  }
}
