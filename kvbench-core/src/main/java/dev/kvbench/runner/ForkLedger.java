package dev.kvbench.runner;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.RunJournal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a run's rounds have measured so far: each cell's forks and the cells that ended. Seeded once
 * from what a resumed run's journal kept, then kept here as each is journaled, so the rounds never
 * read the journal back: during a run it is only written, and only resume and the report read it.
 */
final class ForkLedger {

  private final Map<String, CellResult> ended = new LinkedHashMap<>();
  private final Map<String, SortedMap<Integer, CellResult>> forks = new LinkedHashMap<>();

  /** The cells and forks {@code journal} kept from the run's earlier attempts (none for a new run). */
  static ForkLedger resumedFrom(RunJournal journal) {
    ForkLedger ledger = new ForkLedger();
    ledger.ended.putAll(journal.finishedCells());
    journal.keptForks().forEach((cell, kept) -> ledger.forks.put(cell, new TreeMap<>(kept)));
    return ledger;
  }

  /** The forks of {@code cellId} so far, in fork order, while the cell has no result of its own. */
  List<CellResult> forksOf(String cellId) {
    SortedMap<Integer, CellResult> kept = forks.get(cellId);
    return kept == null ? List.of() : List.copyOf(kept.values());
  }

  /**
   * The forks of {@code cellId} numbered below {@code number}: what the cell's last fork is combined
   * with when an earlier attempt at that fork (one the host disturbed, run again) was kept too.
   */
  List<CellResult> forksBefore(String cellId, int number) {
    SortedMap<Integer, CellResult> kept = forks.get(cellId);
    return kept == null ? List.of() : List.copyOf(kept.headMap(number).values());
  }

  /** Fork {@code number} of its cell; one kept again under the same number takes the earlier's place. */
  void fork(int number, CellResult fork) {
    forks.computeIfAbsent(fork.cellId(), k -> new TreeMap<>()).put(number, fork);
  }

  /**
   * A cell's result: its forks are combined into it, except an interrupted cell's, which a resumed
   * run goes on from.
   */
  void ended(CellResult cell) {
    if (cell.outcome() == CellResult.Outcome.INTERRUPTED) {
      ended.remove(cell.cellId());
      return;
    }
    ended.put(cell.cellId(), cell);
    forks.remove(cell.cellId());
  }

  /** The cells with a result, interrupted ones left out (they run again): the partners a judge pairs with. */
  Map<String, CellResult> finished() {
    return Map.copyOf(ended);
  }
}
