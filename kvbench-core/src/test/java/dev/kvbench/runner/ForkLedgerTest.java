package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunHeader;
import dev.kvbench.result.RunJournal;
import dev.kvbench.result.WorkDirectory;
import dev.kvbench.run.CellResults;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.workload.KeyOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rounds keep what they measured themselves: a ledger seeded once from a resumed run's journal,
 * which they then only write to.
 */
class ForkLedgerTest {

  @TempDir Path temp;

  private static final StoreRegistry REGISTRY = StoreRegistry.load();

  private static List<CellParams> cells() {
    return TinyScenario.of("ledger", List.of("null", "test-journal"), 10, KeyOrder.SEQ, 3).cells(REGISTRY);
  }

  private static CellResult attempt(CellParams cell, Outcome outcome, String why) {
    return CellResults.ended(REGISTRY.require(cell.storeId()), cell, outcome, why, null);
  }

  private static RunHeader header() {
    return new RunHeader(ResultDocument.SCHEMA_VERSION, "0.1", "now", "ledger", 1, List.of("run"), "name: ledger\n",
        "1/1", null, new WorkDirectory("/dev/shm/kvbench-1", true));
  }

  @Test
  void aResumedRunGoesOnFromTheForksAndCellsItsJournalKept() throws Exception {
    CellParams a = cells().get(0);
    CellParams b = cells().get(1);
    Path doc = temp.resolve("r.json");
    CellResult first = attempt(a, Outcome.RAN, "fork 1");
    CellResult disturbed = attempt(a, Outcome.RAN, "fork 2, disturbed");
    CellResult again = attempt(a, Outcome.RAN, "fork 2, again");
    CellResult bDone = attempt(b, Outcome.RAN, "b");
    try (RunJournal j = RunJournal.create(doc, header())) {
      j.addFork(1, first);
      j.addFork(2, disturbed);
      j.addFork(2, again);
      j.add(bDone);
    }
    try (RunJournal resumed = RunJournal.resume(doc, List.of("run", "--resume"))) {
      ForkLedger ledger = ForkLedger.resumedFrom(resumed);
      assertThat(ledger.forksOf(a.id())).as("the later attempt at fork 2 takes the disturbed one's place")
          .containsExactly(first, again);
      assertThat(ledger.forksBefore(a.id(), 2)).containsExactly(first);
      assertThat(ledger.forksBefore(a.id(), 1)).isEmpty();
      assertThat(ledger.finished()).containsOnlyKeys(b.id());
      assertThat(ledger.forksOf(b.id())).isEmpty();
    }
  }

  @Test
  void aCellsResultEndsItsForksUnlessTheCellWasInterrupted() {
    CellParams a = cells().get(0);
    ForkLedger ledger = new ForkLedger();
    CellResult one = attempt(a, Outcome.RAN, "fork 1");
    ledger.fork(1, one);
    ledger.ended(attempt(a, Outcome.INTERRUPTED, "stopped"));
    assertThat(ledger.forksOf(a.id())).as("an interrupted cell goes on from its forks").containsExactly(one);
    assertThat(ledger.finished()).as("and is no partner to judge with").isEmpty();

    CellResult two = attempt(a, Outcome.RAN, "fork 2");
    ledger.fork(2, two);
    CellResult combined = attempt(a, Outcome.RAN, "combined");
    ledger.ended(combined);
    assertThat(ledger.forksOf(a.id())).as("combined into the cell's result").isEmpty();
    assertThat(ledger.finished()).containsEntry(a.id(), combined);
  }
}
