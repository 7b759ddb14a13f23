package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.kvbench.testing.SmallDisk;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal never gives up at a damaged line, never truncates, and never writes half a line. */
class RunJournalTest {

  @TempDir Path temp;

  private static RunHeader header() {
    return new RunHeader(ResultDocument.SCHEMA_VERSION, "0.1", "now", "quick", 1, List.of("run"), "name: quick\n", "1/1",
        ResultFilesTest.environment(), new WorkDirectory("/dev/shm/kvbench-1", true));
  }

  private static CellResult cell(String id) {
    CellResult c = ResultFilesTest.cell();
    return new CellResult(id, c.store(), c.library(), c.libraryVersion(), c.capabilities(), c.settings(),
        c.nativeSettings(), c.parameters(), c.phases(), c.storage(), c.outcome(), c.error(), c.diagnostics());
  }

  /** A finished run of three cells: the journal's lines are header, a, b, c, end. */
  private Path threeCells() throws Exception {
    Path doc = temp.resolve("full.json");
    try (RunJournal j = RunJournal.create(doc, header())) {
      for (String id : List.of("a", "b", "c")) {
        j.add(cell(id));
      }
      j.finish(true);
    }
    return doc;
  }

  /** Damages line 3 (cell b) as the issue did it, {@code sed -i '3s/"passMillis"/"passMillis"}/'}; a blank line too. */
  private static void damage(Path journal, boolean alsoABlankLine) throws Exception {
    List<String> lines = new ArrayList<>(Files.readAllLines(journal));
    lines.set(2, lines.get(2).replaceFirst("\"passMillis\"", "\"passMillis\"}"));
    if (alsoABlankLine) {
      lines.add(4, "");
    }
    Files.write(journal, lines);
  }

  /** Issue 44: a fork the host disturbed is run again; the journal keeps both attempts, the results the later. */
  @Test
  void aForkRunAgainTakesTheEarlierAttemptsPlaceAndTheJournalKeepsBoth() throws Exception {
    Path doc = temp.resolve("rerun.json");
    CellResult first = cell("a");
    CellResult disturbed = cell("a").withSettings(java.util.Map.of("attempt", "disturbed"));
    CellResult again = cell("a").withSettings(java.util.Map.of("attempt", "again"));
    try (RunJournal j = RunJournal.create(doc, header())) {
      j.addFork(1, first);
      j.addFork(2, disturbed);
      j.addFork(2, again);
      assertThat(j.keptForks()).as("a new run's journal is written, not read: it kept no forks").isEmpty();
    }
    JournalContents read = RunJournal.read(RunJournal.journalOf(doc));
    assertThat(read.lines()).filteredOn(l -> l.fork() != null).hasSize(3);
    try (RunJournal resumed = RunJournal.resume(doc, List.of("run", "--resume"))) {
      assertThat(resumed.keptForks().get("a").values()).extracting(c -> c.settings().getOrDefault("attempt", "first"))
          .containsExactly("first", "again");
      assertThat(resumed.keptForks().get("a")).containsOnlyKeys(1, 2);
    }
  }

  @Test
  void aDamagedLineCostsThatLineOnlyAndIsNamed() throws Exception {
    Path doc = threeCells();
    Path journal = RunJournal.journalOf(doc);
    damage(journal, true);

    JournalContents read = RunJournal.read(journal);
    assertThat(read.cells()).containsOnlyKeys("a", "c");
    assertThat(read.damaged()).extracting(JournalContents.Damage::line).containsExactly(3L, 5L);
    assertThat(read.damaged().get(0).describe(journal)).contains("line 3 of " + journal, "damaged", "kept every line");
    assertThat(read.completed()).as("the end line after the damage is read too").isTrue();
  }

  /**
   * Issue 42, 10: a line of NUL and 0xFF bytes right after the header costs that line only: the
   * header and every cell after it are read, and a resume finds its run.
   */
  @Test
  void aLineOfBytesThatAreNotUtf8CostsThatLineOnly() throws Exception {
    Path doc = threeCells();
    Path journal = RunJournal.journalOf(doc);
    byte[] all = Files.readAllBytes(journal);
    int afterHeader = new String(all, StandardCharsets.ISO_8859_1).indexOf('\n') + 1;
    java.io.ByteArrayOutputStream damaged = new java.io.ByteArrayOutputStream();
    damaged.write(all, 0, afterHeader);
    for (int i = 0; i < 64; i++) {
      damaged.write(i % 2 == 0 ? 0x00 : 0xff);
    }
    damaged.write('\n');
    damaged.write(all, afterHeader, all.length - afterHeader);
    Files.write(journal, damaged.toByteArray());
    Files.delete(doc); // the journal alone: no document to fall back on

    JournalContents read = RunJournal.read(journal);
    assertThat(read.header()).as("the header before the damaged line").isNotNull();
    assertThat(read.cells()).containsOnlyKeys("a", "b", "c");
    assertThat(read.damaged()).singleElement().satisfies(d -> {
      assertThat(d.line()).isEqualTo(2);
      assertThat(d.why()).contains("not UTF-8");
    });
    try (RunJournal j = RunJournal.resume(journal, List.of("run", "--resume"))) {
      assertThat(j.finishedCells()).containsOnlyKeys("a", "b", "c");
    }
  }

  @Test
  void resumeKeepsEveryCellFromTheJournalAndTheDocumentAndTruncatesNothing() throws Exception {
    Path doc = threeCells();
    Path journal = RunJournal.journalOf(doc);
    damage(journal, false);
    byte[] before = Files.readAllBytes(journal);

    try (RunJournal j = RunJournal.resume(journal, List.of("run", "--resume"))) {
      assertThat(j.finishedCells()).as("b's line is damaged, but the document has b").containsOnlyKeys("a", "b", "c");
      assertThat(j.warnings()).hasSize(3);
      assertThat(j.warnings().get(0)).contains("line 3 of");
      assertThat(j.warnings().get(1)).contains("1 cell(s) are in " + doc, "not in its journal", "b");
      j.markResumed(List.of("run", "--resume"), new WorkDirectory("/dev/shm/kvbench-2", true));
      j.finish(true);
    }
    byte[] after = Files.readAllBytes(journal);
    assertThat(new String(after, 0, before.length, StandardCharsets.UTF_8))
        .as("nothing before the resumption changed").isEqualTo(new String(before, StandardCharsets.UTF_8));
    JournalContents read = RunJournal.read(journal);
    assertThat(read.cells()).as("b is written to the journal again").containsOnlyKeys("a", "b", "c");
    assertThat(new ResultFiles().read(doc).cells()).extracting(CellResult::cellId).containsExactlyInAnyOrder("a", "b",
        "c");
  }

  /**
   * A document of another run beside the journal (left from an earlier run under that name) is
   * refused, never united with it: its cells would pass for this run's, and the resume overwrite
   * it. A run written as {@code --output x} (no extension) resumes into {@code x}, its own.
   */
  @Test
  void anotherRunsDocumentIsNeverUnitedWithTheJournalAndABareDocumentIsFound() throws Exception {
    Path bare = temp.resolve("bare");
    try (RunJournal j = RunJournal.create(bare, header())) {
      j.add(cell("a"));
      j.finish(true);
    }
    Path journal = RunJournal.journalOf(bare);
    try (RunJournal j = RunJournal.resume(journal, List.of("run", "--resume"))) {
      assertThat(j.documentPath()).isEqualTo(bare);
      assertThat(j.warnings()).isEmpty();
    }
    RunHeader other = new RunHeader(ResultDocument.SCHEMA_VERSION, "0.1", "earlier", "other", 1, List.of("run"),
        "name: other\n", "1/1", ResultFilesTest.environment(), new WorkDirectory("/dev/shm/kvbench-0", true));
    Path stale = temp.resolve("bare.json");
    Path otherDir = temp.resolve("other");
    Files.createDirectories(otherDir);
    try (RunJournal j = RunJournal.create(otherDir.resolve("bare.json"), other)) {
      j.add(cell("z"));
      j.finish(true);
    }
    Files.copy(otherDir.resolve("bare.json"), stale);
    byte[] staleBefore = Files.readAllBytes(stale);
    byte[] journalBefore = Files.readAllBytes(journal);
    assertThatThrownBy(() -> RunJournal.resume(journal, List.of("run", "--resume")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(stale.toString())
        .hasMessageContaining("another run's results").hasMessageContaining("started earlier")
        .hasMessageContaining("Move it aside");
    assertThat(stale).hasBinaryContent(staleBefore);
    assertThat(journal).hasBinaryContent(journalBefore);
  }

  @Test
  void aRefusedResumeWritesNothing() throws Exception {
    Path doc = threeCells();
    Path journal = RunJournal.journalOf(doc);
    byte[] before = Files.readAllBytes(journal);
    try (RunJournal j = RunJournal.resume(journal, List.of("run", "--resume"))) {
      assertThat(j.finishedCells()).hasSize(3);
      // the caller refuses here (its work directory is not empty, say): no markResumed
    }
    assertThat(journal).hasBinaryContent(before);
  }

  /** The document and its journal have one mode: that of any file the user makes (0666 less the umask). */
  @Test
  void theDocumentHasTheJournalsMode() throws Exception {
    Path doc = threeCells();
    assertThat(Files.getPosixFilePermissions(doc)).isEqualTo(Files.getPosixFilePermissions(RunJournal.journalOf(doc)))
        .contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ);
  }

  @Test
  void theDocumentAndItsJournalAreTwoFiles() {
    assertThatThrownBy(() -> RunJournal.create(temp.resolve("x.jsonl"), header()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x.jsonl")
        .hasMessageContaining("journal's extension").hasMessageContaining("x.json");
    assertThat(temp.resolve("x.jsonl")).doesNotExist();
  }

  @Test
  void whatIsNotAJournalIsRefusedWithItsName() throws Exception {
    Path text = Files.writeString(temp.resolve("notes.txt"), "hello\n");
    assertThatThrownBy(() -> RunJournal.resume(text, List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("notes.txt is not a kvbench result");
    Path binary = Files.write(temp.resolve("b.jsonl"), new byte[] {0, (byte) 0xff, 3, '\n', 7});
    assertThatThrownBy(() -> RunJournal.resume(binary, List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("b.jsonl is not a kvbench journal");
    Path noHeader = Files.writeString(temp.resolve("h.jsonl"), "{\"cell\":{\"cellId\":\"a\"}}\n");
    assertThatThrownBy(() -> RunJournal.resume(noHeader, List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no readable run header");
    Path dir = Files.createDirectories(temp.resolve("d.json"));
    assertThatThrownBy(() -> RunJournal.resume(dir, List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is a directory");
  }

  /** A journal another process holds: the refusal names that process and says it is running. */
  @Test
  void aJournalStillBeingWrittenNamesItsWriter() throws Exception {
    Path doc = threeCells();
    Path journal = RunJournal.journalOf(doc);
    // a POSIX record lock, the kind FileChannel.tryLock takes, held by another process
    Process holder;
    try {
      holder = new ProcessBuilder("python3", "-c", "import fcntl,sys,time\n"
          + "f=open(sys.argv[1],'r+')\nfcntl.lockf(f,fcntl.LOCK_EX)\nprint('locked',flush=True)\ntime.sleep(60)",
          journal.toString()).redirectErrorStream(true).start();
    } catch (java.io.IOException noPython) {
      assumeThat(false).as("python3 to hold a lock from another process").isTrue();
      return;
    }
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).isEqualTo("locked");
      byte[] before = Files.readAllBytes(journal);
      assertThatThrownBy(() -> RunJournal.resume(journal, List.of())).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("still being written").hasMessageContaining("process " + holder.pid())
          .hasMessageContaining("still running");
      assertThat(journal).hasBinaryContent(before);
    } finally {
      holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** A full file system: the cell that does not fit is not written at all, and what came before stays whole. */
  @Test
  void aFullDiskLeavesNoTornLine() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(temp.resolve("small"), "256k")) {
      Path doc = disk.path().resolve("r.json");
      try (RunJournal j = RunJournal.create(doc, header())) {
        j.add(cell("a"));
        disk.fill(disk.path().resolve("filler"));
        long length = Files.size(RunJournal.journalOf(doc));
        byte[] document = Files.readAllBytes(doc);
        assertThatThrownBy(() -> j.add(cell("b"))).isInstanceOf(RunJournal.NotWritten.class)
            .hasMessageContaining(RunJournal.journalOf(doc).toString())
            .hasMessageContaining("no space left").hasMessageContaining("bytes free there");
        assertThat(Files.size(RunJournal.journalOf(doc))).isEqualTo(length);
        assertThat(doc).hasBinaryContent(document);
      }
      JournalContents read = RunJournal.read(doc);
      assertThat(read.damaged()).isEmpty();
      assertThat(read.cells()).containsOnlyKeys("a");
      try (var left = Files.list(disk.path())) {
        assertThat(left.map(p -> p.getFileName().toString())).as("no temporary file left")
            .containsExactlyInAnyOrder("r.json", "r.jsonl", "filler");
      }
    }
  }

  /** Results that cannot be rewritten (a read-only file system, even for root) cannot be resumed: said up front. */
  @Test
  void readOnlyResultsAreRefusedUpFront() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(temp.resolve("ro"), "1m")) {
      Path doc = disk.path().resolve("r.json");
      try (RunJournal j = RunJournal.create(doc, header())) {
        j.add(cell("a"));
      }
      disk.makeReadOnly();
      assertThatThrownBy(() -> RunJournal.resume(doc, List.of())).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("is read-only").hasMessageContaining("resume the copy");
    }
  }

  @Test
  void theWorkDirectoriesOfEveryAttemptAreRecorded() throws Exception {
    Path doc = threeCells();
    try (RunJournal j = RunJournal.resume(doc, List.of())) {
      j.markResumed(List.of("run", "--resume"), new WorkDirectory("/tmp/w2", false));
      j.finish(true);
    }
    assertThat(RunJournal.read(doc).workDirectories()).containsExactly(
        new WorkDirectory("/dev/shm/kvbench-1", true), new WorkDirectory("/tmp/w2", false));
  }
}
