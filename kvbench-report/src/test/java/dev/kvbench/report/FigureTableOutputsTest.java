package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.measure.ThreadCosts;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.summary.RunTables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every row of the figure table reaches every output, with the value its phase has: the run's
 * tables, the Markdown report, the HTML page's data, results.csv, the JMH JSON, compare's JSON
 * and CSV and history's JSON (which its page and its printed changes read). A figure one of them forgot would be missing there without a word; a new row is checked
 * here without a line of this test changing.
 */
class FigureTableOutputsTest {

  @TempDir Path temp;

  private ResultDocument document;
  private CellResult alpha;
  private PhaseResult alphaWrite;

  @BeforeEach
  void fixture() {
    ResultDocument d = Fixtures.twoStores("host-f", 1);
    // the measuring threads' allocation too, so every row of the table has a value to show
    List<CellResult> cells = d.cells().stream().map(c -> c.withPhases(c.phases().stream()
        .map(p -> p.withPasses(pass -> pass.withMeasuringThreads(new ThreadCosts(pass.passMillis() / 2, 48_000L))))
        .toList())).toList();
    document = Fixtures.document("host-f", cells);
    alpha = cells.get(0);
    alphaWrite = alpha.phases().get(0);
  }

  @Test
  void everyRowHasAValueInTheFixture() {
    // else the checks below would pass on "-" everywhere
    for (Figure f : FigureTable.ROWS) {
      assertThat(f.of(alpha, alphaWrite)).as(f.id()).isNotNull();
    }
  }

  @Test
  void theRunsTablesShowEveryRowWithItsValue() {
    String text = new RunTables(document.cells()).timings(document.cells());
    String alphaLine = text.lines().filter(l -> l.contains("alpha") && l.contains("write")).findFirst().orElseThrow();
    for (Figure f : FigureTable.ROWS) {
      assertThat(text).as(f.id()).contains(f.heading());
      assertThat(alphaLine).as(f.id()).contains(f.text(alpha, alphaWrite));
    }
  }

  @Test
  void theReportsFilesCarryEveryRow() throws Exception {
    Path input = temp.resolve("run.json");
    new ResultFiles().write(document, input);
    Path out = temp.resolve("report");
    new ReportWriter("9.9", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC)).write(List.of(input), out, false);
    String markdown = Files.readString(out.resolve("README.md"), StandardCharsets.UTF_8);
    String csvHeader = Files.readAllLines(out.resolve("results.csv")).get(0);
    JsonNode jmh = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
    String html = Files.readString(out.resolve("index.html"), StandardCharsets.UTF_8);
    JsonNode firstJmh = jmh.get(0).path("secondaryMetrics");
    for (Figure f : FigureTable.ROWS) {
      assertThat(markdown).as(f.id()).contains("| " + f.heading() + " |").contains(f.text(alpha, alphaWrite));
      assertThat(csvHeader.replace("\"", "").split(",")).as(f.id()).contains(f.id());
      assertThat(firstJmh.has(f.id())).as(f.id() + " in " + firstJmh).isTrue();
      assertThat(firstJmh.path(f.id()).path("scoreUnit").asText()).isEqualTo(f.unit());
      assertThat(html).as(f.id()).contains("\"id\":\"" + f.id() + "\"");
    }
  }

  @Test
  void compareCarriesEveryRowOnBothSides() throws Exception {
    RunResults run = Fixtures.run(document);
    Comparison c = Comparison.of(List.of(run), List.of(run));
    JsonNode row = new ObjectMapper().readTree(ComparisonRecords.json(c, "a", "b")).path("rows").get(0);
    String csvHeader = ComparisonRecords.csv(c).lines().findFirst().orElseThrow();
    for (Figure f : FigureTable.ROWS) {
      String camel = Character.toUpperCase(f.id().charAt(0)) + f.id().substring(1);
      assertThat(row.has("baseline" + camel)).as(f.id() + " in " + row).isTrue();
      assertThat(row.has("candidate" + camel)).as(f.id()).isTrue();
      assertThat(csvHeader).contains("baseline_" + f.id()).contains("candidate_" + f.id());
    }
  }

  @Test
  void historyCarriesEveryRowAtEachRun() throws Exception {
    RunResults run = Fixtures.run(document);
    dev.kvbench.report.history.History h = dev.kvbench.report.history.History.of(List.of(run, run),
        dev.kvbench.report.history.HistoryRule.DEFAULT);
    JsonNode tree = new ObjectMapper().readTree(dev.kvbench.report.history.HistoryRecords.json(h, null));
    JsonNode series = java.util.stream.StreamSupport.stream(tree.path("series").spliterator(), false)
        .filter(s -> s.path("store").asText().equals(alpha.store()) && s.path("phase").asText().equals(alphaWrite.phase()))
        .findFirst().orElseThrow();
    JsonNode point = series.path("points").get(0).path("figures");
    for (Figure f : FigureTable.ROWS) {
      assertThat(point.path(f.id()).asDouble()).as(f.id() + " in " + point).isEqualTo(f.of(alpha, alphaWrite));
      assertThat(tree.path("figureColumns").toString()).contains("\"id\":\"" + f.id() + "\"");
    }
  }
}
