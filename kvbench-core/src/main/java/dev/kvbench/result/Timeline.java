package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Arrays;
import java.util.List;

/**
 * A sustained pass over time: a point per interval, the stalls found in it, and the pass's totals
 * of bytes and CPU that explain them (the figures the 2016 reports could not see: the store's own
 * threads, its device writes, its space).
 *
 * @param intervalMillis the length of an interval (the last may be shorter)
 * @param points one per interval, in order
 * @param stalls the intervals whose ops fell below a fraction of the median interval's: the writers'
 *     where the phase writes only, the readers' in readwhilewriting (what a reader saw)
 * @param userWriteBytes bytes the clients asked the store to write (key and value of every put, the
 *     key of every delete)
 * @param deviceWriteBytes bytes the work directory's block device wrote over the pass (every
 *     process's and the kernel's write-back: one store's on a quiet host); null where that cannot be
 *     known (see {@link #deviceUnknown})
 * @param deviceUnknown why the device bytes are not known (a tmpfs keeps its files in memory); null
 *     when they are
 * @param liveBytes flat bytes (key + value) of the entries the store holds at the end
 * @param writersSerialised the store allows fewer writers at once than the phase's writer threads,
 *     so kvbench let one write transaction run at a time: the timeline is serialised writers, as
 *     such a store serves them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Timeline(long intervalMillis, List<TimelinePoint> points, Stalls stalls, long userWriteBytes,
    Long deviceWriteBytes, String deviceUnknown, long liveBytes, boolean writersSerialised) {

  public Timeline {
    points = points == null ? List.of() : List.copyOf(points);
  }

  /**
   * Write amplification over the pass: device bytes over user bytes; null where either is unknown
   * or nothing was written.
   */
  public Double writeAmplification() {
    return deviceWriteBytes == null || userWriteBytes == 0 ? null : (double) deviceWriteBytes / userWriteBytes;
  }

  /** Space amplification at the end: the directory's bytes over the live flat bytes; null without either. */
  public Double spaceAmplification() {
    Long last = points.isEmpty() ? null : points.get(points.size() - 1).storageBytes();
    return last == null || liveBytes == 0 ? null : (double) last / liveBytes;
  }

  /** CPU the clients used over the pass, in ms. */
  public double clientCpuMillis() {
    return points.stream().mapToDouble(p -> p.clientCpuMillis() == null ? 0 : p.clientCpuMillis()).sum();
  }

  /** CPU every other thread (the store's own, GC, JIT) used over the pass, in ms. */
  public double otherCpuMillis() {
    return points.stream().mapToDouble(p -> p.otherCpuMillis() == null ? 0 : p.otherCpuMillis()).sum();
  }

  /**
   * Intervals whose ops fell below {@code fraction} of the median interval's, and the longest run of
   * them. At a set rate each interval's ops are first scaled by the pass's mean offer over its own
   * offer ({@link TimelinePoint#offeredOps}): a shaped rate's trough is the shape, not a stall, and a
   * store that keeps a steady share of its offer has none. The pass's last interval is left out where
   * it is short (under nine tenths of an interval): it ends with the pass, not with a stall. Ops are
   * compared as ops per second, so an interval the sampler took a little late or early is judged on
   * its length.
   *
   * @param fraction the threshold, a fraction of the median interval's ops (0.5: half)
   * @param medianOps the median full interval's ops (at a set rate: scaled to the mean offer)
   * @param stalledIntervals how many full intervals fell below the threshold
   * @param longestMillis the longest run of consecutive stalled intervals, in ms
   * @param firstAtMillis the end of the first stalled interval, ms since the pass started; -1 for none
   */
  public record Stalls(double fraction, long medianOps, int stalledIntervals, long longestMillis, long firstAtMillis) {

    /** The stalls of {@code points}' {@link TimelinePoint#primary} ops: the readers' where there are any. */
    public static Stalls of(List<TimelinePoint> points, long intervalMillis, double fraction) {
      List<TimelinePoint> full = points.subList(0, judged(points, intervalMillis));
      double meanOffer = meanOffer(full, intervalMillis);
      long[] ops = full.stream().mapToLong(p -> judgedOps(p, intervalMillis, meanOffer)).toArray();
      if (ops.length == 0) {
        return new Stalls(fraction, 0, 0, 0, -1);
      }
      long[] sorted = ops.clone();
      Arrays.sort(sorted);
      long median = sorted[(sorted.length - 1) / 2];
      double threshold = median * fraction;
      int stalled = 0;
      long run = 0;
      long longest = 0;
      long first = -1;
      for (int i = 0; i < ops.length; i++) {
        if (ops[i] < threshold) {
          stalled++;
          run += full.get(i).millis();
          longest = Math.max(longest, run);
          first = first < 0 ? full.get(i).endMillis() : first;
        } else {
          run = 0;
        }
      }
      return new Stalls(fraction, median, stalled, longest, first);
    }

    /** How many of {@code points} are judged: all but a short last one (under nine tenths of an interval). */
    static int judged(List<TimelinePoint> points, long intervalMillis) {
      boolean shortTail = !points.isEmpty() && points.get(points.size() - 1).millis() * 10 < intervalMillis * 9L;
      return shortTail ? points.size() - 1 : points.size();
    }

    /** The mean offer per interval of {@code judged} points, or 0 where any was offered nothing (full speed). */
    static double meanOffer(List<TimelinePoint> judged, long intervalMillis) {
      double sum = 0;
      for (TimelinePoint p : judged) {
        if (p.offeredOps() == null || p.offeredOps() <= 0 || p.millis() <= 0) {
          return 0;
        }
        sum += p.offeredOps() * (double) intervalMillis / p.millis();
      }
      return judged.isEmpty() ? 0 : sum / judged.size();
    }

    /** {@code p}'s ops per interval, scaled to the mean offer where there is one ({@link #meanOffer} above 0). */
    static long judgedOps(TimelinePoint p, long intervalMillis, double meanOffer) {
      long ops = perInterval(p, intervalMillis);
      if (meanOffer <= 0) {
        return ops;
      }
      return Math.round(ops * meanOffer / (p.offeredOps() * (double) intervalMillis / p.millis()));
    }

    /** {@code p}'s ops per interval of the nominal length: a point taken 5 ms late is not a faster one. */
    static long perInterval(TimelinePoint p, long intervalMillis) {
      long ops = p.primary() == null ? 0 : p.primary().ops();
      return p.millis() <= 0 ? 0 : Math.round(ops * (double) intervalMillis / p.millis());
    }
  }

  /**
   * Whether point {@code index} is one of the stalls {@link #stalls} counts: judged (not a short last
   * interval) and below the threshold share of the median interval (each scaled to the mean offer at
   * a set rate). The charts ring what this says.
   */
  public boolean stalled(int index) {
    if (stalls == null || index >= Stalls.judged(points, intervalMillis)) {
      return false;
    }
    double meanOffer = Stalls.meanOffer(points.subList(0, Stalls.judged(points, intervalMillis)), intervalMillis);
    return Stalls.judgedOps(points.get(index), intervalMillis, meanOffer) < stalls.medianOps() * stalls.fraction();
  }
}
