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
 * @param paging the process's major page faults over the pass and, under a memory limit, its
 *     cgroup's peak; null where not recorded (kvbench before 0.7, not Linux)
 * @param figures the meters' other readings by id ({@link Figures}): peak resident set, and the CPU
 *     time and heap bytes of the threads that did the pass's operations (the one measuring thread of
 *     a seed phase, every client of a threaded one) without the store's background threads, GC, the
 *     JIT or any waiting, each left out where not recorded (kvbench before 0.7, a JVM without thread
 *     CPU time)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PassResult(double passMillis, long ops, CpuTime cpu, PassNoise noise, long startEpochMillis,
    @JsonUnwrapped Traces traces, IoBytes io, int fork,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.Map<String, Double> countersPerOp,
    dev.kvbench.measure.Paging paging, @JsonUnwrapped Figures figures) {

  /** Ops done after {@code millis} of the pass. */
  public record ProgressPoint(long millis, long ops) {}

  /**
   * Where the pass went over time, each where recorded (fields of the pass in the JSON).
   *
   * @param latencyHistogram the pass's sampled op latencies (base64, as the phase's), or null
   * @param progress a point every quarter second or so; empty when not recorded
   * @param timeline a sustained phase's pass (or a pass at a set rate) an interval at a time; null for other phases
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Traces(String latencyHistogram, List<ProgressPoint> progress, CommitTrace commitTrace,
      Timeline timeline) {
    static final Traces NONE = new Traces(null, List.of(), null, null);

    public Traces {
      progress = progress == null ? List.of() : List.copyOf(progress);
    }
  }

  public PassResult {
    traces = traces == null ? Traces.NONE : traces;
    figures = figures == null ? Figures.NONE : figures;
    countersPerOp = countersPerOp == null ? java.util.Map.of() : java.util.Map.copyOf(countersPerOp);
  }

  /** A pass's figures; its noise, interval and the rest are added by the {@code with} methods. */
  public static PassResult of(long ops, long nanos, CpuTime cpu, long peakRssBytes) {
    return new PassResult(nanos / 1e6, ops, cpu, null, 0, Traces.NONE, null, 0, java.util.Map.of(), null,
        Figures.NONE.with(Figures.PEAK_RSS_BYTES, peakRssBytes));
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

  /** Peak resident set during the pass; 0 where not recorded. */
  public long peakRssBytes() {
    return java.util.Objects.requireNonNullElse(figures.whole(Figures.PEAK_RSS_BYTES), 0L);
  }

  /** The CPU time of the threads that did the pass's operations, user and system; null where not recorded. */
  public Double measuringThreadCpuMillis() {
    return figures.get(Figures.MEASURING_THREAD_CPU_MILLIS);
  }

  /** The heap bytes the threads that did the pass's operations allocated; null where not recorded. */
  public Long measuringThreadAllocatedBytes() {
    return figures.whole(Figures.MEASURING_THREAD_ALLOCATED_BYTES);
  }

  /** These figures with {@code id} set to a meter's reading ({@link Figures#with}). */
  public PassResult withFigure(String id, Number value) {
    return new PassResult(passMillis, ops, cpu, noise, startEpochMillis, traces, io, fork, countersPerOp, paging,
        figures.with(id, value));
  }

  /** These figures with what the threads that did the pass's operations cost over it. */
  public PassResult withMeasuringThreads(dev.kvbench.measure.ThreadCosts costs) {
    return withFigure(Figures.MEASURING_THREAD_CPU_MILLIS, costs.cpuMillis())
        .withFigure(Figures.MEASURING_THREAD_ALLOCATED_BYTES, costs.allocatedBytes());
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
    return new PassResult(passMillis, ops, cpu, noise, startEpochMillis, traces, io, fork, perOp, paging, figures);
  }

  /** These figures with what else the host did during the pass. */
  public PassResult withNoise(PassNoise hostNoise) {
    return new PassResult(passMillis, ops, cpu, hostNoise, startEpochMillis, traces, io, fork, countersPerOp, paging,
        figures);
  }

  /** The host disturbed this pass past a threshold (see {@link PassNoise}). */
  public boolean noisy() {
    return noise != null && noise.noisy();
  }

  /** These figures with {@code latencies}, the pass's op latencies, as its histogram. */
  public PassResult withLatencies(Histogram latencies) {
    return withTraces(new Traces(HistogramCodec.encode(latencies), traces.progress(), traces.commitTrace(),
        traces.timeline()));
  }

  /** These figures with the pass's wall-clock start and, when sampled, its latency histogram. */
  public PassResult withInterval(long startEpochMillis, Histogram latencies) {
    return new PassResult(passMillis, ops, cpu, noise, startEpochMillis,
        new Traces(latencies == null ? null : HistogramCodec.encode(latencies), traces.progress(),
            traces.commitTrace(), traces.timeline()), io, fork, countersPerOp, paging, figures);
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
    return new PassResult(passMillis, ops, cpu, noise, startEpochMillis, t, io, fork, countersPerOp, paging, figures);
  }

  /** These figures with the storage I/O of the pass. */
  public PassResult withIo(IoBytes bytes) {
    return new PassResult(passMillis, ops, cpu, noise, startEpochMillis, traces, bytes, fork, countersPerOp, paging,
        figures);
  }

  /** These figures with the pages the pass had to fetch and its cgroup's peak. */
  public PassResult withPaging(dev.kvbench.measure.Paging paged) {
    return new PassResult(passMillis, ops, cpu, noise, startEpochMillis, traces, io, fork, countersPerOp, paged,
        figures);
  }

  /** These figures as fork {@code number}'s. */
  public PassResult withFork(int number) {
    return new PassResult(passMillis, ops, cpu, noise, startEpochMillis, traces, io, number, countersPerOp, paging,
        figures);
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
