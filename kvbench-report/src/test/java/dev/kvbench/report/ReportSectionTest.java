package dev.kvbench.report;

import dev.kvbench.summary.RunTables;
import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunHeader;
import dev.kvbench.result.RunJournal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportSectionTest {

  @TempDir Path temp;

  private RunResults run(String host, ResultDocument d) {
    return new RunResults(host + ".json", d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(),
        d.command(), d.scenario(), d.environment(), d.completed(), d.cells());
  }

  @Test
  void hostsStayApartUnlessMerged() {
    List<RunResults> runs = List.of(run("a", Fixtures.twoStores("host-a", 1)), run("b", Fixtures.twoStores("host-b", 2)));
    List<ReportSection> apart = ReportSection.of(runs, false);
    assertThat(apart).extracting(ReportSection::host).containsExactly("host-a", "host-b");
    assertThat(apart.get(0).cells()).hasSize(4);

    List<ReportSection> merged = ReportSection.of(runs, true);
    assertThat(merged).singleElement().satisfies(s -> {
      assertThat(s.host()).isEqualTo(ReportSection.ALL_HOSTS);
      assertThat(s.cells()).hasSize(4);
    });
  }

  /** A merged report never averages unlike machines: hosts of another CPU, RAM, kernel or JDK get a section of their own. */
  @Test
  void mergedHostsOfDifferentHardwareAreGroupedByClass() {
    ResultDocument a = Fixtures.twoStores("host-a", 1);
    ResultDocument c = Fixtures.twoStores("host-c", 3);
    var e = c.environment();
    var otherCpu = new dev.kvbench.result.Environment(e.hostname(), "Other CPU", 64, e.ramBytes(), e.os(), e.kernel(),
        e.arch(), e.jdkVendor(), e.jdkVersion(), e.jvmName(), e.jvmFlags(), e.workDir(), e.workDirFileSystem(),
        e.nofileSoft(), e.nofileHard(), e.cpuTimeSource(), e.peakRssPerPhase(), e.timerPairNanos(), e.cellJvmFlags(),
        e.hostChecks());
    ResultDocument cOther = new ResultDocument(c.schemaVersion(), c.kvbenchVersion(), c.startedAt(), c.scenarioName(),
        c.seed(), c.command(), c.scenario(), c.shard(), otherCpu, c.cells(), true, List.of());
    List<RunResults> runs = List.of(run("a", a), run("b", Fixtures.twoStores("host-b", 2)), run("c", cOther));
    List<ReportSection> merged = ReportSection.of(runs, true);
    assertThat(merged).extracting(ReportSection::host).containsExactly(
        "class 1 (host-a, host-b; Test CPU, 2 cores, 16 GiB RAM, kernel 6.1, vendor 17.0.1)",
        "class 2 (host-c; Other CPU, 64 cores, 16 GiB RAM, kernel 6.1, vendor 17.0.1)");
    // class 1 merged host-a's and host-b's passes; host-c's cells stand alone
    assertThat(merged.get(0).cells().get(0).phases().get(0).passes()).hasSize(6);
    assertThat(merged.get(1).cells().get(0).phases().get(0).passes()).hasSize(3);
    assertThat(HostClass.notice(HostClass.hostsByClass(runs))).contains("2 hardware classes",
        "class 1: host-a, host-b", "class 2: host-c (Other CPU, 64 cores");
    assertThat(HostClass.notice(HostClass.hostsByClass(runs.subList(0, 2)))).isNull();
  }

  /** Pooled passes give the median of all six; percentiles come from the added histograms. */
  @Test
  void theSameCellFromTwoRunsIsMergedFromPassesAndHistograms() {
    List<RunResults> runs = List.of(run("a", Fixtures.twoStores("h", 1)), run("b", Fixtures.twoStores("h", 2)));
    CellResult alpha = ReportSection.of(runs, false).get(0).cells().get(0);
    PhaseResult write = alpha.phases().get(0);
    assertThat(write.passes()).hasSize(6);
    // 10, 11, 12, 20, 22, 24: the lower median of six is a real pass, 12
    assertThat(write.passMillis()).isEqualTo(12.0);
    assertThat(write.minPassMillis()).isEqualTo(10.0);
    assertThat(write.maxPassMillis()).isEqualTo(24.0);
    // each pass recorded 1, 2, 3 and 40 µs: 24 samples in six passes, the max still 40 µs, p50 2 µs
    assertThat(HistogramCodec.decode(write.latencyHistogram()).getTotalCount()).isEqualTo(24);
    assertThat(write.latencyNanos().p50()).isBetween(1_999L, 2_001L);
    assertThat(write.latencyNanos().max()).isBetween(39_000L, 40_100L);
    assertThat(write.latencySampling().samples()).isEqualTo(24);
    // a phase that failed in either run stays failed
    CellResult beta = ReportSection.of(runs, false).get(0).cells().get(1);
    assertThat(beta.phases().get(2).status()).isEqualTo(PhaseStatus.FAILED);
    assertThat(beta.phases().get(2).failure()).isEqualTo("beta: wrong value for key 7");
  }

  /** Two scenarios' cells never share a table, even from one host. */
  @Test
  void severalScenariosGetASectionEach() {
    ResultDocument a = Fixtures.twoStores("h", 1);
    ResultDocument other = new ResultDocument(a.schemaVersion(), a.kvbenchVersion(), a.startedAt(), "sweep", a.seed(),
        a.command(), a.scenario(), a.shard(), a.environment(), a.cells(), true, List.of());
    List<ReportSection> sections = ReportSection.of(List.of(run("a", a), run("b", other)), false);
    assertThat(sections).extracting(ReportSection::title).containsExactly("h, fixture", "h, sweep");
    assertThat(ReportSection.of(List.of(run("a", a)), false)).extracting(ReportSection::title).containsExactly("h");
  }

  @Test
  void differentSettingsAreDifferentCells() {
    ResultDocument d = Fixtures.document("h", List.of(
        Fixtures.cell("alpha", "rnd", Map.of("writeMap", "true"), Fixtures.ORDERED,
            Fixtures.phase("write", new double[] {1, 2, 3})),
        Fixtures.cell("alpha", "rnd", Map.of("writeMap", "false"), Fixtures.ORDERED,
            Fixtures.phase("write", new double[] {4, 5, 6}))));
    assertThat(ReportSection.of(List.of(run("a", d)), false).get(0).cells()).hasSize(2);
  }

  /** A report of runs before and after a library upgrade keeps them apart and says which is which. */
  @Test
  void differentLibraryVersionsAreDifferentCellsNamedByVersion() {
    CellResult old = Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {1, 2, 3}));
    CellResult upgraded = new CellResult(old.cellId(), old.store(), old.library(), "2.0", old.capabilities(),
        old.settings(), old.nativeSettings(), old.parameters(), old.phases(), old.storage(), old.outcome(), null, null);
    List<RunResults> runs = List.of(run("a", Fixtures.document("h", List.of(old))),
        run("b", Fixtures.document("h", List.of(upgraded))));
    List<CellResult> cells = ReportSection.of(runs, false).get(0).cells();
    assertThat(cells).hasSize(2);
    RunTables tables = new RunTables(cells);
    assertThat(cells).extracting(tables::rowLabel).containsExactly("alpha version=1.0", "alpha version=2.0");
  }

  /** A killed run leaves only its journal: its finished cells are reported, the run marked not completed. */
  @Test
  void journalsAreReadAsRuns() throws Exception {
    ResultDocument d = Fixtures.twoStores("host-j", 1);
    Path doc = temp.resolve("killed.json");
    try (RunJournal j = RunJournal.create(doc, new RunHeader(d.schemaVersion(), d.kvbenchVersion(), d.startedAt(),
        d.scenarioName(), d.seed(), d.command(), d.scenario(), d.shard(), d.environment()))) {
      j.add(d.cells().get(0));
      j.add(d.cells().get(1));
    }
    RunResults fromJournal = new ReportInputs().readOne(RunJournal.journalOf(doc));
    assertThat(fromJournal.host()).isEqualTo("host-j");
    assertThat(fromJournal.completed()).isFalse();
    assertThat(fromJournal.cells()).extracting(CellResult::store).containsExactly("alpha", "beta");

    // another run's finished document beside it (the same run's would be a copy of the journal, counted once)
    Path written = temp.resolve("done.json");
    new ResultFiles().write(Fixtures.twoStores("host-d", 1), written);
    // a folder holding a journal and another run's document reads two runs
    assertThat(new ReportInputs().read(List.of(temp))).extracting(RunResults::source)
        .containsExactlyInAnyOrder(doc.toString(), written.toString());
  }
}
