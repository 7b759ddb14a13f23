package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.measure.PassNoise;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Figures of one phase of one cell: every measured pass of every fork, and the median pass as the
 * phase's figure: each fork's median pass, then the median of those, so the figure is a fork's
 * (the sample that varies between JVMs) and never an average. Field names are a contract: scripts
 * read them.
 *
 * @param median the figures of the phase's figure pass and the range over every pass
 * @param passes every measured pass, in the order they ran
 * @param latency the latencies sampled over the measured passes
 * @param checks what was checked of the measured passes
 * @param failure why the phase failed, naming the first bad key; null unless failed
 * @param note anything a reader must know to interpret the figures, else null
 * @param threaded what a threaded phase (readers, ycsb-a ...) adds: threads, per-thread rates,
 *     latency per operation type, the writer, the target rate; null for the seed phases
 * @param amplification the median pass's device bytes against the bytes the workload put (write,
 *     overwrite, the threaded phases' puts) and got (the read phases, the threaded phases' reads):
 *     one entry per direction; empty for other phases or where Linux does not say
 * @param figures the phase's figures beside its time ({@link Figures}): process CPU per op and
 *     heap bytes the measuring threads allocated per op over the median pass, the highest peak
 *     resident set over the measured passes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PhaseResult(String phase, PhaseStatus status, long ops, @JsonUnwrapped MedianFigures median,
    List<PassResult> passes, @JsonUnwrapped LatencyFigures latency, @JsonUnwrapped Checks checks, String failure,
    String note, ThreadedFigures threaded, List<Amplification> amplification, @JsonUnwrapped Figures figures) {

  public PhaseResult {
    median = median == null ? MedianFigures.NONE : median;
    latency = latency == null ? LatencyFigures.NONE : latency;
    checks = checks == null ? Checks.NONE : checks;
    passes = passes == null ? List.of() : List.copyOf(passes);
    amplification = amplification == null ? List.of() : List.copyOf(amplification);
    figures = figures == null ? Figures.NONE : figures;
  }

  /**
   * The phase's figures as of its figure pass ({@link #medianPass}), with the range over every pass
   * (fields of the phase in the JSON).
   *
   * @param passMillis wall time of the median pass (see {@link #medianPass}), the seeds' "ms per pass"
   * @param minPassMillis fastest measured pass
   * @param maxPassMillis slowest measured pass
   * @param opsPerSec of the median pass
   * @param nsPerOp of the median pass
   * @param cpu process CPU over the median pass, all threads
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MedianFigures(double passMillis, double minPassMillis, double maxPassMillis, double opsPerSec,
      double nsPerOp, CpuTime cpu) {
    static final MedianFigures NONE = new MedianFigures(0, 0, 0, 0, 0, null);
  }

  /**
   * The latencies of the measured passes (fields of the phase in the JSON), each null where not sampled.
   *
   * @param latencyNanos sampled per-op latency over all measured passes (write and readKey), else null
   * @param commitLatencyNanos every commit of the measured write passes, else null
   * @param latencySampling how the latency samples were taken, else null
   * @param latencyHistogram the per-op latency histogram, HdrHistogram compressed and base64, else null
   * @param commitLatencyHistogram the commit latency histogram in the same form, else null
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record LatencyFigures(LatencySummary latencyNanos, LatencySummary commitLatencyNanos,
      LatencySampling latencySampling, String latencyHistogram, String commitLatencyHistogram) {
    static final LatencyFigures NONE = new LatencyFigures(null, null, null, null, null);
  }

  /**
   * What was checked of the measured passes (fields of the phase in the JSON).
   *
   * @param verified every measured pass's data was checked against what the generators predict
   * @param noisyPasses how many measured passes the host disturbed past a threshold (see {@link
   *     PassResult#noise}): their time says something of the machine, not only of the store
   * @param unsteadyForks the forks (by number) whose measured passes still trended: too short a
   *     warm-up (see {@link SteadyState}); empty when every fork was steady
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Checks(boolean verified, int noisyPasses, List<Integer> unsteadyForks) {
    static final Checks NONE = new Checks(false, 0, List.of());

    public Checks {
      unsteadyForks = unsteadyForks == null ? List.of() : List.copyOf(unsteadyForks);
    }

    Checks failed() {
      return new Checks(false, noisyPasses, unsteadyForks);
    }
  }

  public double passMillis() {
    return median.passMillis();
  }

  public double minPassMillis() {
    return median.minPassMillis();
  }

  public double maxPassMillis() {
    return median.maxPassMillis();
  }

  public double opsPerSec() {
    return median.opsPerSec();
  }

  public double nsPerOp() {
    return median.nsPerOp();
  }

  public CpuTime cpu() {
    return median.cpu();
  }

  /**
   * Process CPU (user + sys, every thread, the stores' background threads included) of the median
   * pass divided by its ops; 0 where the CPU was not measured.
   */
  public double cpuNanosPerOp() {
    return java.util.Objects.requireNonNullElse(figures.get(Figures.CPU_NANOS_PER_OP), 0.0);
  }

  /** The highest peak resident set over the measured passes; 0 where not measured. */
  public long peakRssBytes() {
    return java.util.Objects.requireNonNullElse(figures.whole(Figures.PEAK_RSS_BYTES), 0L);
  }

  /**
   * Heap bytes the measuring threads (the seed phases' one, a threaded phase's clients) allocated
   * per op over the median pass, as JMH's {@code gc.alloc.rate.norm}: the harness's loop allocates
   * none, so this is the store's per-call allocation; null where not recorded (kvbench before 0.6,
   * a JVM that does not count it).
   */
  public Double allocatedBytesPerOp() {
    return figures.get(Figures.ALLOCATED_BYTES_PER_OP);
  }

  public LatencySummary latencyNanos() {
    return latency.latencyNanos();
  }

  public LatencySummary commitLatencyNanos() {
    return latency.commitLatencyNanos();
  }

  public LatencySampling latencySampling() {
    return latency.latencySampling();
  }

  public String latencyHistogram() {
    return latency.latencyHistogram();
  }

  public String commitLatencyHistogram() {
    return latency.commitLatencyHistogram();
  }

  public boolean verified() {
    return checks.verified();
  }

  public int noisyPasses() {
    return checks.noisyPasses();
  }

  public List<Integer> unsteadyForks() {
    return checks.unsteadyForks();
  }

  /** A phase the store cannot run: {@code why} is its note, and nothing was measured. */
  public static PhaseResult unsupported(String phase, String why) {
    return notMeasured(phase, PhaseStatus.UNSUPPORTED, Reason.note(why));
  }

  /** A phase that failed before any pass was measured. */
  public static PhaseResult failed(String phase, String failure) {
    return notMeasured(phase, PhaseStatus.FAILED, Reason.failure(failure));
  }

  /** Why a phase has no figures: the failure, or the note that says why it did not run. */
  private record Reason(String failure, String note) {
    static Reason failure(String text) {
      return new Reason(text, null);
    }

    static Reason note(String text) {
      return new Reason(null, text);
    }
  }

  /** A phase without figures: every measured field empty (left out of the JSON), only the reason set. */
  private static PhaseResult notMeasured(String phase, PhaseStatus status, Reason reason) {
    return new PhaseResult(phase, status, 0, MedianFigures.NONE, List.of(), LatencyFigures.NONE, Checks.NONE,
        reason.failure(), reason.note(), null, null, Figures.NONE);
  }

  /** Latency of a phase's measured passes: histograms merged over the passes, and how they were sampled. */
  public record Latency(Histogram ops, Histogram commits, LatencySampling sampling) {
    public static final Latency NONE = new Latency(null, null, null);
  }

  /**
   * The median pass's time per op, in ms: what ranks stores against each other. The same order as
   * the pass's time where every store does the same ops; the only fair one where a pass lasts a
   * duration (sustain, a timed threaded phase) and each store does what ops it can in it, where it
   * is the inverse of the rate ({@link PrimaryFigure}).
   */
  public double millisPerOp() {
    return ops > 0 ? passMillis() / ops : passMillis();
  }

  /**
   * The phase's figures from its measured passes, of one fork or several: the median pass (see
   * {@link #medianPass}) is the figure, min and max over every pass beside it; failed when {@code
   * failure} is not null.
   */
  public static PhaseResult measured(
      String phase, List<PassResult> passes, Latency latency, boolean verified, String failure, String note) {
    if (passes.isEmpty()) {
      throw new IllegalArgumentException("a measured phase needs at least one pass");
    }
    List<PassResult> sorted = byTime(passes);
    PassResult median = figureOf(passes);
    MedianFigures times = new MedianFigures(median.passMillis(), sorted.get(0).passMillis(),
        sorted.get(sorted.size() - 1).passMillis(), median.opsPerSec(), median.nsPerOp(), median.cpu());
    Figures figures = Figures.NONE
        .with(Figures.CPU_NANOS_PER_OP, java.util.Objects.requireNonNullElse(median.cpuNanosPerOp(), 0.0))
        .with(Figures.PEAK_RSS_BYTES, passes.stream().mapToLong(PassResult::peakRssBytes).max().orElse(0))
        .with(Figures.ALLOCATED_BYTES_PER_OP, median.allocatedBytesPerOp());
    LatencyFigures latencies = new LatencyFigures(
        latency.ops() == null ? null : LatencySummary.of(latency.ops()),
        latency.commits() == null ? null : LatencySummary.of(latency.commits()),
        latency.sampling(),
        latency.ops() == null ? null : HistogramCodec.encode(latency.ops()),
        latency.commits() == null ? null : HistogramCodec.encode(latency.commits()));
    Checks checks = new Checks(verified && failure == null, (int) passes.stream().filter(PassResult::noisy).count(),
        unsteadyForks(passes));
    return new PhaseResult(phase, failure == null ? PhaseStatus.OK : PhaseStatus.FAILED, median.ops(), times, passes,
        latencies, checks, failure, note, null, null, figures);
  }

  private static List<PassResult> byTime(List<PassResult> passes) {
    List<PassResult> sorted = new ArrayList<>(passes);
    sorted.sort(Comparator.comparingDouble(PassResult::passMillis));
    return sorted;
  }

  /**
   * The pass whose figures are the phase's: each fork's median pass by time, then the median of
   * those; the lower one for an even count (a real pass, never an average of two). Null when no
   * pass was measured.
   */
  public PassResult medianPass() {
    return passes.isEmpty() ? null : figureOf(passes);
  }

  /** The median of the forks' median passes: the one rule for the figure, at measuring and after. */
  private static PassResult figureOf(List<PassResult> passes) {
    return medianOf(forkMedians(passes));
  }

  /**
   * Each fork's median pass, in fork order: the samples a comparison counts, since what varies
   * between runs is mostly the JVM (its JIT, its heap, its memory layout), not the pass. One
   * where the passes do not say their fork.
   */
  public List<PassResult> forkMedians() {
    return forkMedians(passes);
  }

  private static List<PassResult> forkMedians(List<PassResult> passes) {
    return byFork(passes).values().stream().map(PhaseResult::medianOf).toList();
  }

  /**
   * The forks (by number) marked noisy: a measured pass of theirs is, or their measured passes
   * taken together are ({@link PassNoise#judgedTogether}), which catches a busy host during passes
   * too short to judge one by one. Passes without noise figures count clean.
   */
  @JsonIgnore
  public List<Integer> noisyForks() {
    return forksMarked(mark -> true);
  }

  /**
   * The noisy forks whose marks include one from outside the process ({@link
   * PassNoise.Mark#fromHost}): other processes' CPU or steal. Their figures say how busy the
   * host was; a comparison leaves them out.
   */
  @JsonIgnore
  public List<Integer> hostDisturbedForks() {
    return forksMarked(PassNoise.Mark::fromHost);
  }

  private List<Integer> forksMarked(java.util.function.Predicate<PassNoise.Mark> counted) {
    return byFork(passes).entrySet().stream().filter(e -> marks(e.getValue()).stream().anyMatch(counted))
        .map(java.util.Map.Entry::getKey).toList();
  }

  /** Every mark a fork's passes earned, one by one and together. */
  private static List<PassNoise.Mark> marks(List<PassResult> forkPasses) {
    List<PassResult> recorded = forkPasses.stream().filter(p -> p.noise() != null).toList();
    List<PassNoise.Mark> marks = new ArrayList<>(PassNoise.judgedTogether(
        recorded.stream().map(PassResult::passMillis).toList(), recorded.stream().map(PassResult::noise).toList()));
    recorded.forEach(p -> marks.addAll(p.noise().marks()));
    return marks;
  }

  /** The passes of each fork, in the order they ran, by fork number in ascending order. */
  private static java.util.SortedMap<Integer, List<PassResult>> byFork(List<PassResult> passes) {
    java.util.SortedMap<Integer, List<PassResult>> byFork = new java.util.TreeMap<>();
    passes.forEach(p -> byFork.computeIfAbsent(p.fork(), k -> new ArrayList<>()).add(p));
    return byFork;
  }

  /**
   * The forks whose passes, in the order they ran, still trend (see {@link SteadyState}): judged on
   * each pass's time per op scaled to the fork's most ops, which is the pass time where the passes
   * did the same work and the time the same work would have taken where they lasted a duration.
   */
  private static List<Integer> unsteadyForks(List<PassResult> passes) {
    return byFork(passes).entrySet().stream()
        .filter(e -> SteadyState.trends(sameWorkMillis(e.getValue())))
        .map(java.util.Map.Entry::getKey)
        .toList();
  }

  private static List<Double> sameWorkMillis(List<PassResult> forkPasses) {
    long ops = forkPasses.stream().mapToLong(PassResult::ops).max().orElse(0);
    return forkPasses.stream().map(p -> ops > 0 && p.ops() > 0 ? p.millisPerOp() * ops : p.passMillis()).toList();
  }

  /**
   * The median of {@code passes} by time per op, the lower one for an even count: by time where the
   * passes did the same work, by rate where they lasted the same duration.
   */
  private static PassResult medianOf(List<PassResult> passes) {
    List<PassResult> sorted = new ArrayList<>(passes);
    sorted.sort(Comparator.comparingDouble(PassResult::millisPerOp));
    return sorted.get((passes.size() - 1) / 2);
  }

  /** These figures with {@code change} applied to every pass (hardware counters added after the run). */
  public PhaseResult withPasses(java.util.function.UnaryOperator<PassResult> change) {
    return new PhaseResult(phase, status, ops, median, passes.stream().map(change).toList(), latency, checks, failure,
        note, threaded, amplification, figures);
  }

  /**
   * The phase's hardware events per op ({@code --counters}): each event's median over the measured
   * passes that counted it; empty where none did.
   */
  @JsonIgnore
  public java.util.Map<String, Double> countersPerOp() {
    java.util.Map<String, List<Double>> byEvent = new java.util.TreeMap<>();
    for (PassResult p : passes) {
      p.countersPerOp().forEach((event, v) -> byEvent.computeIfAbsent(event, k -> new ArrayList<>()).add(v));
    }
    java.util.Map<String, Double> medians = new java.util.TreeMap<>();
    byEvent.forEach((event, values) -> {
      List<Double> sorted = values.stream().sorted().toList();
      medians.put(event, sorted.get((sorted.size() - 1) / 2));
    });
    return medians;
  }

  /** These figures with every pass marked as fork {@code number}'s: the cell ran once. */
  public PhaseResult ofFork(int number) {
    Checks ofFork = new Checks(checks.verified(), checks.noisyPasses(),
        checks.unsteadyForks().isEmpty() ? List.of() : List.of(number));
    return new PhaseResult(phase, status, ops, median, passes.stream().map(p -> p.withFork(number)).toList(), latency,
        ofFork, failure, note, threaded, amplification, figures);
  }

  /**
   * This phase failed after the fact: its cell could not keep the data (a close that failed to
   * flush, a full disk). The figures stay for the record, but the phase is not ok, not verified,
   * and never ranked; unchanged when it already is not ok.
   */
  public PhaseResult failedAfterwards(String why) {
    if (status != PhaseStatus.OK) {
      return this;
    }
    return new PhaseResult(phase, PhaseStatus.FAILED, ops, median, passes, latency, checks.failed(), why, note, threaded,
        amplification, figures);
  }

  /** These figures with a threaded phase's own. */
  public PhaseResult withThreaded(ThreadedFigures own) {
    return new PhaseResult(phase, status, ops, median, passes, latency, checks, failure, note, own, amplification,
        figures);
  }

  /**
   * These figures with the median pass's amplification, each op having put or got {@code
   * bytesPerOp}; unchanged when no pass was measured or its I/O is unknown.
   */
  public PhaseResult withAmplification(Amplification.Direction direction, long bytesPerOp) {
    PassResult median = medianPass();
    return withAmplification(median == null ? null : Amplification.of(direction, median, bytesPerOp));
  }

  /** These figures with {@code a} added; unchanged for null. */
  public PhaseResult withAmplification(Amplification a) {
    if (a == null) {
      return this;
    }
    List<Amplification> all = new ArrayList<>(amplification);
    all.add(a);
    return new PhaseResult(phase, status, ops, median, passes, latency, checks, failure, note, threaded, all, figures);
  }

  /** The amplification of {@code direction}, or null where it was not measured. */
  public Amplification amplification(Amplification.Direction direction) {
    return amplification.stream().filter(a -> a.direction() == direction).findFirst().orElse(null);
  }

  /**
   * @param meanInterval about one op in this many was timed
   * @param timerPairNanos cost of the two nanoTime calls around a timed op on this machine
   */
  public record LatencySampling(int meanInterval, long samples, double timerPairNanos) {}
}
