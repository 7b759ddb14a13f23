package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.PassNoise;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Figures of one measured pass of a phase.
 *
 * @param passMillis wall time of the pass
 * @param cpu process CPU over the pass, all threads
 * @param peakRssBytes peak resident set during the pass
 * @param noise what else the host did during the pass (steal, waits for a CPU, other processes'
 *     CPU), marked where it passes a threshold; null where not recorded (kvbench before 0.3)
 * @param startEpochMillis wall-clock start of the pass, for interval logs; 0 when not recorded
 * @param latencyHistogram this pass's sampled op latencies (base64, as the phase's), or null
 * @param progress where the pass stood over time, a point every quarter second or so; empty when
 *     not recorded
 * @param io bytes the process read from and wrote to storage during the pass (/proc/self/io), or
 *     null where Linux does not say
 * @param commitTrace every commit of a write pass, where the run traced commits; else null
 * @param fork which of the cell's forks (fresh JVMs, from 1) ran the pass; 0 where not recorded
 *     (results of kvbench before 0.3): a fork, not a pass, is the sample a comparison counts
 * @param countersPerOp hardware events per op over the pass ({@code --counters}: perf stat's
 *     instructions, cycles, cache-misses, branch-misses); empty where not counted
 * @param measuringThreadCpuMillis the CPU time, user and system together, of the threads that did
 *     the pass's operations (the one measuring thread of a seed phase, every client of a threaded
 *     one), without the store's background threads, GC, the JIT or any waiting; null where not
 *     recorded (kvbench before 0.7, or a JVM without thread CPU time). One figure: the JVM counts
 *     a thread's total in nanoseconds but its user part only in 10 ms ticks
 * @param measuringThreadAllocatedBytes the heap bytes the same threads allocated over the pass (JMH's
 *     {@code gc.alloc.rate.norm} times the ops): what the store's calls and the harness's loop
 *     allocate per op, which a store that allocates per get shows; null where not recorded
 * @param paging the process's major page faults over the pass and, under a memory limit, its
 *     cgroup's peak; null where not recorded (kvbench before 0.7, not Linux)
 * @param timeline a sustained phase's pass over time, an interval at a time; null for other phases
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PassResult(double passMillis, long ops, CpuTime cpu, long peakRssBytes, PassNoise noise,
    long startEpochMillis, String latencyHistogram, List<ProgressPoint> progress, IoBytes io,
    CommitTrace commitTrace, int fork,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.Map<String, Double> countersPerOp,
    Double measuringThreadCpuMillis, Long measuringThreadAllocatedBytes, dev.kvbench.measure.Paging paging,
    Timeline timeline) {

  /** A pass without a timeline: every phase but the sustained ones. */
  public PassResult(double passMillis, long ops, CpuTime cpu, long peakRssBytes, PassNoise noise,
      long startEpochMillis, String latencyHistogram, List<ProgressPoint> progress, IoBytes io,
      CommitTrace commitTrace, int fork, java.util.Map<String, Double> countersPerOp, Double measuringThreadCpuMillis,
      Long measuringThreadAllocatedBytes, dev.kvbench.measure.Paging paging) {
    this(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress, io, commitTrace, fork,
        countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, null);
  }

  /** A pass whose paging was not recorded. */
  public PassResult(double passMillis, long ops, CpuTime cpu, long peakRssBytes, PassNoise noise,
      long startEpochMillis, String latencyHistogram, List<ProgressPoint> progress, IoBytes io,
      CommitTrace commitTrace, int fork, java.util.Map<String, Double> countersPerOp, Double measuringThreadCpuMillis,
      Long measuringThreadAllocatedBytes) {
    this(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress, io, commitTrace, fork,
        countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, null);
  }

  /** A pass whose measuring threads' costs were not recorded. */
  public PassResult(double passMillis, long ops, CpuTime cpu, long peakRssBytes, PassNoise noise,
      long startEpochMillis, String latencyHistogram, List<ProgressPoint> progress, IoBytes io,
      CommitTrace commitTrace, int fork, java.util.Map<String, Double> countersPerOp) {
    this(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress, io, commitTrace, fork,
        countersPerOp, null, null);
  }

  /** Ops done after {@code millis} of the pass. */
  public record ProgressPoint(long millis, long ops) {}

  public PassResult {
    progress = progress == null ? List.of() : List.copyOf(progress);
    countersPerOp = countersPerOp == null ? java.util.Map.of() : java.util.Map.copyOf(countersPerOp);
  }

  /** A pass without hardware counters, as kvbench before them wrote one. */
  public PassResult(double passMillis, long ops, CpuTime cpu, long peakRssBytes, PassNoise noise,
      long startEpochMillis, String latencyHistogram, List<ProgressPoint> progress, IoBytes io,
      CommitTrace commitTrace, int fork) {
    this(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress, io, commitTrace, fork,
        java.util.Map.of());
  }

  /** These figures with what the threads that did the pass's operations cost over it. */
  public PassResult withMeasuringThreads(dev.kvbench.measure.ThreadCosts costs) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress,
        io, commitTrace, fork, countersPerOp, costs.cpuMillis(), costs.allocatedBytes(), paging, timeline);
  }

  /** Heap bytes the measuring threads allocated per op, or null where not recorded. */
  public Double allocatedBytesPerOp() {
    return measuringThreadAllocatedBytes == null || ops == 0 ? null : (double) measuringThreadAllocatedBytes / ops;
  }

  /** These figures with the hardware events per op counted over the pass. */
  public PassResult withCounters(java.util.Map<String, Double> perOp) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress,
        io, commitTrace, fork, perOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, timeline);
  }

  /** A pass's figures; its noise, interval and the rest are added by the {@code with} methods. */
  public static PassResult of(long ops, long nanos, CpuTime cpu, long peakRssBytes) {
    return new PassResult(nanos / 1e6, ops, cpu, peakRssBytes, null, 0, null, List.of(), null, null, 0);
  }

  /** These figures with what else the host did during the pass. */
  public PassResult withNoise(PassNoise hostNoise) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, hostNoise, startEpochMillis, latencyHistogram, progress,
        io, commitTrace, fork, countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, timeline);
  }

  /** The host disturbed this pass past a threshold (see {@link PassNoise}). */
  public boolean noisy() {
    return noise != null && noise.noisy();
  }

  /** These figures with the pass's wall-clock start and, when sampled, its latency histogram. */
  public PassResult withInterval(long startEpochMillis, Histogram latencies) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis,
        latencies == null ? null : HistogramCodec.encode(latencies), progress, io, commitTrace, fork, countersPerOp,
        measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, timeline);
  }

  /** These figures with where the pass stood over time. */
  public PassResult withProgress(List<ProgressPoint> points) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, points,
        io, commitTrace, fork, countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, timeline);
  }

  /** These figures with the storage I/O of the pass. */
  public PassResult withIo(IoBytes bytes) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress,
        bytes, commitTrace, fork, countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, timeline);
  }

  /** These figures with the pages the pass had to fetch and its cgroup's peak. */
  public PassResult withPaging(dev.kvbench.measure.Paging figures) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress,
        io, commitTrace, fork, countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, figures, timeline);
  }

  /** These figures with the pass's timeline (a sustained phase's). */
  public PassResult withTimeline(Timeline points) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress,
        io, commitTrace, fork, countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, points);
  }

  /** These figures with the pass's commit trace. */
  public PassResult withCommitTrace(CommitTrace trace) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress,
        io, trace, fork, countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, timeline);
  }

  /** These figures as fork {@code number}'s. */
  public PassResult withFork(int number) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, latencyHistogram, progress,
        io, commitTrace, number, countersPerOp, measuringThreadCpuMillis, measuringThreadAllocatedBytes, paging, timeline);
  }

  public double opsPerSec() {
    return passMillis == 0 ? 0 : ops * 1e3 / passMillis;
  }

  public double nsPerOp() {
    return ops == 0 ? 0 : passMillis * 1e6 / ops;
  }

  /**
   * The pass's time per op in ms (its time where it did none): what orders passes and forks, since
   * it orders passes of the same work as their time does and passes of the same duration as their
   * rate does, inversely ({@link PrimaryFigure}).
   */
  public double millisPerOp() {
    return ops > 0 ? passMillis / ops : passMillis;
  }
}
