package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunLabel;
import dev.kvbench.result.SeriesOfRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kvbench history}: what it prints, writes and exits with, on series of runs built by hand. */
class HistoryCommandTest {

  @TempDir Path temp;

  /** 30 runs into {@code dir}: alpha 30 % slower from {@code slowFrom} (0: never), beta unchanged; run 30 noted. */
  private Path series(String dir, int slowFrom, String noteOnLast) throws Exception {
    Path folder = Files.createDirectories(temp.resolve(dir));
    for (int i = 1; i <= 30; i++) {
      var d = SeriesOfRuns.run(i, 0.03, RunLabel.of("rev-" + i, i == 30 ? noteOnLast : null),
          new SeriesOfRuns.Store("alpha", 10, slowFrom, 1.3), new SeriesOfRuns.Store("beta", 20, 0, 1));
      new ResultFiles().write(d, folder.resolve(String.format("run-%02d.json", i)));
    }
    return folder;
  }

  @Test
  void printsTheChangeAndWritesJsonAndAPage() throws Exception {
    Path runs = series("planted", 20, null);
    Path json = temp.resolve("history.json");
    Path html = temp.resolve("history.html");
    CliOutcome o = CliOutcome.run("history", runs.toString(), "--json", json.toString(), "--html", html.toString());
    assertThat(o.code()).as(o.err()).isEqualTo(0);
    assertThat(o.out()).contains("30 runs by time", "4 series",
        "alpha int rnd 1000x100 batch=all nosync write  (30 runs)", "SLOWER from run 20 (",
        "the run before: run 19 (", "No change point in the other 2 series.");
    // what else moved with the judged figure: each row of the figure table both runs have
    assertThat(o.out()).containsPattern("\n    the run before -> the change's run: ns/op [\\d,.]+ -> [\\d,.]+, ");
    JsonNode tree = JsonMapper.builder().build().readTree(json.toFile());
    assertThat(tree.get("kvbenchHistory").asInt()).isEqualTo(1);
    assertThat(tree.get("runs")).hasSize(30);
    assertThat(tree.get("runs").get(19).get("revision").asText()).isEqualTo("rev-20");
    JsonNode alphaWrite = tree.get("series").get(0);
    assertThat(alphaWrite.get("changes").get(0).get("run").asInt()).isEqualTo(20);
    assertThat(alphaWrite.get("points").get(0).get("forks")).hasSize(3);
    assertThat(Files.readString(html)).contains("<meta name=\"generator\" content=\"kvbench\">", "kvbench history",
        "run-01.json");
  }

  @Test
  void theGateExitsOneOnANewestRunThatStartsASlowdownAndZeroOtherwise() throws Exception {
    Path slowNow = series("slow-now", 30, null);
    CliOutcome fails = CliOutcome.run("history", slowNow.toString(), "--fail-on-change", "10");
    assertThat(fails.code()).as(fails.out() + fails.err()).isEqualTo(1);
    assertThat(fails.out()).contains("Gate (--fail-on-change 10): FAILS",
        "alpha int rnd 1000x100 batch=all nosync write: +");

    assertThat(CliOutcome.run("history", slowNow.toString(), "--fail-on-change", "50").code())
        .as("a slowdown under the threshold passes").isEqualTo(0);
    // the same slowdown explained by a note given here, or recorded with the run
    assertThat(CliOutcome.run("history", slowNow.toString(), "--fail-on-change", "10", "--annotate",
        "rev-30=new allocator").code()).isEqualTo(0);
    assertThat(CliOutcome.run("history", series("noted", 30, "new allocator").toString(), "--fail-on-change", "10")
        .code()).isEqualTo(0);

    Path earlier = series("earlier", 20, null);
    assertThat(CliOutcome.run("history", earlier.toString(), "--fail-on-change", "10").code())
        .as("a change ten runs back is not the newest run's").isEqualTo(0);
    assertThat(CliOutcome.run("history", earlier.toString(), "--fail-on-change", "10", "--recent", "11").code())
        .isEqualTo(1);

    Path steady = series("steady", 0, null);
    CliOutcome passes = CliOutcome.run("history", steady.toString(), "--fail-on-change", "10");
    assertThat(passes.code()).isEqualTo(0);
    assertThat(passes.out()).contains("No change point in any of the 4 series.", "Gate (--fail-on-change 10): passes");
  }

  @Test
  void theGateFailsWhenTheNewestRunLostACellUnlessAllowed() throws Exception {
    Path runs = series("lost", 0, null);
    var last = SeriesOfRuns.run(30, 0.03, RunLabel.of("rev-30", null), new SeriesOfRuns.Store("alpha", 10, 0, 1));
    var cells = new java.util.ArrayList<>(last.cells());
    cells.add(SeriesOfRuns.failedCell("beta"));
    Files.delete(runs.resolve("run-30.json"));
    new ResultFiles().write(SeriesOfRuns.withCells(last, cells), runs.resolve("run-30.json"));
    CliOutcome o = CliOutcome.run("history", runs.toString(), "--fail-on-change", "10");
    assertThat(o.code()).isEqualTo(1);
    assertThat(o.out()).contains("The newest run has no figure for beta int rnd 1000x100 batch=all nosync write:"
        + " the cell failed: the JVM crashed", "no figure in the newest run (--allow-incomplete passes it)");
    assertThat(CliOutcome.run("history", runs.toString(), "--fail-on-change", "10", "--allow-incomplete").code())
        .isEqualTo(0);
  }

  @Test
  void aRunRecordsItsRevisionAndNoteAndHistoryReadsThem() throws Exception {
    Path out = temp.resolve("labelled.json");
    CliOutcome run = CliOutcome.run("run", "--stores", "null", "--phases", "readKey", "--entries", "1000",
        "--order", "seq", "--warmup", "0", "--warmup-passes", "0", "--measured", "1", "--forks", "0",
        "--work-dir", temp.resolve("work").toString(), "--output", out.toString(), "--revision", "abc123",
        "--note", "new allocator", "-q");
    assertThat(run.code()).as(run.err()).isEqualTo(0);
    JsonNode document = JsonMapper.builder().build().readTree(out.toFile());
    assertThat(document.get("label").get("revision").asText()).isEqualTo("abc123");
    assertThat(document.get("label").get("note").asText()).isEqualTo("new allocator");
    // the journal's header records it too, for a run killed before its document
    JsonNode header = JsonMapper.builder().build().readTree(Files.readAllLines(temp.resolve("labelled.jsonl")).get(0))
        .get("run");
    assertThat(header.get("label").get("revision").asText()).isEqualTo("abc123");
    Path json = temp.resolve("one.json");
    CliOutcome h = CliOutcome.run("history", out.toString(), "--order", "revision", "--json", json.toString());
    assertThat(h.code()).as(h.err()).isEqualTo(0);
    assertThat(h.out()).contains("1 runs by revision, run 1 (" + out + ", revision abc123)");
    JsonNode run1 = JsonMapper.builder().build().readTree(json.toFile()).get("runs").get(0);
    assertThat(run1.get("revision").asText()).isEqualTo("abc123");
    assertThat(run1.get("note").asText()).isEqualTo("new allocator");
  }

  @Test
  void badInputIsAUsageErrorThatNamesIt() throws Exception {
    Path runs = series("usage", 0, null);
    CliOutcome order = CliOutcome.run("history", runs.toString(), "--order", "commit");
    assertThat(order.code()).isEqualTo(2);
    assertThat(order.err()).contains("--order commit: give time (the default), given, revision or version");
    assertThat(CliOutcome.run("history", runs.toString(), "--recent", "3").err())
        .contains("--recent goes with --fail-on-change");
    assertThat(CliOutcome.run("history", runs.toString(), "--annotate", "noequals").err())
        .contains("--annotate noequals: give RUN=TEXT");
    assertThat(CliOutcome.run("history", runs.toString(), "--annotate", "99=x").err())
        .contains("--annotate 99=...: no run");
    assertThat(CliOutcome.run("history", runs.toString(), "--p-value", "2").err()).contains("--p-value 2.0");
    assertThat(CliOutcome.run("history", temp.resolve("none").toString()).code()).isEqualTo(2);
    // a file kvbench did not write is never overwritten
    Path mine = Files.writeString(temp.resolve("notes.json"), "{\"mine\": true}");
    CliOutcome refused = CliOutcome.run("history", runs.toString(), "--json", mine.toString());
    assertThat(refused.code()).isEqualTo(2);
    assertThat(Files.readString(mine)).isEqualTo("{\"mine\": true}");
  }

  /**
   * Issue 63: a copied result counted as a run of its own (its forks once), and a run still writing
   * its journal was called stopped.
   */
  @Test
  void aCopyIsNoRunOfItsOwnAndARunStillWritingSaysSo() throws Exception {
    Path runs = series("copied", 0, null);
    Files.copy(runs.resolve("run-30.json"), runs.resolve("run-30-copy.json"));
    CliOutcome o = CliOutcome.run("history", runs.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("30 runs by time");
    assertThat(o.err()).contains("holds too (a copy)", "no run of its own");

    // a journal another process holds the lock of is a run in progress, not a stopped one
    Path live = Files.createDirectories(temp.resolve("live"));
    var d = SeriesOfRuns.run(1, 0.03, null, new SeriesOfRuns.Store("alpha", 10, 0, 1));
    Path journal = live.resolve("run.jsonl");
    try (var j = dev.kvbench.result.RunJournal.create(live.resolve("run.json"), new dev.kvbench.result.RunHeader(
        d.schemaVersion(), d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(), d.command(), d.scenario(),
        d.shard(), d.environment()))) {
      j.add(d.cells().get(0));
    }
    Process holder = new ProcessBuilder("flock", journal.toString(), "sleep", "60").start();
    try {
      for (int i = 0; i < 100 && dev.kvbench.host.FileLocks.holder(journal).isEmpty(); i++) {
        Thread.sleep(50);
      }
      CliOutcome running = CliOutcome.run("history", journal.toString());
      assertThat(running.err()).contains("is still being written (process ", "holds its lock: a run in progress");
    } finally {
      holder.destroyForcibly().waitFor();
    }
  }
}
