package dev.kvbench.report.history;

import dev.kvbench.result.PrimaryFigure;
import java.util.List;

/**
 * One figure of one phase of one cell of one scenario over the runs, on one class of hardware: its points in the
 * history's order, the change points found in it, and the runs that had the cell without a figure.
 *
 * @param hostClass the hardware the runs share (CPU, cores, RAM, kernel, JDK): a series never spans two
 * @param scenario the scenario the runs ran: its warm-up and passes are part of what a figure means
 * @param cell the cell's identity (store and every parameter that changes what is measured), less its library
 *     version, which may change along the series
 * @param gaps the runs that had this cell but no figure for the phase (it failed, was unsupported, or the host
 *     disturbed every fork), with why
 * @param figure what the phase is judged by: its time per op is the series' value either way, but a phase of a
 *     fixed duration is shown by its rate (ops/s, the inverse), where a slowdown is a lower rate
 */
public record Series(String hostClass, String scenario, String cell, String store, String phase, List<Point> points,
    List<Change> changes, List<Gap> gaps, PrimaryFigure figure) {

  public Series {
    points = List.copyOf(points);
    changes = List.copyOf(changes);
    gaps = List.copyOf(gaps);
  }

  /** Which way a change went: the figure is time per operation, so higher is slower. */
  public enum Direction {
    SLOWER,
    FASTER;

    /** The name in lower case, words joined by hyphens, as outputs and options write it. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * One run's fork: its median pass's figure per operation.
   *
   * @param disturbed whether the host disturbed it (other processes, steal); such forks are left out of the
   *     run's figure unless the history keeps them
   */
  public record Fork(int number, double millisPerOp, boolean disturbed) {}

  /**
   * One run's figure in the series.
   *
   * @param millisPerOp the mean of the forks counted (Otava's series value; the forks, not their median, so
   *     each one counts)
   * @param forks every fork, counted or not
   * @param figures the run's value of each row of the figure table its phase has, by the row's id
   *     (its median pass's, as the run's own tables show it): shown beside the judged figure, not judged
   */
  public record Point(HistoryRun run, String libraryVersion, double millisPerOp, List<Fork> forks,
      java.util.Map<String, Double> figures) {

    public Point {
      forks = List.copyOf(forks);
      figures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
    }

    /** A run's point with no figure of the table beside its judged one. */
    public Point(HistoryRun run, String libraryVersion, double millisPerOp, List<Fork> forks) {
      this(run, libraryVersion, millisPerOp, forks, java.util.Map.of());
    }

    /** The figures of the forks a run's figure counts: every fork with one, less the disturbed unless kept. */
    public double[] counted(boolean keepDisturbed) {
      return counted(forks, keepDisturbed);
    }

    static double[] counted(List<Fork> forks, boolean keepDisturbed) {
      return forks.stream().filter(f -> (keepDisturbed || !f.disturbed()) && f.millisPerOp() > 0)
          .mapToDouble(Fork::millisPerOp).toArray();
    }
  }

  /**
   * A change point: {@code after} starts a segment whose mean differs from the segment before it.
   *
   * @param index the index of {@code after} in the series' points
   * @param before the last point of the segment before
   * @param meanBefore the segment before's mean ms per op
   * @param meanAfter the segment after's
   * @param pValue the t-test's p-value between the two segments
 * @param changeLow the low end of the change's 95 % interval (after over before, less 1)
 * @param changeHigh its high end
   * @param note why the run that starts it changed, where it says (its --note or history --annotate): an
   *     explained change, which the gate lets pass
   * @param bisect the command that finds the library release between the two sides that made the phase
   *     slower, where their library versions differ; null otherwise
   */
  public record Change(int index, Point before, Point after, double meanBefore, double meanAfter, double pValue,
      double changeLow, double changeHigh, Direction direction, String note, String bisect) {

    /** The change in percent of the segment before's mean: +20 is 20 % slower. */
    public double percent() {
      return (meanAfter / meanBefore - 1) * 100;
    }

    /** The 95 % interval of {@link #percent}: {low, high}, NaN where the segments hold too few runs. */
    public double[] percentInterval() {
      return new double[] {changeLow * 100, changeHigh * 100};
    }

    /** The change's size as Otava measures it, in percent: the larger way round (a halving is 100). */
    public double magnitudePercent() {
      return Math.max(Math.abs(meanAfter / meanBefore - 1), Math.abs(meanBefore / meanAfter - 1)) * 100;
    }
  }

  /** A run that had the cell but gives the series no figure, why, and what kind of reason that is. */
  public record Gap(HistoryRun run, String why, GapKind kind) {}

  /** Why a run gives a series no figure. */
  public enum GapKind {
    /** The cell or the phase failed, or the run was stopped in it: a gate cannot call that no regression. */
    FAILED,
    /** The host disturbed every fork, and the history leaves such forks out: nothing left to judge. */
    NOISY,
    /** The store cannot do it: so in every run, and no reason to doubt the run. */
    UNSUPPORTED;

    /** The name in lower case, words joined by hyphens, as outputs and options write it. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  /** The series' label: its cell, phase and, where the history spans several, hardware. */
  public String label() {
    return cell + " " + phase;
  }

  /** A series value (ms per op) as the series' figure shows it: ms per op, or ops/s for a phase of a fixed duration. */
  public String shown(double millisPerOp) {
    if (figure == PrimaryFigure.RATE) {
      return figure.withUnit(millisPerOp > 0 ? 1000 / millisPerOp : 0);
    }
    return (millisPerOp >= 100 ? String.format(java.util.Locale.ROOT, "%,.0f", millisPerOp)
        : String.format(java.util.Locale.ROOT, "%.4g", millisPerOp)) + " ms per op";
  }

  /** Why a run's figure is missing from every run of it, where it has no point: the reasons its gaps give, each once. */
  public String whyNoFigure() {
    return gaps.stream().map(g -> g.kind().id() + " (" + g.why() + ")").distinct()
        .collect(java.util.stream.Collectors.joining("; "));
  }

  /** The newest point, or null for none. */
  public Point newest() {
    return points.isEmpty() ? null : points.get(points.size() - 1);
  }
}
