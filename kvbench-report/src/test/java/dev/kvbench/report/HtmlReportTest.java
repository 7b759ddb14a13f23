package dev.kvbench.report;

import dev.kvbench.stats.ForkRatio;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** index.html and compare --html: what the page holds, without a browser (HtmlReportBrowserTest draws it). */
class HtmlReportTest {

  @TempDir Path temp;

  static JsonNode data(String html) throws Exception {
    Matcher m = Pattern.compile("<script type=\"application/json\" id=\"kvbench-data\">(.*?)</script>", Pattern.DOTALL)
        .matcher(html);
    assertThat(m.find()).as("the page's data").isTrue();
    return HtmlPage.JSON.readTree(m.group(1));
  }

  /** alpha and beta at three value sizes each: a sweep, drawn as lines over the value size. */
  static ResultDocument valueSweep() {
    List<CellResult> cells = new ArrayList<>();
    for (String store : List.of("alpha", "beta")) {
      for (int value : new int[] {100, 1000, 10000}) {
        double scale = value / 100.0 * (store.equals("beta") ? 2 : 1);
        CellResult c = Fixtures.cell(store, "rnd", Map.of(), Fixtures.ORDERED,
            Fixtures.phase("write", new double[] {scale, scale * 1.1, scale * 0.9}, 1, 2, (long) scale),
            Fixtures.phase("readKey", new double[] {scale / 2, scale / 2.2, scale / 1.8}));
        cells.add(new CellResult(store + " int rnd 1000x" + value + " batch=all nosync", c.store(), c.library(),
            c.libraryVersion(), c.capabilities(), c.settings(), c.nativeSettings(),
            new CellResult.Parameters(1000, "int", 4, value, "rnd", 1000, "nosync", 1, 16, 1, 0, 3), c.phases(),
            c.storage(), c.outcome(), c.error(), c.diagnostics()));
      }
    }
    return Fixtures.document("host-s", cells);
  }

  /**
   * LMDB and RocksDB, int keys, random order, 100-byte values, readKey: what the 2016 report's Test 4
   * timed; and libmdbx beside LMDB, which the libmdbx README's claims are about.
   */
  static ResultDocument seedStores() {
    CellResult lmdb = Fixtures.cell("lmdbjava-agrona", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("readKey", new double[] {2, 2, 2}));
    CellResult rocks = Fixtures.cell("rocksdb", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("readKey", new double[] {5, 5, 5}));
    CellResult mdbx = Fixtures.cell("libmdbx", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("readKey", new double[] {1.7, 1.7, 1.7}));
    return Fixtures.document("host-p", List.of(lmdb, rocks, mdbx));
  }

  static Path report(Path temp, ResultDocument... docs) throws Exception {
    List<Path> inputs = new ArrayList<>();
    for (int i = 0; i < docs.length; i++) {
      Path p = temp.resolve("run" + i + ".json");
      new ResultFiles().write(docs[i], p);
      inputs.add(p);
    }
    Path out = temp.resolve("rep");
    new ReportWriter("9.9", Clock.fixed(Instant.parse("2026-05-05T10:00:00Z"), ZoneOffset.UTC)).write(inputs, out,
        false);
    return out;
  }

  @Test
  void thePageHoldsEveryPhaseOfEveryCellWithItsIntervalAndSamples() throws Exception {
    Path out = report(temp, Fixtures.twoStores("host-a", 1));
    String html = Files.readString(out.resolve("index.html"));
    JsonNode data = data(html);

    // alpha, beta and null ran write and readKey, alpha and beta also readRev (unsupported, failed)
    assertThat(data.get("rows")).hasSize(8);
    JsonNode alphaWrite = null;
    for (JsonNode r : data.get("rows")) {
      if (r.get("store").asText().equals("alpha") && r.get("phase").asText().equals("write")) {
        alphaWrite = r;
      }
    }
    double[] interval = ForkRatio.interval(new double[] {10, 11, 12});
    assertThat(alphaWrite.get("ms").asDouble()).isEqualTo(11);
    assertThat(alphaWrite.get("low").asDouble()).isCloseTo(interval[0], within(1e-9));
    assertThat(alphaWrite.get("high").asDouble()).isCloseTo(interval[1], within(1e-9));
    assertThat(alphaWrite.get("samples")).hasSize(3);
    assertThat(alphaWrite.get("forks").asInt()).isEqualTo(3);
    assertThat(data.get("rows").findValuesAsText("status")).contains("unsupported", "failed");
    assertThat(data.get("rows").findValuesAsText("why")).contains("beta: wrong value for key 7");
    // the failed cell has a page too, with its reason
    assertThat(data.get("cells").findValuesAsText("error")).contains("no space left on device: the JVM crashed");
    // each cell links its interval logs, which the folder holds
    JsonNode alpha = data.get("cells").get(alphaWrite.get("cell").asInt());
    assertThat(alpha.get("cellId").asText()).startsWith("alpha ");
    assertThat(alpha.get("links")).isNotEmpty();
    for (JsonNode link : alpha.get("links")) {
      assertThat(out.resolve(link.get("href").asText())).isRegularFile();
    }
    // the base64 histograms stay in the result file
    assertThat(html).doesNotContain("latencyHistogram");
  }

  @Test
  void thePageShowsTheSeedsFiguresBesideARunThatMeasuredTheSame() throws Exception {
    JsonNode data = data(Files.readString(report(temp, seedStores()).resolve("index.html")));
    JsonNode set = data.get("published").get(0);
    assertThat(set.get("title").asText()).contains("10 July 2016, Test 4");
    assertThat(set.get("source").asText()).contains("lmdbjava/benchmarks");
    assertThat(set.get("times").get("columns").findValuesAsText("title")).contains("Seed×ref", "Here×ref");
    List<String> rocksRow = new ArrayList<>();
    set.get("times").get("rows").forEach(r -> {
      if (r.get(4).asText().equals("rocksdb")) {
        r.forEach(v -> rocksRow.add(v.asText()));
      }
    });
    assertThat(rocksRow).contains("x 2.50");
    // the fixture loaded 1,000 entries, not the seed's 1,000,000: bytes are not compared, and the page says why
    assertThat(set.get("storage").get("rows")).isEmpty();
    assertThat(set.get("storageNote").asText()).contains("1,000,000 entries");
    // the libmdbx README's claim in words, held against the same cells: x 0.85 is 15 % faster, inside 10-20 %,
    // on three forks a side that agree, so its interval is as narrow
    JsonNode readme = data.get("published").get(1);
    assertThat(readme.get("title").asText()).contains("libmdbx README");
    JsonNode claim = readme.get("claims").get(0);
    assertThat(claim.get("where").asText()).isEqualTo("seed 004, line 120");
    assertThat(claim.get("table").get("rows").get(0).findValuesAsText("")).isEmpty();
    List<String> claimRow = new ArrayList<>();
    claim.get("table").get("rows").get(0).forEach(v -> claimRow.add(v.asText()));
    assertThat(claimRow).contains("readKey", "x 0.85 (95 %: 0.85-0.85)", "yes");
    // a run of stores no seed published has none
    assertThat(data(Files.readString(report(temp.resolve("other"), Fixtures.twoStores("host-a", 1))
        .resolve("index.html"))).get("published")).isEmpty();
  }

  @Test
  void thePageNeedsNoNetworkAndSurvivesMarkupInTheData() throws Exception {
    CellResult odd = Fixtures.cell("alpha", "rnd", Map.of("path", "</script><b>x</b>"), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {1, 2, 3}));
    Path out = report(temp, Fixtures.document("host-a", List.of(odd)));
    String html = Files.readString(out.resolve("index.html"));

    // Chart.js and kvbench's script are inline: nothing is fetched
    assertThat(html).doesNotContainPattern("<script[^>]+src=").doesNotContainPattern("<link[^>]+href=");
    assertThat(html).contains("Chart.js v4");
    // the setting's "</script>" did not end the data early: three script elements, whole
    assertThat(Pattern.compile("</script>").matcher(html).results().count()).isEqualTo(3);
    assertThat(data(html).get("rows").get(0).get("settings").asText()).isEqualTo("path=</script><b>x</b>");
  }

  @Test
  void aSweepIsOneGroupPerPhaseWithTheSweptValueOnEachRow() throws Exception {
    Path out = report(temp, valueSweep());
    JsonNode data = data(Files.readString(out.resolve("index.html")));
    assertThat(data.get("groups")).hasSize(2);
    assertThat(data.get("groups").get(0).get("sweep").asText()).isEqualTo("valueSize");
    assertThat(data.get("rows").findValuesAsText("x")).containsOnly("100.0", "1000.0", "10000.0");
    // the table names each row's swept value; a chart's line is the row without it
    assertThat(data.get("rows").findValuesAsText("swept")).contains("valueSize=100 B", "valueSize=10000 B");
    assertThat(data.get("rows").findValuesAsText("line")).isNotEmpty().noneMatch(l -> l.contains("valueSize"));
    // latency: one chart per value size, the two stores as its lines, each linked from README.md
    String readme = Files.readString(out.resolve("README.md"));
    for (int value : new int[] {100, 1000, 10000}) {
      String chart = "charts/host-s-int-keys-rnd-order-1-000-entries-write-latency-valuesize-" + value + ".png";
      assertThat(out.resolve(chart)).isRegularFile();
      assertThat(readme).contains("](" + chart + ")");
    }
    try (var charts = Files.list(out.resolve("charts"))) {
      assertThat(charts.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith("-write-latency.png"));
    }
  }

  @Test
  void theComparisonPageHasEachRowsRatioAndInterval() throws Exception {
    List<RunResults> base = List.of(Fixtures.run(Fixtures.twoStores("h", 1)));
    List<RunResults> cand = List.of(Fixtures.run(Fixtures.twoStores("h", 2)));
    Comparison c = Comparison.of(base, cand);
    JsonNode data = data(HtmlComparison.render(c, "a.json", "b.json"));

    assertThat(data.get("rows")).hasSize(c.rows().size());
    JsonNode write = null;
    for (JsonNode r : data.get("rows")) {
      if (r.get("cell").asText().startsWith("alpha") && r.get("phase").asText().equals("write")) {
        write = r;
      }
    }
    assertThat(write.get("ratio").asDouble()).isCloseTo(2, within(1e-9));
    assertThat(write.get("verdict").asText()).isEqualTo("slower");
    assertThat(write.get("low").asDouble()).isGreaterThan(1);
    assertThat(data.get("unmatched").findValuesAsText("cell")).isNotEmpty();
  }
}
