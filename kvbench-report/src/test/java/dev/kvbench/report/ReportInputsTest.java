package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunHeader;
import dev.kvbench.result.RunJournal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What report and compare read: past damaged lines, the union of a document and its journal, nothing misread. */
class ReportInputsTest {

  @TempDir Path temp;

  private final ObjectMapper json = new ObjectMapper();

  /** A run of alpha, beta, null and gamma (failed) written as a document and its journal. */
  private Path run(String name) throws Exception {
    ResultDocument d = Fixtures.twoStores("host-r", 1);
    Path doc = temp.resolve(name + ".json");
    try (RunJournal j = RunJournal.create(doc, new RunHeader(d.schemaVersion(), d.kvbenchVersion(), d.startedAt(),
        d.scenarioName(), d.seed(), d.command(), d.scenario(), d.shard(), d.environment()))) {
      for (CellResult c : d.cells()) {
        j.add(c);
      }
      j.finish(true);
    }
    return doc;
  }

  @Test
  void theForksARunFinishedBeforeItStoppedAreItsCellsFigures() throws Exception {
    ResultDocument d = Fixtures.twoStores("host-r", 1);
    CellResult alpha = d.cells().get(0);
    CellResult beta = d.cells().get(1);
    Path doc = temp.resolve("stopped.json");
    try (RunJournal j = RunJournal.create(doc, new RunHeader(d.schemaVersion(), d.kvbenchVersion(), d.startedAt(),
        d.scenarioName(), d.seed(), d.command(), d.scenario(), d.shard(), d.environment()))) {
      // round 1 and half of round 2 of three: alpha finished two forks, beta one
      j.addFork(1, alpha);
      j.addFork(1, beta);
      j.addFork(2, alpha);
      j.finish(false);
    }
    RunResults r = new ReportInputs().readOne(RunJournal.journalOf(doc));
    assertThat(r.completed()).isFalse();
    assertThat(ids(r)).containsExactly(alpha.cellId(), beta.cellId());
    CellResult twoForks = r.cells().get(0);
    assertThat(twoForks.phases().get(0).forkMedians()).hasSize(2);
    assertThat(twoForks.phases().get(0).passes()).extracting(dev.kvbench.result.PassResult::fork)
        .containsOnly(1, 2).hasSize(2 * alpha.phases().get(0).passes().size());
    assertThat(r.cells().get(1).phases().get(0).forkMedians()).hasSize(1);
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains(alpha.cellId(), "2 fork(s) (1, 2)",
        "before the run stopped")).anySatisfy(w -> assertThat(w).contains(beta.cellId(), "1 fork(s) (1)"));
  }

  private static List<String> ids(RunResults r) {
    return r.cells().stream().map(CellResult::cellId).toList();
  }

  @Test
  void aDamagedJournalLineCostsOnlyThatCellAndTheDocumentStillHasIt() throws Exception {
    Path doc = run("r");
    Path journal = RunJournal.journalOf(doc);
    List<String> all = ids(new ReportInputs().readOne(doc));
    List<String> lines = new ArrayList<>(Files.readAllLines(journal));
    lines.set(1, lines.get(1).replaceFirst("\"passMillis\"", "\"passMillis\"}"));
    Files.write(journal, lines);

    RunResults fromJournal = new ReportInputs().readOne(journal);
    assertThat(ids(fromJournal)).as("the document beside it fills the gap").containsExactlyInAnyOrderElementsOf(all);
    assertThat(fromJournal.warnings()).anySatisfy(w -> assertThat(w).contains("line 2 of " + journal, "damaged"))
        .anySatisfy(w -> assertThat(w).contains("in " + doc + " but not in its journal", all.get(0)));

    Files.delete(doc);
    RunResults alone = new ReportInputs().readOne(journal);
    assertThat(ids(alone)).as("every cell after the damaged line is kept").containsExactlyElementsOf(all.subList(1,
        all.size()));
    assertThat(alone.completed()).isTrue();
  }

  @Test
  void aDocumentThatFellBehindItsJournalGetsTheJournalsCells() throws Exception {
    Path doc = run("behind");
    ResultDocument d = new ResultFiles().read(doc);
    new ResultFiles().write(new ResultDocument(d.schemaVersion(), d.kvbenchVersion(), d.startedAt(), d.scenarioName(),
        d.seed(), d.command(), d.scenario(), d.shard(), d.environment(), d.cells().subList(0, 1), false,
        d.resumedAt()), doc);
    RunResults r = new ReportInputs().readOne(doc);
    assertThat(r.cells()).hasSameSizeAs(d.cells());
    assertThat(r.warnings()).singleElement().asString().contains("in the journal", "but not in " + doc);
  }

  @Test
  void aSchemaThisKvbenchDoesNotWriteIsRefusedNamingTheFile() throws Exception {
    Path doc = run("s");
    Files.delete(RunJournal.journalOf(doc));
    for (int schema : new int[] {1, 99}) {
      ObjectNode root = (ObjectNode) json.readTree(doc.toFile());
      root.put("schemaVersion", schema);
      Path edited = temp.resolve("schema" + schema + ".json");
      json.writeValue(edited.toFile(), root);
      assertThatThrownBy(() -> new ReportInputs().readOne(edited)).isInstanceOf(ReportInputException.class)
          .hasMessageContaining(edited.toString()).hasMessageContaining("schema " + schema)
          .hasMessageContaining(schema > 2 ? "newer kvbench" : "older kvbench");
    }
  }

  /** Impossible figures and undecodable histograms: that cell is left out and named, the others reported. */
  @Test
  void aCellThatCannotBeReadRightIsLeftOutAndNamed() throws Exception {
    Path doc = run("bad");
    Files.delete(RunJournal.journalOf(doc));
    ObjectNode root = (ObjectNode) json.readTree(doc.toFile());
    ArrayNode cells = (ArrayNode) root.get("cells");
    ((ObjectNode) cells.get(0).get("phases").get(0)).put("passMillis", 1e308);
    ((ObjectNode) cells.get(1).get("phases").get(0)).put("latencyHistogram", "bm90IGEgaGlzdG9ncmFt");
    ((ObjectNode) cells.get(2).get("phases").get(0).get("passes").get(0)).put("passMillis", -5.0);
    json.writeValue(doc.toFile(), root);

    RunResults r = new ReportInputs().readOne(doc);
    assertThat(r.cells()).hasSize(cells.size() - 3);
    assertThat(r.warnings()).hasSize(3)
        .anySatisfy(w -> assertThat(w).contains(cells.get(0).get("cellId").asText(), "impossible figure (1.0E308)"))
        .anySatisfy(w -> assertThat(w).contains(cells.get(1).get("cellId").asText(), "histogram does not decode"))
        .anySatisfy(w -> assertThat(w).contains(cells.get(2).get("cellId").asText(), "-5.0 ms"));
    // the report is written from the rest and says what it left out
    Path out = temp.resolve("rep");
    ReportWriter.Written w = new ReportWriter("9.9", java.time.Clock.systemUTC()).write(List.of(doc), out, false);
    assertThat(w.warnings()).hasSize(3);
    assertThat(Files.readString(out.resolve("README.md"))).contains("What reading the result files skipped",
        "impossible figure");
  }
}
