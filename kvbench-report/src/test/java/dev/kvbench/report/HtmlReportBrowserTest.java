package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML pages in a real browser: headless Chromium (Debian's {@code chromium}) loads each page
 * from disk, runs its script and dumps the DOM; every chart the page started must have drawn, and
 * neither the page nor the console may show an error. test.sh installs Chromium; where it is
 * missing the test is skipped, except in CI ({@code CI=true}), where that fails it.
 */
@Tag("slow")
class HtmlReportBrowserTest {

  @TempDir Path temp;

  static String chromium() {
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
        if (Files.isExecutable(Path.of(dir, name))) {
          return Path.of(dir, name).toString();
        }
      }
    }
    return null;
  }

  static String browser() {
    String found = chromium();
    if (found == null && "true".equals(System.getenv("CI"))) {
      throw new AssertionError("no chromium on the PATH: test.sh installs it (apt-get install chromium)");
    }
    assumeTrue(found != null, "no chromium on the PATH (apt-get install chromium)");
    return found;
  }

  /** What Chromium made of a page: the DOM after its script ran, and what it logged. */
  record Loaded(String dom, String log) {

    int attribute(String name) {
      Matcher m = Pattern.compile("<body[^>]*\\s" + name + "=\"(\\d+)\"").matcher(dom);
      return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    void drewEveryChartWithoutAnError(String page) {
      assertThat(dom).as(page + ": errors the page caught").doesNotContain("data-errors=");
      assertThat(log.lines().filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught")).toList())
          .as(page + ": console messages").isEmpty();
      int expected = attribute("data-charts-expected");
      assertThat(expected).as(page + ": charts started").isPositive();
      assertThat(attribute("data-charts-rendered")).as(page + ": charts drawn").isEqualTo(expected);
    }
  }

  Loaded load(String browser, Path page, String hash, String... extra) throws Exception {
    List<String> command = new ArrayList<>(List.of(browser, "--headless", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--user-data-dir=" + temp.resolve("profile"), "--virtual-time-budget=5000",
        "--enable-logging=stderr", "--v=0", "--window-size=1400,1000"));
    command.addAll(List.of(extra));
    command.add(page.toUri() + hash);
    Path log = temp.resolve("chromium.log");
    Path dom = temp.resolve("dom.html");
    Process p = new ProcessBuilder(command).redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish with " + page + hash + " in 120 s");
    }
    return new Loaded(Files.readString(dom, StandardCharsets.UTF_8), Files.readString(log, StandardCharsets.UTF_8));
  }

  @Test
  void everyChartOfTheReportAndOfACellPageDrawsWithoutAnError() throws Exception {
    String browser = browser();
    Path out = HtmlReportTest.report(temp, Fixtures.twoStores("host-a", 1), HtmlReportTest.valueSweep());
    Path index = out.resolve("index.html");

    Loaded overview = load(browser, index, "", "--dump-dom");
    overview.drewEveryChartWithoutAnError("index.html");
    // two phases of the two stores' workload as bars, their memory stacked, two of the sweep as lines
    assertThat(overview.attribute("data-charts-expected")).isEqualTo(5);
    assertThat(overview.dom).contains("Every phase of every cell", "FAILED", "beta: wrong value for key 7");

    Loaded cell = load(browser, index, "#cell=0", "--dump-dom");
    cell.drewEveryChartWithoutAnError("index.html#cell=0");
    assertThat(cell.dom).contains("Settings", "Environment", "Test CPU", "HdrHistogram interval log",
        "Memory after the phases", "cache")
        // a section's name-value list, not elements printed as text (a global of report.js once hid common.js's;
        // Chart.js itself names "[object HTMLImageElement]")
        .doesNotContain("[object HTMLHeadingElement]", "[object HTMLParagraphElement]", "[object HTMLTableElement]");
    assertThat(overview.dom).contains("The stores");

    // a picture of the page, to look at (target/report-screenshot.png)
    Path shot = Path.of("target", "report-screenshot.png").toAbsolutePath();
    load(browser, index, "", "--hide-scrollbars", "--screenshot=" + shot);
    assertThat(shot).isRegularFile();
  }

  /** A sustained phase's timeline, two stores, one with stalls and store counters: its charts draw, its words say so. */
  @Test
  void theTimelineChartsOfASustainedPhaseDrawWithoutAnError() throws Exception {
    String browser = browser();
    Path index = HtmlReportTest.report(temp, Fixtures.document("host-a", List.of(
        sustained("steady", new long[] {1000, 1010, 990, 1005, 995}, false),
        sustained("stalling", new long[] {1000, 100, 990, 80, 1005}, true)))).resolve("index.html");
    Loaded overview = load(browser, index, "", "--dump-dom");
    overview.drewEveryChartWithoutAnError("index.html");
    // ops, longest op, the store's own stalls, bytes on disk, device writes, other threads' CPU
    assertThat(overview.attribute("data-charts-expected")).isEqualTo(6);
    assertThat(overview.dom).contains("sustain over time", "stalling: 2 stalled interval(s)",
        "steady: 0 stalled interval(s)", "stall.total-stops 16", "The stores");
    Loaded cell = load(browser, index, "#cell=1", "--dump-dom");
    cell.drewEveryChartWithoutAnError("index.html#cell=1");
    assertThat(cell.dom).contains("Over time (the median pass")
        .doesNotContain("[object HTMLHeadingElement]", "[object HTMLParagraphElement]", "[object HTMLTableElement]");
  }

  /** A cell whose one sustain pass has a point a second with {@code ops}, and RocksDB-like counters where asked. */
  private static dev.kvbench.result.CellResult sustained(String store, long[] ops, boolean counters) {
    List<dev.kvbench.result.TimelinePoint> points = new java.util.ArrayList<>();
    for (int i = 0; i < ops.length; i++) {
      points.add(new dev.kvbench.result.TimelinePoint((i + 1) * 1000L, 1000,
          new dev.kvbench.result.TimelinePoint.Ops(ops[i], 1_000, 5_000, ops[i] < 500 ? 900_000_000 : 50_000), null,
          1_000L, 1_000_000L * (i + 1), 2_000_000L, 1_000_000L, 900.0, 300.0,
          counters ? java.util.Map.of("stall.total-stops", 4L * i) : java.util.Map.of()));
    }
    dev.kvbench.result.Timeline t = new dev.kvbench.result.Timeline(1000, points,
        dev.kvbench.result.Timeline.Stalls.of(points, 1000, 0.5), 1_000_000, 10_000_000L, null, 500_000, false);
    long total = java.util.Arrays.stream(ops).sum();
    dev.kvbench.result.PhaseResult sustain = dev.kvbench.result.PhaseResult.measured("sustain", List.of(
        dev.kvbench.result.PassResult.of(total, 5_000_000_000L, new dev.kvbench.measure.CpuTime(4000, 200), 0)
            .withTimeline(t).withFork(1)), dev.kvbench.result.PhaseResult.Latency.NONE, true, null, null);
    return Fixtures.cell(store, "rnd", java.util.Map.of(), Fixtures.ORDERED, sustain);
  }

  @Test
  void theSeedsFiguresDrawBesideTheRunsWithoutAnError() throws Exception {
    String browser = browser();
    Path index = HtmlReportTest.report(temp, HtmlReportTest.seedStores()).resolve("index.html");
    Loaded overview = load(browser, index, "", "--dump-dom");
    overview.drewEveryChartWithoutAnError("index.html");
    assertThat(overview.dom).contains("Published figures beside this run's", "10 July 2016, Test 4", "x 2.50",
        "the seed's bytes are for 1,000,000 entries",
        "seed 004, line 120", "libmdbx 10-20% faster than LMDB");
    assertThat(overview.dom).as("an element printed as text").doesNotContain("[object HTMLParagraphElement]", "[object HTMLTableElement]");
  }

  /**
   * Issue 63: a run whose passes the host mostly disturbed says so at the top, and stores ten times
   * apart are drawn on a log axis (on a linear one from 0 the fastest are slivers), switchable.
   */
  @Test
  void aNoisyRunSaysSoAtTheTopAndStoresFarApartAreDrawnOnALogAxis() throws Exception {
    String browser = browser();
    dev.kvbench.result.ResultDocument quietRun = Fixtures.twoStores("h", 1);
    // every measured pass with another process beside it
    dev.kvbench.result.ResultDocument noisy = dev.kvbench.result.SeriesOfRuns.withCells(quietRun, quietRun.cells()
        .stream().map(c -> c.withPhases(c.phases().stream().map(p -> p.status() != dev.kvbench.result.PhaseStatus.OK
            ? p : p.withPasses(pass -> pass.withNoise(new dev.kvbench.measure.PassNoise(0, 0, 0, 50, pass.passMillis(),
                List.of(dev.kvbench.measure.PassNoise.Mark.OTHER_PROCESSES))))).toList())).toList());
    Path index = HtmlReportTest.report(temp, noisy).resolve("index.html");
    Loaded overview = load(browser, index, "", "--dump-dom");
    overview.drewEveryChartWithoutAnError("index.html");
    assertThat(overview.dom).contains("id=\"noise-banner\"", "Most measured passes were disturbed by the host");
    // alpha and beta ten times apart in write and readKey: both charts logarithmic
    assertThat(Pattern.compile("data-scale=\"logarithmic\"").matcher(overview.dom).results().count()).isEqualTo(2);
    Loaded quiet = load(browser, HtmlReportTest.report(Files.createDirectories(temp.resolve("quiet")), quietRun)
        .resolve("index.html"), "", "--dump-dom");
    assertThat(quiet.dom).doesNotContain("id=\"noise-banner\"");
  }

  @Test
  void theComparisonPageDrawsWithoutAnError() throws Exception {
    String browser = browser();
    Comparison c = Comparison.of(List.of(Fixtures.run(Fixtures.twoStores("h", 1))),
        List.of(Fixtures.run(Fixtures.twoStores("h", 2))));
    Path page = temp.resolve("compare.html");
    Files.writeString(page, HtmlComparison.render(c, "a.json", "b.json"));

    Loaded loaded = load(browser, page, "", "--dump-dom");
    loaded.drewEveryChartWithoutAnError("compare.html");
    assertThat(loaded.dom).contains("slower", "Not compared");
  }
}
