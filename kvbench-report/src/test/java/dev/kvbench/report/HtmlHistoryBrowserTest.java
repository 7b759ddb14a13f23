package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.report.history.History;
import dev.kvbench.report.history.HistoryRecords;
import dev.kvbench.report.history.HistoryRule;
import dev.kvbench.report.history.HtmlHistory;
import dev.kvbench.report.history.RunLinks;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunLabel;
import dev.kvbench.result.SeriesOfRuns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history page in headless Chromium, as {@link HtmlReportBrowserTest} loads the report. */
@Tag("slow")
class HtmlHistoryBrowserTest {

  @TempDir Path temp;

  @Test
  void everySeriesChartDrawsWithItsChangeAndNothingInTheConsole() throws Exception {
    HtmlReportBrowserTest loader = new HtmlReportBrowserTest();
    loader.temp = temp;
    String browser = HtmlReportBrowserTest.browser();
    List<RunResults> runs = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      ResultDocument d = SeriesOfRuns.run(i, 0.03, RunLabel.of("rev-" + i, i == 25 ? "moved to a new host" : null),
          new SeriesOfRuns.Store("alpha", 10, 20, 1.3), new SeriesOfRuns.Store("beta", 20, 0, 1));
      if (i == 12) {
        d = SeriesOfRuns.withCells(d, List.of(d.cells().get(0), SeriesOfRuns.failedCell("beta")));
      }
      runs.add(new RunResults(temp.resolve("runs/run-" + i + ".json").toString(), d.kvbenchVersion(), d.startedAt(),
          d.scenarioName(), d.seed(), d.command(), d.scenario(), d.environment(), true, d.cells(), List.of(),
          d.label()));
    }
    History h = History.of(runs, HistoryRule.DEFAULT);
    Path page = temp.resolve("history.html");
    Files.writeString(page, HtmlHistory.render(h, new HistoryRecords.Gate(10, 1, false), new RunLinks(page, null)),
        StandardCharsets.UTF_8);

    HtmlReportBrowserTest.Loaded loaded = loader.load(browser, page, "", "--dump-dom");
    loaded.drewEveryChartWithoutAnError("history.html");
    assertThat(loaded.attribute("data-charts-expected")).isEqualTo(4);
    // what the script wrote into the page, not the scripts themselves (Chart.js names NaN and HTML elements)
    int app = loaded.dom().indexOf("<div id=\"app\">");
    String shown = loaded.dom().substring(app, loaded.dom().indexOf("<script", app));
    assertThat(shown).contains("kvbench history", "30 runs by time", "Gate passes", "run 20 (rev-20)",
        "slower", "moved to a new host", "the cell failed: the JVM crashed", "href=\"runs/run-1.json\"")
        .doesNotContain("[object HTML", "NaN", "undefined");

    Path shot = Path.of("target", "history-screenshot.png").toAbsolutePath();
    loader.load(browser, page, "", "--hide-scrollbars", "--screenshot=" + shot);
    assertThat(shot).isRegularFile();
  }
}
