package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** One line of a {@link RunJournal}: exactly one of its fields is set. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JournalLine(RunHeader run, CellResult cell, Resumed resumed, End end, Fork fork) {

  JournalLine(RunHeader run, CellResult cell, Resumed resumed, End end) {
    this(run, cell, resumed, end, null);
  }

  /** How many of the fields are set: a journal line has exactly one. */
  int kinds() {
    return (run != null ? 1 : 0) + (cell != null ? 1 : 0) + (resumed != null ? 1 : 0) + (end != null ? 1 : 0)
        + (fork != null ? 1 : 0);
  }

  /**
   * One fork of a cell whose forks are interleaved with the other cells' (every cell's fork 1,
   * then every cell's fork 2 ...): kept as it ends, so a stopped run loses no fork; the cell's own
   * line, its forks combined, follows its last fork. The lines' order is the order they ran.
   *
   * @param number the fork, from 1
   */
  public record Fork(int number, CellResult result) {}

  /**
   * The run was resumed: when, with which command, and in which work directory (so a later resume
   * can remove that directory if this attempt was killed and left it).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Resumed(String at, List<String> command, WorkDirectory workDirectory) {}

  /** The run stopped: whether every cell has a result. */
  public record End(String at, boolean completed) {}
}
