package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Every commit of a measured write pass, in order, as points of up to {@link #MAX_POINTS}: each
 * point covers the same number of consecutive commits, so a long run keeps its shape without a
 * figure per commit. The bytes are /proc/self/io write_bytes between one commit's end and the
 * next (the puts and the commit), which a tmpfs does not count.
 *
 * @param commits commits in the pass
 * @param commitsPerPoint consecutive commits each point covers (the last may cover fewer)
 * @param pageSize the store's page size where it tells its pages, else 0
 * @param points the trace
 * @param probeNanos what reading the counters cost over the whole pass: taken out of the pass time
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CommitTrace(long commits, long commitsPerPoint, int pageSize, List<Point> points, long probeNanos) {

  public static final int MAX_POINTS = 500;

  public CommitTrace {
    points = List.copyOf(points);
  }

  /**
   * Consecutive commits.
   *
   * @param firstCommit 1-based number of the first commit covered
   * @param commits how many
   * @param meanLatencyNanos mean time of their commit calls
   * @param maxLatencyNanos the slowest of them
   * @param meanWriteBytes bytes written per commit, mean
   * @param maxWriteBytes bytes written by the heaviest of them
   * @param lastPageNumber the store's highest page in use after the last of them; -1 where unknown
   * @param treePages the tree's pages after the last of them; -1 where unknown
   */
  public record Point(long firstCommit, long commits, double meanLatencyNanos, long maxLatencyNanos,
      double meanWriteBytes, long maxWriteBytes, long lastPageNumber, long treePages) {}

  /** Mean bytes written per commit over the first (or last) {@code share} of the points. */
  public double meanWriteBytes(double share, boolean fromStart) {
    int n = Math.max(1, (int) Math.round(points.size() * share));
    List<Point> part = fromStart ? points.subList(0, Math.min(n, points.size()))
        : points.subList(Math.max(0, points.size() - n), points.size());
    double bytes = 0;
    long commitsIn = 0;
    for (Point p : part) {
      bytes += p.meanWriteBytes() * p.commits();
      commitsIn += p.commits();
    }
    return commitsIn == 0 ? 0 : bytes / commitsIn;
  }
}
