package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunLabel;
import dev.kvbench.result.SeriesOfRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 63: anyone who supplies a result (a CI artifact, a results branch) wrote its revision,
 * note and ids; history, the report's README and compare's CSV must not let that text drive the
 * reader's terminal or run as a spreadsheet's formula, and run refuses such a revision or note.
 */
class TerminalSafetyTest {

  private static final String HOSTILE = "\u001b[2J\u001b]0;pwned\u0007";

  @TempDir Path temp;

  private Path runs() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("runs"));
    for (int i = 1; i <= 4; i++) {
      ResultDocument d = SeriesOfRuns.run(i, 0.03, new RunLabel("rev-" + i + HOSTILE, i == 4 ? "note" + HOSTILE : null),
          new SeriesOfRuns.Store("alpha", 10, 0, 1));
      new ResultFiles().write(d, folder.resolve("run-" + i + ".json"));
    }
    return folder;
  }

  @Test
  void aResultsTextIsShownNeverSentToTheTerminal() throws Exception {
    Path runs = runs();
    CliOutcome history = CliOutcome.run("history", runs.toString(), "--order", "revision");
    assertThat(history.code()).as(history.err()).isZero();
    assertThat(history.out() + history.err()).doesNotContain("\u001b", "\u0007").contains("rev-1\\x1b[2J\\x1b]0;pwned\\x07");
    Path report = temp.resolve("report");
    CliOutcome r = CliOutcome.run("report", runs.resolve("run-4.json").toString(), "--out", report.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readString(report.resolve("README.md"))).doesNotContain("\u001b", "\u0007").contains("\\x1b[2J");
  }

  @Test
  void aRevisionOrNoteThatCouldMisleadIsRefusedBeforeAnythingRuns() {
    for (String[] bad : List.of(new String[] {"--revision", "abc" + HOSTILE}, new String[] {"--note", "one\ntwo"},
        new String[] {"--revision", ""}, new String[] {"--revision", "a\nb"})) {
      CliOutcome o = CliOutcome.run("run", "--stores", "null", bad[0], bad[1], "--dry-run");
      assertThat(o.code()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(o.err()).startsWith("kvbench: " + bad[0] + " ").doesNotContain("\u001b");
    }
  }

  @Test
  void aCsvFieldASpreadsheetWouldRunIsWrittenAsText() throws Exception {
    ResultDocument base = SeriesOfRuns.run(1, 0.03, null, new SeriesOfRuns.Store("alpha", 10, 0, 1));
    List<CellResult> renamed = base.cells().stream().map(c -> new CellResult("=HYPERLINK(\"http://x\") " + c.cellId(),
        c.store(), c.library(), c.libraryVersion(), c.capabilities(), c.settings(), c.nativeSettings(),
        c.parameters(), c.phases(), c.storage(), c.outcome(), c.error(), c.diagnostics())).toList();
    Path a = temp.resolve("a.json");
    new ResultFiles().write(SeriesOfRuns.withCells(base, renamed), a);
    Path csv = temp.resolve("c.csv");
    CliOutcome o = CliOutcome.run("compare", a.toString(), a.toString(), "--csv", csv.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(Files.readAllLines(csv)).anySatisfy(l -> assertThat(l).startsWith("\"'=HYPERLINK("))
        .noneSatisfy(l -> assertThat(l).startsWith("=").startsWith("\"="));
  }
}
