package dev.kvbench.result;

import dev.kvbench.workload.Phase;
import java.util.Locale;

/**
 * What a phase's passes are judged by, which follows from what a pass holds fixed. A pass of a
 * fixed amount of work (the seed phases, a threaded phase of a number of operations) is judged by
 * its time, lower better; a pass of a fixed duration (sustain, churn, a threaded phase given
 * {@code traffic.duration}, a replay at its recorded timing) lasts as long for every store that keeps
 * up, so its time says nothing and it is judged by its rate, ops per second, higher better: a store
 * that falls behind the schedule reaches less.
 *
 * <p>Every judgment (the run's ranking, compare, the adaptive rounds, history) works on {@link
 * #cost}, the time per op, which orders both kinds alike: for a pass of a fixed amount of work its
 * ratio is the pass time's, for a pass of a fixed duration the inverse of the rate's. What is shown
 * is the figure in its own unit and direction ({@link #shown}).
 */
public enum PrimaryFigure {

  /** A pass of a fixed amount of work: ms per pass, lower is better. */
  PASS_TIME("ms/pass", "ms", true),
  /** A pass of a fixed duration: ops per second, higher is better. */
  RATE("ops/s", "ops/s", false);

  private final String heading;
  private final String unit;
  private final boolean lowerIsBetter;

  PrimaryFigure(String heading, String unit, boolean lowerIsBetter) {
    this.heading = heading;
    this.unit = unit;
    this.lowerIsBetter = lowerIsBetter;
  }

  /** The figure of {@code phase} in {@code cell}: a rate where its passes last a duration. */
  public static PrimaryFigure of(CellResult cell, PhaseResult phase) {
    return of(cell.parameters(), phase.phase());
  }

  /** The figure of the phase {@code phaseId} under {@code parameters} (null: the seed phases' parameters). */
  public static PrimaryFigure of(CellResult.Parameters parameters, String phaseId) {
    Phase phase = java.util.Arrays.stream(Phase.values()).filter(p -> p.id().equals(phaseId)).findFirst().orElse(null);
    boolean timed = parameters != null && parameters.traffic() != null && parameters.traffic().timed();
    if (phase == Phase.REPLAY && parameters != null) {
      // a replay at its recorded timing lasts the trace's span for every store that keeps up
      return dev.kvbench.scenario.Axes.replayed(parameters.axes()).filter(r -> r.timed()).isPresent() ? RATE : PASS_TIME;
    }
    return phase != null && phase.usesClients() && timed ? RATE : PASS_TIME;
  }

  /** A table's heading for the figure: {@code ms/pass} or {@code ops/s}. */
  public String heading() {
    return heading;
  }

  /** The unit a figure is printed in. */
  public String unit() {
    return unit;
  }

  public boolean lowerIsBetter() {
    return lowerIsBetter;
  }

  /** The figure of {@code pass} in its own unit: ms of the pass, or its ops per second. */
  public double of(PassResult pass) {
    return this == PASS_TIME ? pass.passMillis() : pass.opsPerSec();
  }

  /** The phase's figure: its median pass's ({@link PhaseResult#medianPass}); 0 where nothing was measured. */
  public double of(PhaseResult phase) {
    PassResult median = phase.medianPass();
    return median == null ? 0 : of(median);
  }

  /** The lowest and the highest figure of the phase's measured passes: {@code {worst, best}} in its own order. */
  public double[] range(PhaseResult phase) {
    double low = phase.passes().stream().mapToDouble(this::of).min().orElse(0);
    double high = phase.passes().stream().mapToDouble(this::of).max().orElse(0);
    return new double[] {low, high};
  }

  /**
   * What every judgment compares, lower better whatever the figure: the pass's time per op in ms
   * ({@link PassResult#millisPerOp}).
   */
  public static double cost(PassResult pass) {
    return pass.millisPerOp();
  }

  /**
   * A ratio of costs (candidate over baseline, above 1 slower) as the figure shows it: the same for a
   * time, inverted for a rate (x 2.00 the time per op is x 0.50 the rate).
   */
  public double shown(double costRatio) {
    return lowerIsBetter ? costRatio : 1 / costRatio;
  }

  /** {@code value} in the figure's unit as the tables print it: whole from 100 up, two decimals below. */
  public String format(double value) {
    return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%,.2f", value);
  }

  /** The figure with its unit, e.g. {@code 3,001 ms} or {@code 227,784 ops/s}. */
  public String withUnit(double value) {
    return format(value) + " " + unit;
  }

  /** The word for a worse figure: a longer time, or a lower rate. */
  public String worse() {
    return lowerIsBetter ? "slower" : "slower (lower throughput)";
  }

  /** The word for a better figure. */
  public String better() {
    return lowerIsBetter ? "faster" : "faster (higher throughput)";
  }

  /** The id a result or an export names the figure by. */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
