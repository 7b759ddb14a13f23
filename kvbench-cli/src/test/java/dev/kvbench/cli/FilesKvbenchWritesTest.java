package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.run.WorkArea;
import dev.kvbench.testing.SmallDisk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42, 1-3 and 6: the commands that overwrote, followed a link or removed a user's file, run
 * as a user types them in a folder of their own, on a tiny in-process run of the null store.
 */
class FilesKvbenchWritesTest {

  @TempDir Path temp;

  private String p(String name) {
    return temp.resolve(name).toString();
  }

  @TempDir static Path once;

  /** base.json: a finished run of one cell, run once for the class: each test gets a copy. */
  @BeforeAll
  static void finishedRunOnce() {
    CliOutcome o = CliOutcome.run("run", "--stores", "null", "--entries", "1000", "--order", "seq", "--phases",
        "write,readKey", "--warmup", "0", "--warmup-passes", "1", "--measured", "2", "--forks", "0", "--work-dir",
        once.resolve("work").toString(), "--output", once.resolve("base.json").toString(), "-q");
    assertThat(o.code()).as(o.err()).isZero();
  }

  @BeforeEach
  void finishedRun() throws Exception {
    for (String file : List.of("base.json", "base.jsonl")) {
      Files.copy(once.resolve(file), temp.resolve(file));
    }
  }

  /** 1: `compare base.json cand.json --html cand.json` destroyed the candidate; a user's page went too. */
  @Test
  void compareHtmlNeverOverwritesAnInputOrAUsersFile() throws Exception {
    Path cand = Files.copy(temp.resolve("base.json"), temp.resolve("cand.json"));
    byte[] result = Files.readAllBytes(cand);
    CliOutcome onInput = CliOutcome.run("compare", p("base.json"), p("cand.json"), "--html", p("cand.json"));
    assertThat(onInput.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(onInput.err()).contains("--html " + cand, "an input of this command");
    assertThat(cand).hasBinaryContent(result);

    Path mine = Files.writeString(temp.resolve("mine.html"), "notes\n");
    CliOutcome onMine = CliOutcome.run("compare", p("base.json"), p("cand.json"), "--html", p("mine.html"));
    assertThat(onMine.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(onMine.err()).contains("mine.html", "kvbench did not write it", "move it away");
    assertThat(mine).hasContent("notes");

    // a page kvbench wrote is its own to replace
    CliOutcome first = CliOutcome.run("compare", p("base.json"), p("cand.json"), "--html", p("page.html"));
    assertThat(first.code()).as(first.err()).isZero();
    CliOutcome again = CliOutcome.run("compare", p("base.json"), p("cand.json"), "--html", p("page.html"));
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(Files.readString(temp.resolve("page.html"))).startsWith("<!DOCTYPE html>");
    assertThat(hidden(temp)).as("no temporary file left").isEmpty();
  }

  /** Issue 44: --json and --csv give every row to a machine, and replace only a file of their own. */
  @Test
  void compareJsonAndCsvHoldEveryRowAndReplaceOnlyTheirOwn() throws Exception {
    CliOutcome o = CliOutcome.run("compare", p("base.json"), p("base.json"), "--json", p("c.json"), "--csv",
        p("c.csv"));
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("json: " + p("c.json"), "csv:  " + p("c.csv"));
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(temp.resolve("c.json").toFile());
    assertThat(json.get("generator").asText()).isEqualTo("kvbench compare");
    assertThat(json.get("minEffectPercent").asDouble()).isEqualTo(5.0);
    // the null store's write and readKey, one fork a side: a ratio, no interval, and the verdict that says why
    assertThat(json.get("rows")).hasSize(2).allSatisfy(r -> {
      assertThat(r.get("ratio").asDouble()).isEqualTo(1.0);
      assertThat(r.get("verdict").asText()).isEqualTo("not enough forks");
      assertThat(r.has("low")).isFalse();
    });
    java.util.List<String> csv = Files.readAllLines(temp.resolve("c.csv"));
    // Jackson quotes a header longer than 24 characters (baseline_allocatedBytesPerOp)
    assertThat(csv.get(0).replace("\"", "")).isEqualTo(String.join(",", dev.kvbench.report.ComparisonRecords.COLUMNS));
    // the two phases, and the storage of one fork a side, named and not judged
    assertThat(csv).hasSize(4);
    assertThat(csv.get(1)).contains("write", "\"not enough forks\"");
    assertThat(csv.get(3)).contains("storage", "\"not compared\"", "1/1 forks");

    // their own files are replaced; a user's is not
    assertThat(CliOutcome.run("compare", p("base.json"), p("base.json"), "--json", p("c.json"), "--csv",
        p("c.csv")).code()).isZero();
    Path mine = Files.writeString(temp.resolve("mine.csv"), "a,b\n");
    CliOutcome onMine = CliOutcome.run("compare", p("base.json"), p("base.json"), "--csv", p("mine.csv"));
    assertThat(onMine.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(onMine.err()).contains("mine.csv", "kvbench did not write it");
    assertThat(mine).hasContent("a,b");
    assertThat(hidden(temp)).as("no temporary file left").isEmpty();
  }

  /** 2: `ln -s victim.txt page.html; compare a.json a.json --html page.html` rewrote victim.txt. */
  @Test
  void compareHtmlNeverWritesThroughALink() throws Exception {
    Path victim = Files.writeString(temp.resolve("victim.txt"), "victim\n");
    Files.createSymbolicLink(temp.resolve("page.html"), victim.getFileName());
    CliOutcome o = CliOutcome.run("compare", p("base.json"), p("base.json"), "--html", p("page.html"));
    assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(o.err()).contains("page.html is a link (to victim.txt)", "never writes through a link");
    assertThat(victim).hasContent("victim");
    assertThat(Files.isSymbolicLink(temp.resolve("page.html"))).isTrue();
  }

  /** 3: onto a full file system an earlier page was cut to ~190 bytes and a 0-byte new one left. */
  @Test
  void compareHtmlOntoAFullDiskKeepsTheEarlierPageWholeAndLeavesNothing() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(temp.resolve("small"), "1m")) {
      Path page = disk.path().resolve("page.html");
      Path other = disk.path().resolve("new.html");
      CliOutcome first = CliOutcome.run("compare", p("base.json"), p("base.json"), "--html", page.toString());
      assertThat(first.code()).as(first.err()).isZero();
      byte[] earlier = Files.readAllBytes(page);
      disk.fill(disk.path().resolve("filler"));
      for (Path target : new Path[] {page, other}) {
        CliOutcome o = CliOutcome.run("compare", p("base.json"), p("base.json"), "--html", target.toString());
        assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err()).contains("no space left", "nothing was written there");
      }
      assertThat(page).hasBinaryContent(earlier);
      assertThat(other).doesNotExist();
      assertThat(hidden(disk.path())).isEmpty();
    }
  }

  /**
   * 6: `kvbench clean --dir D` removed notes.txt that a user had put into a work directory kvbench
   * made; now only kvbench's own entries go, and clean says what it kept.
   */
  @Test
  void cleanRemovesOnlyWhatKvbenchWroteAndSaysWhatItKept() throws Exception {
    // what a killed run leaves in a work directory it made: its lock (nobody holds it) and a cell
    Path work = Files.createDirectories(temp.resolve("kvbench-made"));
    Files.writeString(work.resolve(WorkArea.LOCK_FILE), "999999\ncreated\n");
    Files.createDirectories(work.resolve("cell-0001-null"));
    Files.writeString(work.resolve("cell-0001-null/data"), "x".repeat(5000));
    Path notes = Files.writeString(work.resolve("notes.txt"), "the user's notes");
    CliOutcome o = CliOutcome.run("clean", "--dir", work.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("emptied " + work, "kept notes.txt (not written by kvbench)");
    assertThat(notes).hasContent("the user's notes");
    try (Stream<Path> left = Files.list(work)) {
      assertThat(left).containsExactly(notes);
    }
  }

  /**
   * 5: `kvbench clean --dir REPORT` removes the staging folder a killed report left there (its
   * lock file, which nobody holds once the report is dead), and nothing of the report.
   */
  @Test
  void cleanRemovesAKilledReportsStagingFolder() throws Exception {
    CliOutcome report = CliOutcome.run("report", p("base.json"), "--out", p("rep"));
    assertThat(report.code()).as(report.err()).isZero();
    java.util.List<String> before;
    try (Stream<Path> s = Files.walk(temp.resolve("rep"))) {
      before = s.map(Path::toString).sorted().toList();
    }
    Path staging = Files.createDirectories(temp.resolve("rep/.kvbench-report-new-4711/charts"));
    Files.writeString(staging.resolve("x.png"), "half a chart");
    Files.writeString(staging.getParent().resolve(".kvbench-report-lock"), "");
    CliOutcome clean = CliOutcome.run("clean", "--dir", p("rep"));
    assertThat(clean.code()).as(clean.err()).isZero();
    assertThat(clean.out()).contains("removed " + staging.getParent() + " (a killed report's staging folder)");
    try (Stream<Path> s = Files.walk(temp.resolve("rep"))) {
      assertThat(s.map(Path::toString).sorted().toList()).isEqualTo(before);
    }
  }

  private static java.util.List<String> hidden(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
    }
  }
}
