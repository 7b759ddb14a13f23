package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.summary.TextTable;
import dev.kvbench.result.ResultFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 27: a run ends with one screen that says what ran, what led, what failed and what to do next. */
class RunClosingTest {

  @TempDir Path temp;

  private Path result;
  private CliOutcome run;

  @BeforeEach
  void smallRun() {
    result = temp.resolve("r.json");
    run = CliOutcome.run("run", "--stores", "null,lmdbjava-agrona,mvstore", "--entries", "2000", "--order", "seq",
        "--phases", "write,readKey", "--warmup", "0", "--warmup-passes", "0", "--measured", "2", "--forks", "0",
        "--work-dir", temp.resolve("work").toString(), "--output", result.toString(), "-q");
    assertThat(run.code()).as(run.err()).isZero();
  }

  private static String closing(String out) {
    return out.substring(out.lastIndexOf("\n\nSummary\n"));
  }

  @Test
  void aRunEndsWithWhatRanTheFastestNoFailuresAndTheNextCommand() {
    String closing = closing(run.out());
    // lines are wrapped to the page: phrases are checked with the breaks taken out
    assertThat(closing.replaceAll("\\s+", " ")).contains(
        " ran: 3 of 3 cells (3 stores), 6 phases measured, one fork a cell: too few to test a difference against"
            + " the noise (--forks 3 or more)",
        " fastest: int keys, seq order: write: ", " readKey: ",
        " failed: none",
        " results: " + result + " (journal " + temp.resolve("r.jsonl") + ")", " next: kvbench report " + result,
        "kvbench compare BASELINE.json " + result);
    // every line says its verdict: with one fork a cell, that it is not judged (issue 63)
    assertThat(closing.replaceAll("\\s+", " ")).containsPattern("write: \\S+ [0-9.,]+ ms, then \\S+ x [0-9.]+ \\(not judged:"
        + " 1 fork a cell, 3 needed\\)");
    // the null store keeps nothing: it is never the fastest, nor the one after it
    assertThat(closing).doesNotContain(": null ", "then null");
    assertThat(closing.lines().mapToInt(String::length).max().orElse(0)).isLessThanOrEqualTo(100);
  }

  @Test
  void forksDecideWhetherALeadIsShownAndFailuresAreNamedWithTheirReason() throws Exception {
    ObjectMapper json = new ObjectMapper();
    ObjectNode doc = (ObjectNode) json.readTree(result.toFile());
    for (JsonNode cell : doc.get("cells")) {
      String store = cell.get("store").asText();
      for (JsonNode phase : cell.get("phases")) {
        boolean write = phase.get("phase").asText().equals("write");
        // write: mvstore twice as slow in every fork; readKey: the two overlap
        double[] forks = switch (store) {
          case "lmdbjava-agrona" -> write ? new double[] {1.0, 1.01, 0.99} : new double[] {1.0, 1.5, 0.8};
          case "mvstore" -> write ? new double[] {2.0, 2.02, 1.98} : new double[] {1.1, 0.9, 1.4};
          default -> new double[] {0.1, 0.1, 0.1};
        };
        ArrayNode passes = ((ObjectNode) phase).putArray("passes");
        for (int f = 0; f < forks.length; f++) {
          passes.addObject().put("passMillis", forks[f]).put("ops", 2000).put("fork", f + 1);
        }
        double[] sorted = forks.clone();
        java.util.Arrays.sort(sorted);
        ((ObjectNode) phase).put("passMillis", sorted[1]);
      }
    }
    ObjectNode failed = null;
    for (JsonNode cell : doc.get("cells")) {
      if (cell.get("store").asText().equals("null")) {
        failed = (ObjectNode) cell;
      }
    }
    failed.put("outcome", "failed").put("error", "the JVM crashed (SIGSEGV)").putArray("phases");
    Path editedFile = temp.resolve("edited.json");
    json.writeValue(editedFile.toFile(), doc);
    ResultDocument edited = new ResultFiles().read(editedFile);

    String closing = RunClosing.of(edited, result, temp.resolve("r.jsonl"), true, TextTable.PAGE_WIDTH);
    // at 80 columns (a terminal's), every line fits; the same words
    String narrow = RunClosing.of(edited, result, temp.resolve("r.jsonl"), true, 80);
    assertThat(narrow.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
    assertThat(narrow.replaceAll("\\s+", " ")).isEqualTo(closing.replaceAll("\\s+", " "));
    assertThat(closing).contains("2 of 3 cells", "3 forks a cell");
    // lmdbjava-agrona against mvstore, fork k of each paired (exactly twice in every round: no width); the crashed cell named
    assertThat(closing.replaceAll("\\s+", " "))
        .containsPattern("write: lmdbjava-agrona 1\\.00 ms, then mvstore x 2\\.00 \\(clearly faster: 95 % 2\\.00-2\\.00, 3 rounds paired\\)")
        .contains("readKey: lmdbjava-agrona 1.00 ms, then mvstore x 1.10 (within the noise: 95 %")
        .contains("fastest: int keys, seq order: write: ")
        .contains("failed: " + failed.get("cellId").asText() + ": failed, the JVM crashed (SIGSEGV)");
    // issue 66: what the forks decided, and what more forks would decide (the readKey pairs overlap)
    assertThat(closing.replaceAll("\\s+", " "))
        .contains("decided: 1 of 2 comparisons with the fastest (1 faster or slower, 0 equivalent within ±5 %")
        .containsPattern("undecided: readKey lmdbjava-agrona vs mvstore: (about \\d+ forks a side would decide it|no"
            + " number of forks would)");

    // a phase of a fixed duration: the same passes as 2 s of puts each, ranked and told by their rate
    for (JsonNode cell : doc.get("cells")) {
      ((ObjectNode) cell.get("parameters")).putObject("traffic").put("durationMillis", 2000)
          .put("zipfianConstant", 0.99).put("maxScanLength", 100).put("fieldWrites", "ONE");
      for (JsonNode phase : cell.get("phases")) {
        boolean write = phase.get("phase").asText().equals("write");
        ((ObjectNode) phase).put("phase", write ? "sustain" : "churn");
        for (JsonNode pass : phase.get("passes")) {
          // mvstore's pass took twice lmdbjava-agrona's: in 2 s it did half the puts
          ((ObjectNode) pass).put("ops", Math.round(2000 * 2000 / pass.get("passMillis").asDouble()))
              .put("passMillis", 2000);
        }
        ((ObjectNode) phase).put("passMillis", 2000);
      }
    }
    json.writeValue(editedFile.toFile(), doc);
    String timed = RunClosing.of(new ResultFiles().read(editedFile), result, temp.resolve("r.jsonl"), true,
        TextTable.PAGE_WIDTH);
    assertThat(timed.replaceAll("\\s+", " "))
        .contains("sustain: lmdbjava-agrona 2,000,000 ops/s, then mvstore x 0.50 (clearly faster: 95 % 0.50-0.50,")
        .doesNotContain("2,000 ms");

    String incomplete = RunClosing.of(edited, result, temp.resolve("r.jsonl"), false, TextTable.PAGE_WIDTH);
    assertThat(incomplete.replaceAll("\\s+", " ")).contains("next: kvbench run --resume " + temp.resolve("r.jsonl"))
        .doesNotContain("kvbench report");
  }

  /**
   * Issue 66: where the host disturbed most passes, the tables and the closing lines set the
   * measuring threads' CPU time beside wall time, and say what it leaves out.
   */
  @Test
  void mostPassesDisturbedBringsTheMeasuringThreadsCpuTimeBesideWallTime() throws Exception {
    ObjectMapper json = new ObjectMapper();
    ObjectNode doc = (ObjectNode) json.readTree(result.toFile());
    for (JsonNode cell : doc.get("cells")) {
      String store = cell.get("store").asText();
      for (JsonNode phase : cell.get("phases")) {
        // wall time: the two stores alike, stretched by the host; CPU time: mvstore's three times lmdbjava-agrona's
        double cpu = store.equals("mvstore") ? 0.6 : store.equals("lmdbjava-agrona") ? 0.2 : 0.01;
        ArrayNode passes = ((ObjectNode) phase).putArray("passes");
        for (int f = 1; f <= 3; f++) {
          passes.addObject().put("passMillis", 1.0 + f / 100.0).put("ops", 2000).put("fork", f)
              .put("measuringThreadCpuMillis", cpu * (1 + f / 100.0));
        }
        ((ObjectNode) phase).put("passMillis", 1.02).put("noisyPasses", 3);
      }
    }
    Path edited = temp.resolve("noisy.json");
    json.writeValue(edited.toFile(), doc);
    ResultDocument noisy = new ResultFiles().read(edited);
    String closing = RunClosing.of(noisy, result, temp.resolve("r.jsonl"), true, TextTable.PAGE_WIDTH)
        .replaceAll("\\s+", " ");
    assertThat(closing).contains("CPU time: int keys, seq order: write: lmdbjava-agrona")
        .contains("lmdbjava-agrona 102.0 ns/op of its measuring threads' CPU, then mvstore x 3.00 (clearly less: 95 %"
            + " 3.00-3.00, 3 rounds paired, every fork counted)");
    String tables = dev.kvbench.summary.RunSummary.of(noisy).replaceAll("\\s+", " ");
    assertThat(tables).contains(dev.kvbench.summary.CpuTimeTable.TITLE.replaceAll("\\s+", " "))
        .contains("CPU time leaves out waits for I/O and sync")
        .containsPattern("write lmdbjava-agrona 510\\.0 102\\.0 0\\.20 least 3 mvstore 510\\.0 306\\.0 0\\.60 x 3\\.00 3");
    // the same passes, half of them disturbed: wall time alone
    for (JsonNode cell : doc.get("cells")) {
      for (JsonNode phase : cell.get("phases")) {
        ((ObjectNode) phase).put("noisyPasses", 1);
      }
    }
    json.writeValue(edited.toFile(), doc);
    ResultDocument quieter = new ResultFiles().read(edited);
    assertThat(dev.kvbench.summary.RunSummary.of(quieter)).doesNotContain("Thread CPU ns/op");
    assertThat(RunClosing.of(quieter, result, temp.resolve("r.jsonl"), true, 100)).doesNotContain("CPU time:");
  }

  /** Issue 63: an unsupported phase's reason was in the JSON only; the closing lines say it, once per reason. */
  @Test
  void eachUnsupportedPhaseIsNamedWithWhy() throws Exception {
    ObjectMapper json = new ObjectMapper();
    ObjectNode doc = (ObjectNode) json.readTree(result.toFile());
    for (JsonNode cell : doc.get("cells")) {
      for (JsonNode phase : cell.get("phases")) {
        if (phase.get("phase").asText().equals("readKey") && !cell.get("store").asText().equals("null")) {
          ((ObjectNode) phase).removeAll().put("phase", "readKey").put("status", "unsupported").put("note",
              "readKey needs a block device: /tmp/w/cell-000" + cell.get("cellId").asText().length() % 7
                  + "-x-int-seq/x is on a tmpfs");
        }
      }
    }
    Path editedFile = temp.resolve("unsupported.json");
    json.writeValue(editedFile.toFile(), doc);
    String closing = RunClosing.of(new ResultFiles().read(editedFile), result, temp.resolve("r.jsonl"), true,
        TextTable.PAGE_WIDTH).replaceAll("\\s+", " ");
    assertThat(closing).contains("not run: readKey on lmdbjava-agrona, mvstore (unsupported): readKey needs a block"
        + " device: <its directory> is on a tmpfs");
  }
}
