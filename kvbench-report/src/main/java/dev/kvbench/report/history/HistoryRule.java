package dev.kvbench.report.history;

import dev.kvbench.stats.EDivisive;
import dev.kvbench.result.ForkSamples.Figure;
import dev.kvbench.result.ForkSamples.NoisyForks;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a history orders runs and finds change points.
 *
 * @param order what puts the runs in order
 * @param revisions with {@link Order#REVISION}: the revisions oldest first (e.g. {@code git rev-list --reverse
 *     HEAD}); empty to order them by the first run of each
 * @param figure which figure of each fork (wall time, the measuring threads' CPU, the process's CPU), per operation
 * @param noisyForks whether forks the host disturbed count
 * @param detection E-Divisive's window, p-value and minimum magnitude
 * @param annotations notes given for runs, by the run's number, revision, file or file name
 */
public record HistoryRule(Order order, List<String> revisions, Figure figure, NoisyForks noisyForks,
    EDivisive.Settings detection, Map<String, String> annotations) {

  /** What puts the runs in order. */
  public enum Order {
    /** When each run started (the default). */
    TIME,
    /** The order the files were given in. */
    GIVEN,
    /** The revision each run recorded (kvbench run --revision), in --revisions' order or first run's. */
    REVISION,
    /** Each cell's library version, oldest first; runs of one version by time. */
    VERSION;

    /** The name in lower case, words joined by hyphens, as outputs and options write it. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The order named {@code id}, or null for none. */
    public static Order named(String id) {
      for (Order o : values()) {
        if (o.id().equals(id)) {
          return o;
        }
      }
      return null;
    }
  }

  /** By time, wall time per op, disturbed forks left out, Otava's detection with a 5 % minimum. */
  public static final HistoryRule DEFAULT = new HistoryRule(Order.TIME, List.of(), Figure.WALL, NoisyForks.DROP,
      EDivisive.Settings.DEFAULT, Map.of());

  public HistoryRule {
    Objects.requireNonNull(order, "order");
    revisions = List.copyOf(revisions);
    Objects.requireNonNull(figure, "figure");
    Objects.requireNonNull(noisyForks, "noisyForks");
    Objects.requireNonNull(detection, "detection");
    annotations = Map.copyOf(annotations);
  }
}
