package dev.kvbench.result;

import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The samples of a comparison: one figure per fork (its median pass's wall or CPU time per op), the
 * forks the host disturbed left out or kept, and which forks of two phases pair up by round. A
 * comparison (kvbench-report's {@code Comparison}), the run's summary, the adaptive rounds' {@code
 * PrecisionJudge} and bisection take their samples
 * here, so they count the same forks. A sample is a cost per op, lower better, for every phase: for
 * a pass of a fixed amount of work its ratios are the pass time's, for a pass of a fixed duration
 * (sustain, churn, a timed threaded phase) the inverse of the rate's ({@link
 * dev.kvbench.result.PrimaryFigure}), so two such passes are judged by what they did in their time.
 */
public final class ForkSamples {

  private ForkSamples() {}

  /** What the forks the host disturbed (other processes, steal) count for. */
  public enum NoisyForks {
    /**
     * Left out of the samples, as a reader drops a run a busy machine spoiled (the default); paired
     * by round, only a pair the host disturbed on one side and not the other is left out.
     */
    DROP,
    /** Counted like the others; the rows still name them. */
    KEEP
  }

  /** Which figure of each fork the comparison judges. */
  public enum Figure {
    /** The median pass's wall time: what the work took, waiting included (the default). */
    WALL,
    /**
     * The median pass's CPU time of the threads that did its operations (the measuring thread of a
     * seed phase, the clients of a threaded one): without the store's background threads, GC, the
     * JIT or any waiting, so a busy host that takes their CPU stretches it less than wall time; it
     * also leaves out what the store does on other threads and, for sync and I/O-bound phases, the
     * waiting that is the work.
     */
    CPU,
    /**
     * The median pass's process CPU time (user + sys, every thread of the cell's JVM: the measuring
     * thread, the store's background threads, GC, the JIT): its GC and compiler threads vary from
     * fork to fork.
     */
    PROCESS_CPU;

    /** The name in lower case, words joined by hyphens, as outputs and options write it. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /**
     * This figure of {@code pass} per op, in ms: the sample a judgment takes; NaN where the pass did
     * not record it.
     */
    public double perOp(PassResult pass) {
      return of(pass) / Math.max(1, pass.ops());
    }

    /** This figure of {@code pass} in ms; NaN where the pass did not record it. */
    public double of(PassResult pass) {
      return switch (this) {
        case WALL -> pass.passMillis();
        case CPU -> pass.measuringThreadCpuMillis() == null ? Double.NaN : pass.measuringThreadCpuMillis();
        case PROCESS_CPU -> pass.cpu() == null ? Double.NaN : pass.cpu().userMillis() + pass.cpu().sysMillis();
      };
    }
  }

  /**
   * Each fork's median pass's {@code figure} per op by fork number, less the disturbed forks when
   * dropped: the samples of one run's cell, to pair with another's fork by fork ({@code
   * PrecisionJudge} and the run's summary too).
   */
  public static Map<Integer, Double> byForkNumber(PhaseResult phase, NoisyForks noisy, Figure figure) {
    List<Integer> left = noisy == NoisyForks.DROP ? phase.hostDisturbedForks() : List.of();
    Map<Integer, Double> out = new LinkedHashMap<>();
    for (PassResult p : phase.forkMedians()) {
      if (!left.contains(p.fork())) {
        out.put(p.fork(), figure.perOp(p));
      }
    }
    return out;
  }

  /**
   * Whether a pair of forks that ran in the same round counts: always when noisy forks are kept;
   * when they are dropped, only where the host treated both alike, disturbing neither or both. Both
   * disturbed ran back to back under the same load (a busy loop that never stops), which falls on
   * either side alike as drift does, and the alternating order gives neither side the worse place;
   * one disturbed and not the other is a load that came or went between them, and is left out.
   */
  public static boolean keepsPair(NoisyForks noisy, boolean baselineDisturbed, boolean candidateDisturbed) {
    return noisy == NoisyForks.KEEP || baselineDisturbed == candidateDisturbed;
  }

  /**
   * The fork numbers both phases ran (each with its {@code figure} above 0: a pass shorter than
   * the clock's tick has no ratio) whose pair counts under {@link #keepsPair}, in order: the
   * samples of a comparison paired by round, of the run's summary and of {@code PrecisionJudge}.
   */
  public static SortedSet<Integer> pairedForks(PhaseResult baseline, PhaseResult candidate, NoisyForks noisy,
      Figure figure) {
    Map<Integer, Double> b = byForkNumber(baseline, NoisyForks.KEEP, figure);
    Map<Integer, Double> c = byForkNumber(candidate, NoisyForks.KEEP, figure);
    List<Integer> bDisturbed = baseline.hostDisturbedForks();
    List<Integer> cDisturbed = candidate.hostDisturbedForks();
    SortedSet<Integer> out = new TreeSet<>();
    for (Map.Entry<Integer, Double> e : b.entrySet()) {
      Double other = c.get(e.getKey());
      if (other != null && e.getValue() > 0 && other > 0
          && keepsPair(noisy, bDisturbed.contains(e.getKey()), cDisturbed.contains(e.getKey()))) {
        out.add(e.getKey());
      }
    }
    return out;
  }

  /** Each fork's median pass's time per op, less the disturbed forks when dropped: one figure per JVM, the samples. */
  public static double[] forkFigures(PhaseResult phase, NoisyForks noisy) {
    return forkFigures(phase, noisy, Figure.WALL);
  }

  /** Each fork's median pass's {@code figure} per op (wall or CPU ms), less the disturbed forks when dropped. */
  public static double[] forkFigures(PhaseResult phase, NoisyForks noisy, Figure figure) {
    List<Integer> left = noisy == NoisyForks.DROP ? phase.hostDisturbedForks() : List.of();
    return phase.forkMedians().stream().filter(p -> !left.contains(p.fork()))
        .mapToDouble(figure::perOp)
        .toArray();
  }
}
