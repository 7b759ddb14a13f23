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
          .hasMessageContaining(schema > 3 ? "newer kvbench" : "older kvbench");
    }
  }

  /**
   * A schema-2 document (a version sweep's library version among each cell's settings too) reads as
   * schema 3: the settings are the store's own, the version stays the cell's library version; and its
   * journal does not resume under this kvbench, which would mix the two schemas in one document.
   */
  @Test
  void anOlderSchemasCellsReadInTodaysNamesAndItsJournalIsNotResumed() throws Exception {
    Path doc = run("old");
    Files.delete(RunJournal.journalOf(doc));
    ObjectNode root = (ObjectNode) json.readTree(doc.toFile());
    root.put("schemaVersion", 2);
    ObjectNode first = (ObjectNode) root.get("cells").get(0);
    ((ObjectNode) first.get("settings")).put("version", "1.5");
    first.put("libraryVersion", "1.5");
    json.writeValue(doc.toFile(), root);

    RunResults r = new ReportInputs().readOne(doc);
    assertThat(r.cells().get(0).settings()).doesNotContainKey("version").containsEntry("writeMap", "true");
    assertThat(r.cells().get(0).libraryVersion()).isEqualTo("1.5");

    Path older = run("older");
    Path journal = RunJournal.journalOf(older);
    List<String> lines = new ArrayList<>(Files.readAllLines(journal));
    lines.set(0, lines.get(0).replace("\"schemaVersion\":" + ResultDocument.SCHEMA_VERSION, "\"schemaVersion\":2"));
    Files.write(journal, lines);
    assertThat(new ReportInputs().readOne(journal).cells()).hasSize(Fixtures.twoStores("host-r", 1).cells().size());
    assertThatThrownBy(() -> RunJournal.resume(older, List.of("run"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("result schema 2", "resume it with the kvbench that started it");
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

  /**
   * Issue 42, 8: copies of one result (the same run, cell and fork) count once, with a warning
   * naming the files; the same file given twice too. Another run of the same cells counts on.
   */
  @Test
  void copiesOfOneResultCountEachForkOnce() throws Exception {
    Path doc = run("one");
    Files.delete(RunJournal.journalOf(doc));
    Path copy = Files.copy(doc, temp.resolve("copy.json"));
    Path dir = Files.createDirectories(temp.resolve("copies"));
    Files.copy(doc, dir.resolve("a.json"));
    Files.copy(doc, dir.resolve("b.json"));
    Files.copy(doc, dir.resolve("c.json"));
    int passes = Fixtures.twoStores("host-r", 1).cells().get(0).phases().get(0).passes().size();

    for (List<Path> given : List.of(List.of(doc, copy), List.of(doc, doc), List.of(dir))) {
      List<RunResults> runs = new ReportInputs().read(given);
      // issue 63: a whole copy is no run of its own (history counted it as another run)
      assertThat(runs).as(given.toString()).hasSize(1);
      List<String> warnings = runs.stream().flatMap(r -> r.warnings().stream()).toList();
      assertThat(warnings).as(given.toString()).isNotEmpty()
          .allSatisfy(w -> assertThat(w).contains("each fork is counted once"));
      List<ReportSection> sections = ReportSection.of(runs, false);
      CellResult alpha = sections.get(0).cells().stream().filter(c -> c.store().equals("alpha")).findFirst()
          .orElseThrow();
      assertThat(alpha.phases().get(0).passes()).as(given.toString()).hasSize(passes);
    }
    assertThat(new ReportInputs().read(List.of(doc, doc)).get(0).warnings().get(0))
        .contains("the same file twice", "no run of its own");

    // another run (another start) of the same cells is a sample of its own, counted on
    ObjectNode root = (ObjectNode) json.readTree(doc.toFile());
    root.put("startedAt", "2026-01-02T00:00:00Z");
    Path other = temp.resolve("other.json");
    json.writeValue(other.toFile(), root);
    List<RunResults> two = new ReportInputs().read(List.of(doc, other));
    assertThat(two).allSatisfy(r -> assertThat(r.warnings()).isEmpty());
    CellResult merged = ReportSection.of(two, false).get(0).cells().get(0);
    assertThat(merged.phases().get(0).passes()).hasSize(2 * passes);
  }

  /**
   * Issue 42, 9: hand-edited or partial documents are named, never reported silently: no cells,
   * null cells, a cell that "ran" without phases, a cell twice; wrong types, NaN, huge numbers and
   * bytes that are not UTF-8 are named by file and JSON pointer or line, without the parser's words.
   */
  @Test
  void editedOrPartialDocumentsAreNamedByFileFieldAndCell() throws Exception {
    Path doc = run("e");
    Files.delete(RunJournal.journalOf(doc));
    String text = Files.readString(doc);

    ObjectNode noCells = (ObjectNode) json.readTree(text);
    noCells.remove("cells");
    ObjectNode nullCells = (ObjectNode) json.readTree(text);
    nullCells.putNull("cells");
    for (ObjectNode edited : List.of(noCells, nullCells)) {
      Path f = temp.resolve("cells-" + (edited.has("cells") ? "null" : "missing") + ".json");
      json.writeValue(f.toFile(), edited);
      assertThatThrownBy(() -> new ReportInputs().readOne(f)).isInstanceOf(ReportInputException.class)
          .hasMessageContaining(f.toString()).hasMessageContaining("/cells is " + (edited.has("cells") ? "null"
              : "missing"));
    }

    ObjectNode noPhases = (ObjectNode) json.readTree(text);
    String alpha = noPhases.get("cells").get(0).get("cellId").asText();
    ((ObjectNode) noPhases.get("cells").get(0)).remove("phases");
    Path f = temp.resolve("nophases.json");
    json.writeValue(f.toFile(), noPhases);
    RunResults r = new ReportInputs().readOne(f);
    assertThat(ids(r)).doesNotContain(alpha);
    assertThat(r.warnings()).singleElement().asString().contains(f.toString(), alpha, "lists no phase");

    ObjectNode twice = (ObjectNode) json.readTree(text);
    ObjectNode again = twice.get("cells").get(0).deepCopy();
    ((ObjectNode) again.get("phases").get(0)).put("passMillis", 999.0);
    ((ArrayNode) twice.get("cells")).add(again);
    Path t = temp.resolve("twice.json");
    json.writeValue(t.toFile(), twice);
    RunResults tr = new ReportInputs().readOne(t);
    assertThat(tr.cells().stream().filter(c -> c.cellId().equals(alpha))).singleElement()
        .satisfies(c -> assertThat(c.phases().get(0).passMillis()).isNotEqualTo(999.0));
    assertThat(tr.warnings()).singleElement().asString().contains(t.toString(), alpha, "more than once",
        "other figures");

    ObjectNode wrongType = (ObjectNode) json.readTree(text);
    ((ObjectNode) wrongType.get("cells").get(0).get("phases").get(0)).put("passMillis", "fast");
    Path w = temp.resolve("type.json");
    json.writeValue(w.toFile(), wrongType);
    Path nan = Files.writeString(temp.resolve("nan.json"), text.replaceFirst("\"passMillis\" ?: ?[0-9.]+",
        "\"passMillis\" : NaN"));
    Path huge = Files.writeString(temp.resolve("huge.json"), text.replaceFirst("\"ops\" ?: ?[0-9]+",
        "\"ops\" : 123456789012345678901234567890"));
    byte[] bytes = Files.readAllBytes(doc);
    int at = text.indexOf("\"store\"");
    byte[] broken = new byte[bytes.length + 2];
    System.arraycopy(bytes, 0, broken, 0, at);
    broken[at] = (byte) 0xff;
    broken[at + 1] = (byte) 0xfe;
    System.arraycopy(bytes, at, broken, at + 2, bytes.length - at);
    Path latin = Files.write(temp.resolve("bytes.json"), broken);
    java.util.Map<Path, String> expected = new java.util.LinkedHashMap<>();
    expected.put(w, "at /cells/0/phases/0/passMillis: expected a number, found a string");
    expected.put(nan, "not finite (NaN or Infinity)");
    expected.put(huge, "at /cells/0/phases/0/ops: a number too large");
    expected.put(latin, "not UTF-8");
    expected.forEach((file, why) -> assertThatThrownBy(() -> new ReportInputs().readOne(file))
        .isInstanceOf(ReportInputException.class).hasMessageContaining(file.toString()).hasMessageContaining(why)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("JsonReadFeature", "Source:", "reference chain",
            "dev.kvbench.")));
  }
}
