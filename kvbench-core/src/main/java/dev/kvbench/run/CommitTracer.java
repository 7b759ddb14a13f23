package dev.kvbench.run;

import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.IoMeter;
import dev.kvbench.result.CommitTrace;
import dev.kvbench.store.PageCounts;
import dev.kvbench.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Traces each commit of one write pass: its latency, the bytes the process wrote since the
 * previous commit ended, and where the store tells, its pages. Reading the counters costs a read
 * of /proc/self/io (and the store's stat calls) per commit; that time is summed so the pass can
 * leave it out of its own.
 */
final class CommitTracer implements Passes.CommitListener {

  private final Store store;
  private final IoMeter io;
  private final long commitsPerPoint;
  private final List<CommitTrace.Point> points = new ArrayList<>();
  private long lastWriteBytes;
  private boolean ioKnown;
  private int pageSize;
  private long probeNanos;
  private long commits;
  // the point being filled
  private long inPoint;
  private long latencySum;
  private long latencyMax;
  private long bytesSum;
  private long bytesMax;

  /** A tracer for a pass of about {@code expectedCommits} commits into {@code store}. */
  CommitTracer(Store store, IoMeter io, long expectedCommits) {
    this.store = store;
    this.io = io;
    this.commitsPerPoint = Math.max(1, (expectedCommits + CommitTrace.MAX_POINTS - 1) / CommitTrace.MAX_POINTS);
  }

  /** Reads the counters the first commit is measured from: call just before the pass starts. */
  void start() {
    IoBytes now = io.read();
    ioKnown = now != null;
    lastWriteBytes = ioKnown ? now.writeBytes() : 0;
  }

  @Override
  public void committed(long latencyNanos) {
    long t0 = System.nanoTime();
    IoBytes now = io.read();
    long written = 0;
    if (now != null && ioKnown) {
      written = now.writeBytes() - lastWriteBytes;
      lastWriteBytes = now.writeBytes();
    }
    commits++;
    inPoint++;
    latencySum += latencyNanos;
    latencyMax = Math.max(latencyMax, latencyNanos);
    bytesSum += written;
    bytesMax = Math.max(bytesMax, written);
    if (inPoint == commitsPerPoint) {
      closePoint();
    }
    probeNanos += System.nanoTime() - t0;
  }

  private void closePoint() {
    Optional<PageCounts> pages = store.pageCounts();
    pages.ifPresent(p -> pageSize = p.pageSize());
    points.add(new CommitTrace.Point(commits - inPoint + 1, inPoint, (double) latencySum / inPoint, latencyMax,
        (double) bytesSum / inPoint, bytesMax, pages.map(PageCounts::lastPageNumber).orElse(-1L),
        pages.map(PageCounts::treePages).orElse(-1L)));
    inPoint = 0;
    latencySum = 0;
    latencyMax = 0;
    bytesSum = 0;
    bytesMax = 0;
  }

  /** Time the probes took, to leave out of the pass time. */
  long probeNanos() {
    return probeNanos;
  }

  /** The trace of the pass, once it ended; null where the process's I/O cannot be read. */
  CommitTrace trace() {
    if (inPoint > 0) {
      closePoint();
    }
    return ioKnown ? new CommitTrace(commits, commitsPerPoint, pageSize, points, probeNanos) : null;
  }
}
