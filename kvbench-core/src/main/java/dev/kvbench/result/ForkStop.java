package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Why a run that adds forks until its figures are precise enough ({@code --precision}) stopped
 * adding them to a cell: each phase's figure already says how many forks stand behind it.
 *
 * @param forks the forks the cell ran
 * @param detail what was precise or still wide when it stopped, e.g. "readSeq 7.2 % wide"
 */
public record ForkStop(Reason reason, int forks, String detail) {

  /** Why no more forks were added. */
  public enum Reason {
    /**
     * Every comparison with the other variants of its workload was settled (narrow, equivalent or
     * clearly different), or, compared with nothing, every phase's interval was within the precision.
     */
    PRECISE,
    /** The most forks a cell may have ({@code --max-forks}) were reached. */
    MAX_FORKS,
    /** The run's time budget ({@code --time-budget}) was spent. */
    TIME_BUDGET,
    /** The host disturbed most forks of a round whatever was done: more forks would have been disturbed too. */
    HOST_BUSY,
    /**
     * A comparison was neither narrow nor decided, and at its spread it would take more forks than a
     * cell is given to settle (a change on the minimum effect, a store whose forks fall into two modes).
     */
    OUT_OF_REACH;

    @JsonValue
    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  public ForkStop {
    java.util.Objects.requireNonNull(reason, "reason");
    detail = detail == null ? "" : detail;
  }

  /** "precise after 5 forks", "max forks after 10 forks: readSeq 7.2 % wide". */
  public String describe() {
    return reason.id() + " after " + forks + " forks" + (detail.isEmpty() ? "" : ": " + detail);
  }
}
