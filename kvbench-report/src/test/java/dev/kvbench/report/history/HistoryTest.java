package dev.kvbench.report.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.report.RunResults;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunLabel;
import dev.kvbench.result.SeriesOfRuns;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryTest {

  static RunResults results(ResultDocument d, String source) {
    return new RunResults(source, d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(), d.command(),
        d.scenario(), d.environment(), d.completed(), d.cells(), List.of(), d.label());
  }

  /** 30 runs: alpha 30 % slower from run 20, beta unchanged, 3 % noise; run N labelled rev-N where asked. */
  static List<RunResults> planted(int slowFrom, boolean labelled) {
    List<RunResults> out = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      ResultDocument d = SeriesOfRuns.run(i, 0.03, labelled ? RunLabel.of("rev-" + i, null) : null,
          new SeriesOfRuns.Store("alpha", 10, slowFrom, 1.3), new SeriesOfRuns.Store("beta", 20, 0, 1));
      out.add(results(d, "runs/run-" + i + ".json"));
    }
    return out;
  }

  private static Series series(History h, String store, String phase) {
    return h.series().stream().filter(s -> s.store().equals(store) && s.phase().equals(phase)).findFirst()
        .orElseThrow();
  }

  @Test
  void namesTheRunThatStartedThePlantedSlowdownAndNothingElse() {
    History h = History.of(planted(20, false), HistoryRule.DEFAULT);
    assertThat(h.runs()).hasSize(30);
    assertThat(h.series()).hasSize(4);
    for (String phase : List.of("write", "readKey")) {
      Series alpha = series(h, "alpha", phase);
      assertThat(alpha.points()).hasSize(30);
      assertThat(alpha.changes()).singleElement().satisfies(c -> {
        assertThat(c.after().run().number()).isEqualTo(20);
        assertThat(c.before().run().number()).isEqualTo(19);
        assertThat(c.direction()).isEqualTo(Series.Direction.SLOWER);
        assertThat(c.percent()).isBetween(22.0, 38.0);
        assertThat(c.pValue()).isLessThan(1e-4);
        assertThat(c.percentInterval()[0]).isBetween(15.0, c.percent());
        assertThat(c.percentInterval()[1]).isBetween(c.percent(), 45.0);
        assertThat(c.bisect()).isNull(); // the library version did not change
      });
      assertThat(series(h, "beta", phase).changes()).isEmpty();
    }
    // each run's figure is the mean of its forks' ms per op (1000 ops a pass)
    Series.Point first = series(h, "alpha", "write").points().get(0);
    assertThat(first.forks()).hasSize(3);
    assertThat(first.millisPerOp()).isEqualTo(first.forks().stream().mapToDouble(Series.Fork::millisPerOp)
        .average().orElseThrow());
    assertThat(first.millisPerOp()).isBetween(0.008, 0.012);
  }

  @Test
  void runsMeasuredInDuetMakeSeriesOfTheirOwn() {
    // issue 66: the same 30 runs, the last ten measured in duet, whose absolute times are not a solo run's
    List<RunResults> runs = new ArrayList<>();
    List<RunResults> planted = planted(0, false);
    for (int i = 0; i < planted.size(); i++) {
      RunResults r = planted.get(i);
      runs.add(i < 20 ? r : new RunResults(r.source(), r.kvbenchVersion(), r.startedAt(), r.scenarioName(), r.seed(),
          r.command(), "name: planted\njvm:\n  duet: true\n", r.environment(), r.completed(), r.cells(), List.of(),
          r.label()));
    }
    History h = History.of(runs, HistoryRule.DEFAULT);
    assertThat(h.series()).hasSize(8);
    List<Series> alpha = h.series().stream().filter(s -> s.store().equals("alpha") && s.phase().equals("write"))
        .toList();
    assertThat(alpha).hasSize(2);
    assertThat(alpha).filteredOn(s -> s.hostClass().endsWith(", measured in duet")).singleElement()
        .satisfies(s -> assertThat(s.points()).hasSize(10));
    assertThat(alpha).filteredOn(s -> !s.hostClass().endsWith(", measured in duet")).singleElement()
        .satisfies(s -> assertThat(s.points()).hasSize(20));
  }

  @Test
  void ordersRunsByTimeWhateverOrderTheFilesCameIn() {
    List<RunResults> shuffled = new ArrayList<>(planted(20, false));
    Collections.shuffle(shuffled, new java.util.Random(3));
    History h = History.of(shuffled, HistoryRule.DEFAULT);
    assertThat(h.runs().get(0).source()).isEqualTo("runs/run-1.json");
    assertThat(series(h, "alpha", "write").changes()).singleElement()
        .satisfies(c -> assertThat(c.after().run().source()).isEqualTo("runs/run-20.json"));
    // given order: the shuffle is the order, and the step is no longer one step
    History given = History.of(shuffled, withOrder(HistoryRule.Order.GIVEN, List.of()));
    assertThat(given.runs().get(0).source()).isEqualTo(shuffled.get(0).source());
  }

  private static HistoryRule withOrder(HistoryRule.Order order, List<String> revisions) {
    HistoryRule d = HistoryRule.DEFAULT;
    return new HistoryRule(order, revisions, d.figure(), d.noisyForks(), d.detection(), d.annotations());
  }

  @Test
  void ordersByRevisionAsListedAndRefusesARunItCannotPlace() {
    List<RunResults> runs = planted(20, true);
    List<String> reversed = new ArrayList<>();
    for (int i = 30; i >= 1; i--) {
      reversed.add("rev-" + i);
    }
    History h = History.of(runs, withOrder(HistoryRule.Order.REVISION, reversed));
    assertThat(h.runs().get(0).revision()).isEqualTo("rev-30");
    // newest first reversed: the slowdown now ends at rev-20, so the faster segment starts at rev-19
    assertThat(series(h, "alpha", "write").changes()).singleElement().satisfies(c -> {
      assertThat(c.after().run().revision()).isEqualTo("rev-19");
      assertThat(c.direction()).isEqualTo(Series.Direction.FASTER);
    });
    // a revision the list lacks (a commit force-pushed away) is left out, named, and the rest judged
    List<String> withoutSeven = new ArrayList<>(reversed);
    withoutSeven.remove("rev-7");
    History lacking = History.of(runs, withOrder(HistoryRule.Order.REVISION, withoutSeven));
    assertThat(lacking.runs()).hasSize(29);
    assertThat(lacking.warnings()).singleElement().asString()
        .contains("runs/run-7.json records revision rev-7, which --revisions does not list: left out");
    assertThatThrownBy(() -> History.of(runs, withOrder(HistoryRule.Order.REVISION, List.of("abc"))))
        .hasMessageContaining("no run records a revision --revisions lists");
    assertThatThrownBy(() -> History.of(planted(20, false), withOrder(HistoryRule.Order.REVISION, List.of())))
        .hasMessageContaining("records no revision").hasMessageContaining("--revision REV");
  }

  @Test
  void byVersionTheChangeComesWithTheBisectCommand() {
    List<RunResults> runs = new ArrayList<>();
    for (RunResults r : planted(20, false)) {
      int n = Integer.parseInt(r.source().replaceAll("\\D", ""));
      String version = n < 20 ? "1." + n : "2." + n;
      runs.add(r.withCells(r.source(), r.cells().stream().map(c -> c.withLibrary(version, List.of())).toList()));
    }
    Collections.reverse(runs);
    History h = History.of(runs, withOrder(HistoryRule.Order.VERSION, List.of()));
    Series.Change c = series(h, "alpha", "readKey").changes().get(0);
    assertThat(c.after().libraryVersion()).isEqualTo("2.20");
    assertThat(c.bisect()).isEqualTo("kvbench bisect alpha quick --good 1.19 --bad 2.20 --phase readKey");
    assertThat(series(h, "alpha", "readKey").points().get(0).libraryVersion()).isEqualTo("1.1");
  }

  @Test
  void theGateFailsOnANewestRunThatStartsASlowdownUnlessANoteExplainsIt() {
    History late = History.of(planted(30, false), HistoryRule.DEFAULT);
    assertThat(late.gate(10, 1)).extracting(f -> f.series().label())
        .containsExactlyInAnyOrder("alpha int rnd 1000x100 batch=all nosync write",
            "alpha int rnd 1000x100 batch=all nosync readKey");
    assertThat(late.gate(40, 1)).as("beyond the threshold only").isEmpty();

    History earlier = History.of(planted(20, false), HistoryRule.DEFAULT);
    assertThat(earlier.gate(10, 1)).as("a change 11 runs back is not the newest run's").isEmpty();
    assertThat(earlier.gate(10, 11)).hasSize(2);

    // a note on run 30, recorded or given, explains it
    HistoryRule annotated = new HistoryRule(HistoryRule.Order.TIME, List.of(), HistoryRule.DEFAULT.figure(),
        HistoryRule.DEFAULT.noisyForks(), HistoryRule.DEFAULT.detection(), Map.of("30", "new allocator"));
    History explained = History.of(planted(30, false), annotated);
    assertThat(explained.gate(10, 1)).isEmpty();
    assertThat(series(explained, "alpha", "write").changes().get(0).note()).isEqualTo("new allocator");
    List<RunResults> recorded = new ArrayList<>(planted(30, false));
    ResultDocument last = SeriesOfRuns.run(30, 0.03, RunLabel.of(null, "expected: new allocator"),
        new SeriesOfRuns.Store("alpha", 10, 30, 1.3), new SeriesOfRuns.Store("beta", 20, 0, 1));
    recorded.set(29, results(last, "runs/run-30.json"));
    assertThat(History.of(recorded, HistoryRule.DEFAULT).gate(10, 1)).isEmpty();
    assertThatThrownBy(() -> History.of(planted(30, false), new HistoryRule(HistoryRule.Order.TIME, List.of(),
        HistoryRule.DEFAULT.figure(), HistoryRule.DEFAULT.noisyForks(), HistoryRule.DEFAULT.detection(),
        Map.of("31", "x")))).hasMessageContaining("--annotate 31=").hasMessageContaining("runs 1 to 30");
  }

  @Test
  void aNewestRunWhoseCellFailedLeavesTheGateIncomplete() {
    List<RunResults> runs = new ArrayList<>(planted(0, false));
    ResultDocument last = SeriesOfRuns.run(30, 0.03, null, new SeriesOfRuns.Store("alpha", 10, 0, 1));
    List<CellResult> cells = new ArrayList<>(last.cells());
    cells.add(SeriesOfRuns.failedCell("beta"));
    runs.set(29, results(SeriesOfRuns.withCells(last, cells), "runs/run-30.json"));
    History h = History.of(runs, HistoryRule.DEFAULT);
    assertThat(h.gate(10, 1)).isEmpty();
    assertThat(h.incomplete()).extracting(f -> f.series().label())
        .containsExactlyInAnyOrder("beta int rnd 1000x100 batch=all nosync write",
            "beta int rnd 1000x100 batch=all nosync readKey");
    assertThat(series(h, "beta", "write").gaps()).singleElement()
        .satisfies(g -> {
          assertThat(g.why()).contains("failed", "the JVM crashed");
          assertThat(g.kind()).isEqualTo(Series.GapKind.FAILED);
        });

    // left out altogether rather than failed: incomplete too
    List<RunResults> missing = new ArrayList<>(planted(0, false));
    missing.set(29, results(SeriesOfRuns.run(30, 0.03, null, new SeriesOfRuns.Store("alpha", 10, 0, 1)),
        "runs/run-30.json"));
    assertThat(History.of(missing, HistoryRule.DEFAULT).incomplete()).hasSize(2);
  }

  @Test
  void aNewestRunTheHostDisturbedThroughoutIsIncompleteAndAnUnsupportedPhaseIsNoSeries() {
    List<RunResults> runs = new ArrayList<>();
    for (RunResults r : planted(0, false)) {
      ResultDocument d = SeriesOfRuns.run(Integer.parseInt(r.source().replaceAll("\\D", "")), 0.03, null,
          new SeriesOfRuns.Store("alpha", 10, 0, 1), new SeriesOfRuns.Store("beta", 20, 0, 1));
      runs.add(results(SeriesOfRuns.unsupported(d, "readKey"), r.source()));
    }
    History quiet = History.of(runs, HistoryRule.DEFAULT);
    assertThat(quiet.series()).extracting(Series::phase).containsOnly("write");
    assertThat(quiet.incomplete()).as("unsupported in every run is no reason to doubt the newest").isEmpty();

    ResultDocument busy = SeriesOfRuns.disturbed(SeriesOfRuns.run(30, 0.03, null,
        new SeriesOfRuns.Store("alpha", 10, 0, 1), new SeriesOfRuns.Store("beta", 20, 0, 1)));
    runs.set(29, results(busy, "runs/run-30.json"));
    History h = History.of(runs, HistoryRule.DEFAULT);
    // write's two series, and readKey's: unsupported before, measured in the newest run but every fork disturbed,
    // a series with no figure in any run that the gate cannot see either
    assertThat(h.incomplete()).hasSize(4);
    assertThat(h.unmeasured()).extracting(Series::phase).containsOnly("readKey").hasSize(2);
    assertThat(series(h, "alpha", "write").gaps()).singleElement().satisfies(g -> {
      assertThat(g.kind()).isEqualTo(Series.GapKind.NOISY);
      assertThat(g.why()).contains("the host disturbed every fork");
    });
    // counted when the history keeps disturbed forks
    HistoryRule keep = new HistoryRule(HistoryRule.Order.TIME, List.of(), HistoryRule.DEFAULT.figure(),
        dev.kvbench.result.ForkSamples.NoisyForks.KEEP, HistoryRule.DEFAULT.detection(), Map.of());
    assertThat(History.of(runs, keep).incomplete()).isEmpty();
    assertThat(series(History.of(runs, keep), "alpha", "write").points()).hasSize(30);
  }

  /**
   * Issue 63: four runs on a busy host, every fork of one store disturbed, the null store beside it.
   * The disturbed store's series have no figure, and are named with why, not dropped; the null store
   * (the harness's reference row) is never a series nor gated, and says so.
   */
  @Test
  void aSeriesNoRunMeasuredIsNamedAndTheReferenceStoreIsNeverGated() {
    List<RunResults> runs = new ArrayList<>();
    for (int i = 1; i <= 4; i++) {
      ResultDocument d = SeriesOfRuns.run(i, 0.03, null, new SeriesOfRuns.Store("mvstore", 10, 0, 1),
          new SeriesOfRuns.Store("null", 0.1, 0, 1));
      ResultDocument busy = SeriesOfRuns.withCells(d, java.util.stream.Stream.concat(
          SeriesOfRuns.disturbed(SeriesOfRuns.withCells(d, d.cells().subList(0, 1))).cells().stream(),
          d.cells().subList(1, 2).stream()).toList());
      runs.add(results(SeriesOfRuns.reference(busy, "null"), "runs/run-" + i + ".json"));
    }
    History h = History.of(runs, HistoryRule.DEFAULT);
    assertThat(h.series()).isEmpty();
    assertThat(h.unmeasured()).extracting(Series::label).containsExactly(
        "mvstore int rnd 1000x100 batch=all nosync write", "mvstore int rnd 1000x100 batch=all nosync readKey");
    assertThat(h.unmeasured()).allSatisfy(s -> assertThat(s.whyNoFigure()).isEqualTo(
        "noisy (the host disturbed every fork (--noisy-forks keep counts them))"));
    assertThat(h.notSeries()).singleElement().asString().startsWith("null int rnd 1000x100 batch=all nosync: the"
        + " harness's reference row");
    // the gate cannot call the disturbed store unchanged; it never names the null store
    assertThat(h.incomplete()).extracting(f -> f.series().store()).containsOnly("mvstore").hasSize(2);
    String json = HistoryRecords.json(h, new HistoryRecords.Gate(10, 1, false));
    assertThat(json).contains("\"unmeasured\"", "\"notSeries\"", "the host disturbed every fork");
    assertThat(json.substring(json.indexOf("\"gate\""))).doesNotContain("null int");
  }
}
