package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.RunJournal;
import dev.kvbench.run.WorkArea;
import dev.kvbench.testing.SmallDisk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands of issue 23 that lost, destroyed or mislabelled results, run as a user types them,
 * in this JVM on tiny in-process runs of the null store: each now keeps every result.
 */
class ResultsAreKeptTest {

  @TempDir Path temp;

  private Path run;

  private String p(String name) {
    return temp.resolve(name).toString();
  }

  @TempDir static Path once;

  /** A finished run of four cells, r.json and r.jsonl, run once for the class: each test gets a copy. */
  @BeforeAll
  static void finishedRunOnce() {
    CliOutcome o = CliOutcome.run("run", "--stores", "null", "--entries", "1000", "--order", "seq,rnd", "--sync",
        "nosync,lazy", "--phases", "write,readKey", "--warmup", "0", "--warmup-passes", "1", "--measured", "2",
        "--forks", "0", "--work-dir", once.resolve("work").toString(), "--output", once.resolve("r.json").toString(),
        "-q");
    assertThat(o.code()).as(o.err()).isZero();
  }

  @BeforeEach
  void finishedRun() throws Exception {
    for (String file : List.of("r.json", "r.jsonl")) {
      Files.copy(once.resolve(file), temp.resolve(file));
    }
    run = temp.resolve("r.json");
  }

  private static List<String> listed(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).map(f -> dir.relativize(f).toString()).sorted().toList();
    }
  }

  /** Issue 23, 1: a report folder is made again from itself, in place, and keeps its inputs. */
  @Test
  void aReportIsRegeneratedFromItsOwnInputsWithoutLosingThem() throws Exception {
    CliOutcome first = CliOutcome.run("report", p("r.json"), "--out", p("pub"), "--with-inputs");
    assertThat(first.code()).as(first.err()).isZero();
    byte[] input = Files.readAllBytes(temp.resolve("pub/inputs/r.json"));
    CliOutcome again = CliOutcome.run("report", p("pub/inputs/r.json"), "--out", p("pub"), "--with-inputs");
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(temp.resolve("pub/inputs/r.json")).hasBinaryContent(input);
    CliOutcome without = CliOutcome.run("report", p("pub/inputs/r.json"), "--out", p("pub"));
    assertThat(without.code()).as(without.err()).isZero();
    assertThat(temp.resolve("pub/inputs/r.json")).hasBinaryContent(input);
  }

  /** Issue 23, 2: the user's files inside an earlier report stay, and the report is replaced whole. */
  @Test
  void theUsersFilesInsideAnEarlierReportStay() throws Exception {
    assertThat(CliOutcome.run("report", p("r.json"), "--out", p("pub"), "--with-inputs").code()).isZero();
    Files.createDirectories(temp.resolve("pub/charts"));
    Files.createDirectories(temp.resolve("pub/hlog"));
    Files.writeString(temp.resolve("pub/charts/annotated.png"), "mine");
    Files.writeString(temp.resolve("pub/hlog/mine.hlog"), "mine");
    Files.writeString(temp.resolve("pub/inputs/other.json"), "{}");
    Files.writeString(temp.resolve("pub/charts/readme.txt"), "mine");
    CliOutcome again = CliOutcome.run("report", p("r.json"), "--out", p("pub"), "--with-inputs");
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(listed(temp.resolve("pub"))).contains("charts/annotated.png", "hlog/mine.hlog", "inputs/other.json",
        "charts/readme.txt", "README.md", "inputs/r.json", "kvbench-manifest.json");
  }

  /** Issue 23, 3: one damaged journal line is skipped and named; resume re-measures nothing and truncates nothing. */
  @Test
  void aDamagedJournalLineIsSkippedAndNamedAndNothingAfterItIsLost() throws Exception {
    Path journal = RunJournal.journalOf(run);
    List<String> lines = new ArrayList<>(Files.readAllLines(journal));
    lines.set(2, lines.get(2).replaceFirst("\"passMillis\"", "\"passMillis\"}"));
    lines.add(3, "");
    Files.write(journal, lines);
    long length = Files.size(journal);

    CliOutcome report = CliOutcome.run("report", journal.toString(), "--out", p("rep"));
    assertThat(report.code()).as(report.err()).isZero();
    assertThat(report.out()).contains("(4 cells,");
    assertThat(report.err()).contains("warning: line 3 of " + journal, "line 4 of " + journal);

    CliOutcome resume = CliOutcome.run("run", "--resume", journal.toString(), "-q");
    assertThat(resume.code()).as(resume.err()).isZero();
    assertThat(resume.err()).contains("warning: line 3 of").contains("not in its journal", "written to");
    assertThat(Files.size(journal)).isGreaterThan(length);
    assertThat(new dev.kvbench.result.ResultFiles().read(run).cells()).hasSize(4);
    assertThat(RunJournal.read(journal).cells()).hasSize(4);
  }

  /** Issue 23, 4: an output that would be its own journal is refused, exit 2, nothing written. */
  @Test
  void anOutputThatWouldBeItsOwnJournalIsRefused() {
    CliOutcome o = CliOutcome.run("run", "--stores", "null", "--entries", "1000", "--forks", "0", "--output",
        p("x.jsonl"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("--output " + p("x.jsonl"), "journal's extension", "x.json");
    assertThat(temp.resolve("x.jsonl")).doesNotExist();
    assertThat(temp.resolve("x.json")).doesNotExist();
  }

  /** Issue 23, 12: a regression gate fails when the candidate failed, is missing, or cannot be tested. */
  @Test
  void theRegressionGateFailsOnWhatItCannotCompare() throws Exception {
    // a fork is compare's sample: three runs of one fork each, pooled from a folder, give three a side
    // --noisy-forks keep: the real run's forks may carry the busy build machine's noise marks, which
    // would add rows the gate cannot make (forksTheHostDisturbedMakeTheGateSayItCannotTell checks those)
    Path base = threeRunsOf(run, "base");
    CliOutcome same = CliOutcome.run("compare", base.toString(), base.toString(), "--fail-on-regression", "5",
        "--noisy-forks", "keep");
    assertThat(same.code()).as(same.out()).isZero();
    assertThat(same.out()).contains("3/3").containsAnyOf("equivalent", "undecided");

    // the candidate: the same run with one cell failed and one missing
    String text = Files.readString(run);
    com.fasterxml.jackson.databind.node.ObjectNode doc = (com.fasterxml.jackson.databind.node.ObjectNode)
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
    com.fasterxml.jackson.databind.node.ArrayNode cells = (com.fasterxml.jackson.databind.node.ArrayNode) doc.get("cells");
    com.fasterxml.jackson.databind.node.ObjectNode failed = (com.fasterxml.jackson.databind.node.ObjectNode) cells.get(0);
    failed.put("outcome", "failed").put("error", "the JVM crashed").putArray("phases");
    cells.remove(1);
    Path candidate = temp.resolve("cand.json");
    new com.fasterxml.jackson.databind.ObjectMapper().writeValue(candidate.toFile(), doc);

    Path cands = threeRunsOf(candidate, "cand");
    CliOutcome gate = CliOutcome.run("compare", base.toString(), cands.toString(), "--fail-on-regression", "5",
        "--noisy-forks", "keep");
    assertThat(gate.code()).isEqualTo(1);
    assertThat(gate.out()).contains("0 regression(s)", "2 comparison(s) the gate cannot make",
        "the candidate cell failed: the JVM crashed", "no candidate cell", "The gate fails");
    CliOutcome allowed = CliOutcome.run("compare", base.toString(), cands.toString(), "--fail-on-regression", "5",
        "--allow-incomplete", "--noisy-forks", "keep");
    assertThat(allowed.code()).as(allowed.out()).isZero();
    assertThat(allowed.out()).contains("allowed by --allow-incomplete");

    // one fork a side: nothing can be compared
    CliOutcome one = CliOutcome.run("run", "--stores", "null", "--entries", "1000", "--order", "seq", "--phases",
        "write", "--warmup", "0", "--warmup-passes", "0", "--measured", "1", "--forks", "0", "--output", p("one.json"),
        "-q");
    assertThat(one.code()).as(one.err()).isZero();
    CliOutcome untestable = CliOutcome.run("compare", p("one.json"), p("one.json"), "--fail-on-regression", "5");
    assertThat(untestable.code()).isEqualTo(1);
    assertThat(untestable.out()).contains("not enough forks to compare (1 and 1; 3 or more a side");
  }

  /** Issue 25: forks a hog ran beside are left out of compare's samples, and the gate says it cannot tell. */
  @Test
  void forksTheHostDisturbedMakeTheGateSayItCannotTell() throws Exception {
    Path base = threeRunsOf(withPasses(run, temp.resolve("steady.json"), 100, false), "steady");
    // 40 % slower, with another process on a CPU all through every pass
    Path hogged = threeRunsOf(withPasses(run, temp.resolve("hogged.json"), 140, true), "hogged");
    CliOutcome gate = CliOutcome.run("compare", base.toString(), hogged.toString(), "--fail-on-regression", "5");
    assertThat(gate.code()).as(gate.out()).isEqualTo(1);
    assertThat(gate.out()).contains("too noisy to judge", "noisy forks 0/3", "0 regression(s)",
        "run again on a quiet host, or pass --noisy-forks keep").doesNotContain("REGRESSION");
    CliOutcome kept = CliOutcome.run("compare", base.toString(), hogged.toString(), "--fail-on-regression", "5",
        "--noisy-forks", "keep");
    assertThat(kept.code()).isEqualTo(1);
    assertThat(kept.out()).contains("slower REGRESSION", "noisy forks 0/3").doesNotContain("too noisy to judge");
    CliOutcome bad = CliOutcome.run("compare", base.toString(), hogged.toString(), "--noisy-forks", "ignore");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--noisy-forks ignore", "drop", "keep");
  }

  /** {@code document} with every pass (and phase figure) {@code millis} long, beside a hog or not. */
  private static Path withPasses(Path document, Path to, double millis, boolean hogged) throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.JsonNode doc = json.readTree(document.toFile());
    for (com.fasterxml.jackson.databind.JsonNode cell : doc.get("cells")) {
      for (com.fasterxml.jackson.databind.JsonNode phase : cell.get("phases")) {
        ((com.fasterxml.jackson.databind.node.ObjectNode) phase).put("passMillis", millis);
        for (com.fasterxml.jackson.databind.JsonNode pass : phase.get("passes")) {
          com.fasterxml.jackson.databind.node.ObjectNode noise = ((com.fasterxml.jackson.databind.node.ObjectNode) pass)
              .put("passMillis", millis).putObject("noise");
          noise.put("stealMillis", 0).put("runQueueWaitMillis", 0).put("measuringThreadWaitMillis", 0)
              .put("involuntarySwitches", 0).put("otherProcessesCpuMillis", hogged ? millis : 0);
          if (hogged) {
            noise.putArray("marks").add("other-processes");
          }
        }
      }
    }
    json.writeValue(to.toFile(), doc);
    return to;
  }

  /**
   * A folder holding three runs of {@code document}'s figures, each started at another moment as
   * three runs are: copies of one run would be one run's forks counted once (issue 42, 8).
   */
  private Path threeRunsOf(Path document, String folder) throws Exception {
    Path dir = Files.createDirectories(temp.resolve(folder));
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    for (int i = 1; i <= 3; i++) {
      com.fasterxml.jackson.databind.node.ObjectNode doc =
          (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(document.toFile());
      doc.put("startedAt", "2026-11-0" + i + "T00:00:00Z");
      json.writeValue(dir.resolve("run" + i + ".json").toFile(), doc);
    }
    return dir;
  }

  /** Issue 23, 13: kvbench clean removes a killed run's work directory, and only kvbench's own. */
  @Test
  void cleanRemovesOnlyStaleKvbenchWorkDirectories() throws Exception {
    Path base = Files.createDirectories(temp.resolve("shm"));
    Path stale = Files.createDirectories(base.resolve("kvbench-111/cell-0001-x"));
    Files.write(stale.resolve("data.mdb"), new byte[8192]);
    Files.writeString(base.resolve("kvbench-111").resolve(WorkArea.LOCK_FILE), "999999\ncreated\n");
    Path given = Files.createDirectories(base.resolve("kvbench-given/cell-0001-x"));
    Files.writeString(base.resolve("kvbench-given").resolve(WorkArea.LOCK_FILE), "999998\ngiven\n");
    Path notOurs = Files.createDirectories(base.resolve("kvbench-but-not-marked"));
    Path other = Files.createDirectories(base.resolve("postgres"));

    CliOutcome dry = CliOutcome.run("clean", "--dir", base.toString(), "--dry-run");
    assertThat(dry.code()).isZero();
    assertThat(dry.out()).contains("would clean " + base.resolve("kvbench-111"),
        "then the directory if nothing else is in it", "would clean " + base.resolve("kvbench-given"),
        "the directory is yours, so it stays", "nothing removed");
    assertThat(base.resolve("kvbench-111")).exists();

    try (WorkArea live = WorkArea.open(base.resolve("kvbench-live"))) {
      live.claim();
      CliOutcome clean = CliOutcome.run("clean", "--dir", base.toString());
      assertThat(clean.code()).isZero();
      assertThat(clean.out()).contains("removed " + base.resolve("kvbench-111"),
          "emptied " + base.resolve("kvbench-given"), "(the directory is yours, so it stays)",
          "2 stale work directories");
      assertThat(base.resolve("kvbench-111")).doesNotExist();
      assertThat(base.resolve("kvbench-given")).isEmptyDirectory();
      assertThat(given).doesNotExist();
      assertThat(live.root()).as("a live run's").exists();
    }
    assertThat(notOurs).exists();
    assertThat(other).exists();
  }

  /** Issue 23, 10: a read-only --out is the user's to fix: exit 2 naming it, never an internal error. */
  @Test
  void aReadOnlyPlaceForResultsIsAUsageError() throws Exception {
    try (SmallDisk ro = SmallDisk.mountReadOnly(temp.resolve("ro"))) {
      CliOutcome report = CliOutcome.run("report", p("r.json"), "--out", ro.path().resolve("rep").toString());
      assertThat(report.code()).as(report.err()).isEqualTo(2);
      assertThat(report.err()).contains(ro.path().resolve("rep").toString()).doesNotContain("internal error");
      CliOutcome output = CliOutcome.run("run", "--stores", "null", "--entries", "1000", "--forks", "0", "--output",
          ro.path().resolve("r.json").toString());
      assertThat(output.code()).as(output.err()).isEqualTo(2);
      assertThat(output.err()).contains("cannot write in " + ro.path()).doesNotContain("internal error");
    }
  }

  /** Issue 23, 10: inputs that are not results, or results that cannot be rewritten, exit 2 saying so. */
  @Test
  void resumeOfWhatCannotBeResumedIsAUsageError() throws Exception {
    Path text = Files.writeString(temp.resolve("notes.txt"), "hello\n");
    Path binary = Files.write(temp.resolve("bin.jsonl"), new byte[] {0, 1, 2, (byte) 0xff});
    Path dir = Files.createDirectories(temp.resolve("dir.json"));
    for (Path bad : List.of(text, binary, dir)) {
      CliOutcome o = CliOutcome.run("run", "--resume", bad.toString());
      assertThat(o.code()).as(o.err()).isEqualTo(2);
      assertThat(o.err()).contains(bad.getFileName().toString()).doesNotContain("internal error", "Exception");
    }
  }

  /** Messages of issue 23: each names the input and the fix, exit 2, nothing run. */
  @Test
  void unclearInputsGetClearMessages() {
    String[] base = {"run", "--stores", "null", "--entries", "1000", "--output", p("m.json")};
    assertThat(usage(base, "--phases", "ycsb-c", "--rate", "1e-300")).contains("below 0.01 ops/s");
    assertThat(usage(base, "--timeout", "1ms")).contains("at least 1 s", "got 1 ms");
    assertThat(usage(base, "--heap", "1k")).contains("-Xmx1k", "Too small");
    assertThat(usage(base, "--jvm-option=-XX:+NoSuchThing")).contains("Unrecognized VM option 'NoSuchThing'");
    assertThat(usage(base, "--entries", "1,2,3,4,5,6,7,8,9,10", "--value-size", "1,2,3,4,5,6,7,8,9,10",
        "--max-cells", "50")).contains("200 cells", "limit of 50", "--max-cells"); // x 2 orders
    assertThat(temp.resolve("m.json")).doesNotExist();
  }

  private static String usage(String[] base, String... more) {
    List<String> args = new ArrayList<>(List.of(base));
    args.addAll(List.of(more));
    // --entries given twice would be its own usage error: the last one given wins here on purpose
    if (args.stream().filter("--entries"::equals).count() > 1) {
      int first = args.indexOf("--entries");
      args.remove(first);
      args.remove(first);
    }
    CliOutcome o = CliOutcome.run(args.toArray(String[]::new));
    assertThat(o.code()).as(o.err()).isEqualTo(2);
    assertThat(o.err()).doesNotContain("internal error");
    return o.err();
  }
}
