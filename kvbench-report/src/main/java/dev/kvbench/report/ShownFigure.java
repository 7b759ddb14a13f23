package dev.kvbench.report;

import dev.kvbench.result.ForkSamples.Figure;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PrimaryFigure;

/**
 * What a row's figures are: a phase of a fixed amount of work shows its time (ms per pass, or the
 * judged threads' CPU ms), one of a fixed duration its rate (ops per second), or CPU per op where
 * CPU time is judged, or a cell's storage in MB; each with the way that is better.
 *
 * @param id the figure's name in records ({@code ms}, {@code ops/s}, {@code cpu-ms}, {@code cpu-us/op},
 *     {@code storage-mb}, {@code capacity-ops/s})
 * @param heading the unit a table's heading gives it
 */
public record ShownFigure(String id, String heading, boolean lowerIsBetter) {

  /** A rate sweep's capacity at its SLA: the highest offered rate met, ops/s, higher is better. */
  public static final ShownFigure CAPACITY = new ShownFigure("capacity-ops/s", "ops/s at the SLA", false);

  /** A cell's storage: allocated bytes after close, in MB (10^6 bytes), lower is better. */
  public static final ShownFigure STORAGE = new ShownFigure("storage-mb", "MB", true);

  /** What a row of {@code phase} judged on {@code judged} shows. */
  static ShownFigure of(PrimaryFigure primary, Figure judged) {
    if (judged == Figure.WALL) {
      return primary == PrimaryFigure.RATE ? new ShownFigure("ops/s", "ops/s", false)
          : new ShownFigure("ms", "ms", true);
    }
    return primary == PrimaryFigure.RATE ? new ShownFigure("cpu-us/op", "CPU us/op", true)
        : new ShownFigure("cpu-ms", "CPU ms", true);
  }

  /** The figure of one fork's median pass as shown. */
  double of(PassResult pass, Figure judged) {
    return switch (id) {
      case "ops/s" -> pass.opsPerSec();
      case "cpu-us/op" -> judged.perOp(pass) * 1e3;
      default -> judged.of(pass);
    };
  }
}
