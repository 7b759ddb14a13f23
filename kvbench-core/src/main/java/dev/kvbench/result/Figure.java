package dev.kvbench.result;

import java.util.Locale;

/**
 * One row of {@link FigureTable}: a figure a phase's passes have, with everything an output needs
 * to show it and a judgment needs to read it, so an output iterates the table instead of naming
 * the figures it knows (as JMH's {@code Result} carries its unit and aggregation).
 *
 * @param id the figure's name in machine-readable outputs (CSV column, JSON field, JMH secondary
 *     metric): camel case, a contract scripts read
 * @param heading a table's column heading, its unit included ({@code ns/op})
 * @param unit the unit alone, for outputs that state it apart ({@code ns/op}, {@code B/op})
 * @param better which way is better
 * @param aggregation how one phase's value comes from its forks' passes
 * @param format how the tables print a value
 * @param scope which tables show it beside their own figures
 * @param measure the figure of one pass, or null where that pass (or its phase) has none
 */
public record Figure(String id, String heading, String unit, Better better, Aggregation aggregation, Format format,
    Scope scope, Measure measure) {

  /** Which tables show a figure beside their own. */
  public enum Scope {
    /**
     * Every table of phases: the figure tables, and the threaded and CPU tables too (a figure of
     * the work done, such as CPU or heap bytes per op, means the same for one client or many).
     */
    EVERY_PHASE,
    /**
     * The figure tables only: a figure of one measuring thread's pass (time per op, MB/s), which
     * the threaded tables, whose phases are shown by their rate and latencies, would only restate.
     */
    FIGURE_TABLES
  }

  /** Which way a figure is better. */
  public enum Better {
    LOWER,
    HIGHER;

    /** {@code lower} or {@code higher}, as the machine-readable outputs say it. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** How a phase's value comes from its passes. */
  public enum Aggregation {
    /**
     * The value of the phase's figure pass ({@link PhaseResult#medianPass}: each fork's median pass
     * by time per op, then the median of those): a real pass's, never an average, so the figures
     * of one phase belong to one pass and agree with each other.
     */
    MEDIAN_PASS
  }

  /** How a value prints in a table; "-" where there is none. */
  public enum Format {
    /** Thousands separated, one decimal: {@code 1,234.5}. */
    ONE_DECIMAL,
    /**
     * Bytes: a tenth of a byte below 10 (a per-pass cost spread over the ops), whole bytes above.
     */
    BYTES;

    public String text(Double value) {
      if (value == null) {
        return "-";
      }
      return switch (this) {
        case ONE_DECIMAL -> String.format(Locale.ROOT, "%,.1f", value);
        case BYTES -> String.format(Locale.ROOT, value < 10 ? "%.1f" : "%,.0f", value);
      };
    }
  }

  /** A figure of one pass of a phase of a cell. */
  @FunctionalInterface
  public interface Measure {
    /** The figure, or null where the pass does not have it (not recorded, not this kind of phase). */
    Double of(CellResult.Parameters parameters, String phase, PassResult pass);
  }

  /** The figure of one pass of {@code phase} in {@code cell}, or null. */
  public Double of(CellResult cell, PhaseResult phase, PassResult pass) {
    return pass == null ? null : measure.of(cell.parameters(), phase.phase(), pass);
  }

  /** The phase's value ({@link #aggregation}), or null where it has none (nothing measured, not recorded). */
  public Double of(CellResult cell, PhaseResult phase) {
    return of(cell.parameters(), phase);
  }

  /** The value of {@code phase} run under {@code parameters}, as it ends, before its cell's result is whole. */
  public Double of(CellResult.Parameters parameters, PhaseResult phase) {
    PassResult pass = phase.medianPass();
    return pass == null ? null : measure.of(parameters, phase.phase(), pass);
  }

  /** The phase's value as a table prints it. */
  public String text(CellResult cell, PhaseResult phase) {
    return format.text(of(cell, phase));
  }
}
