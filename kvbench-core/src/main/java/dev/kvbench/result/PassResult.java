package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
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
 * @param traces where the pass went over time: latency histogram, progress, commit trace, timeline
 * @param io bytes the process read from and wrote to storage during the pass (/proc/self/io), or
 *     null where Linux does not say
 * @param fork which of the cell's forks (fresh JVMs, from 1) ran the pass; 0 where not recorded
 *     (results of kvbench before 0.3): a fork, not a pass, is the sample a comparison counts
 * @param countersPerOp hardware events per op over the pass ({@code --counters}: perf stat's
 *     instructions, cycles, cache-misses, branch-misses); empty where not counted
 * @param measuringThreads the CPU time and heap bytes of the threads that did the pass's operations
 *     (the one measuring thread of a seed phase, every client of a threaded one), without the store's
 *     background threads, GC, the JIT or any waiting; null each where not recorded (kvbench before
 *     0.7, a JVM without thread CPU time). What a store that allocates per get shows
 * @param paging the process's major page faults over the pass and, under a memory limit, its
 *     cgroup's peak; null where not recorded (kvbench before 0.7, not Linux)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PassResult(double passMillis, long ops, CpuTime cpu, long peakRssBytes, PassNoise noise,
    long startEpochMillis, @JsonUnwrapped Traces traces, IoBytes io, int fork,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.Map<String, Double> countersPerOp,
    @JsonUnwrapped MeasuringThreads measuringThreads, dev.kvbench.measure.Paging paging) {

  /** Ops done after {@code millis} of the pass. */
  public record ProgressPoint(long millis, long ops) {}

  /**
   * Where the pass went over time, each where recorded (fields of the pass in the JSON).
   *
   * @param latencyHistogram the pass's sampled op latencies (base64, as the phase's), or null
   * @param progress a point every quarter second or so; empty when not recorded
     * @param timeline a sustained phase's pass an interval at a time; null for other phases
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Traces(String latencyHistogram, List<ProgressPoint> progress, CommitTrace commitTrace,
      Timeline timeline) {
    static final Traces NONE = new Traces(null, List.of(), null, null);

    public Traces {
      progress = progress == null ? List.of() : List.copyOf(progress);
    }
  }

  /**
   * What the threads that did the pass's operations cost (fields of the pass in the JSON), each
   * null where not recorded.
   *
   * @param measuringThreadCpuMillis their CPU time, user and system together
   * @param measuringThreadAllocatedBytes the heap bytes they allocated
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MeasuringThreads(Double measuringThreadCpuMillis, Long measuringThreadAllocatedBytes) {
    static final MeasuringThreads NONE = new MeasuringThreads(null, null);
  }

  public PassResult {
    traces = traces == null ? Traces.NONE : traces;
    measuringThreads = measuringThreads == null ? MeasuringThreads.NONE : measuringThreads;
    countersPerOp = countersPerOp == null ? java.util.Map.of() : java.util.Map.copyOf(countersPerOp);
  }

  /** A pass's figures; its noise, interval and the rest are added by the {@code with} methods. */
  public static PassResult of(long ops, long nanos, CpuTime cpu, long peakRssBytes) {
    return new PassResult(nanos / 1e6, ops, cpu, peakRssBytes, null, 0, Traces.NONE, null, 0, java.util.Map.of(),
        MeasuringThreads.NONE, null);
  }

  public String latencyHistogram() {
    return traces.latencyHistogram();
  }

  public List<ProgressPoint> progress() {
    return traces.progress();
  }

  public CommitTrace commitTrace() {
    return traces.commitTrace();
  }

  public Timeline timeline() {
    return traces.timeline();
  }

  public Double measuringThreadCpuMillis() {
    return measuringThreads.measuringThreadCpuMillis();
  }

  public Long measuringThreadAllocatedBytes() {
    return measuringThreads.measuringThreadAllocatedBytes();
  }

  /** These figures with what the threads that did the pass's operations cost over it. */
  public PassResult withMeasuringThreads(dev.kvbench.measure.ThreadCosts costs) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, traces, io, fork, countersPerOp,
        new MeasuringThreads(costs.cpuMillis(), costs.allocatedBytes()), paging);
  }

  /**
   * Process CPU (user + sys, every thread) per op in ns, or null where the CPU was not measured or
   * the pass did no op.
   */
  public Double cpuNanosPerOp() {
    return cpu == null || ops == 0 ? null : (cpu.userMillis() + cpu.sysMillis()) * 1e6 / ops;
  }

  /** Heap bytes the measuring threads allocated per op, or null where not recorded. */
  public Double allocatedBytesPerOp() {
    Long bytes = measuringThreadAllocatedBytes();
    return bytes == null || ops == 0 ? null : (double) bytes / ops;
  }

  /** These figures with the hardware events per op counted over the pass. */
  public PassResult withCounters(java.util.Map<String, Double> perOp) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, traces, io, fork, perOp,
        measuringThreads, paging);
  }

  /** These figures with what else the host did during the pass. */
  public PassResult withNoise(PassNoise hostNoise) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, hostNoise, startEpochMillis, traces, io, fork,
        countersPerOp, measuringThreads, paging);
  }

  /** The host disturbed this pass past a threshold (see {@link PassNoise}). */
  public boolean noisy() {
    return noise != null && noise.noisy();
  }

  /** These figures with the pass's wall-clock start and, when sampled, its latency histogram. */
  public PassResult withInterval(long startEpochMillis, Histogram latencies) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis,
        new Traces(latencies == null ? null : HistogramCodec.encode(latencies), traces.progress(),
            traces.commitTrace(), traces.timeline()), io, fork, countersPerOp, measuringThreads, paging);
  }

  /** These figures with where the pass stood over time. */
  public PassResult withProgress(List<ProgressPoint> points) {
    return withTraces(new Traces(traces.latencyHistogram(), points, traces.commitTrace(), traces.timeline()));
  }

  /** These figures with the pass's timeline (a sustained phase's). */
  public PassResult withTimeline(Timeline points) {
    return withTraces(new Traces(traces.latencyHistogram(), traces.progress(), traces.commitTrace(), points));
  }

  /** These figures with the pass's commit trace. */
  public PassResult withCommitTrace(CommitTrace trace) {
    return withTraces(new Traces(traces.latencyHistogram(), traces.progress(), trace, traces.timeline()));
  }

  private PassResult withTraces(Traces t) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, t, io, fork, countersPerOp,
        measuringThreads, paging);
  }

  /** These figures with the storage I/O of the pass. */
  public PassResult withIo(IoBytes bytes) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, traces, bytes, fork,
        countersPerOp, measuringThreads, paging);
  }

  /** These figures with the pages the pass had to fetch and its cgroup's peak. */
  public PassResult withPaging(dev.kvbench.measure.Paging figures) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, traces, io, fork,
        countersPerOp, measuringThreads, figures);
  }

  /** These figures as fork {@code number}'s. */
  public PassResult withFork(int number) {
    return new PassResult(passMillis, ops, cpu, peakRssBytes, noise, startEpochMillis, traces, io, number,
        countersPerOp, measuringThreads, paging);
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
