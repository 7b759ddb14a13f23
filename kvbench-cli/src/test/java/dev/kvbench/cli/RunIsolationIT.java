package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash, a kill, a signal, a full disk or a second run never loses a measured result: kvbench.jar
 * run as a process, with its cells' JVMs killed or starved on purpose.
 */
class RunIsolationIT {

  @TempDir Path temp;

  private final ObjectMapper json = new ObjectMapper();

  private Process start(String name, String... args) throws IOException {
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    List<String> cmd = new ArrayList<>(JarCommand.of(jar));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).directory(temp.toFile())
        .redirectOutput(temp.resolve(name + ".out").toFile()).redirectError(temp.resolve(name + ".err").toFile())
        .start();
  }

  private String err(String name) throws IOException {
    return Files.readString(temp.resolve(name + ".err"));
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(until);
      Thread.sleep(50);
    }
  }

  private static long cellLines(Path journal) throws IOException {
    return Files.readAllLines(journal).stream().filter(l -> l.startsWith("{\"cell\"")).count();
  }

  private static Optional<ProcessHandle> cellJvm(Process parent) {
    return parent.descendants().filter(p -> p.info().arguments().map(a -> String.join(" ", a)
        .contains("ForkedCellMain")).orElse(false)).findFirst();
  }

  /** Several small cells whose passes take a few seconds each, so there is time to kill one. */
  private static List<String> slowMatrix(String output) {
    return new ArrayList<>(List.of("run", "--forks", "1", "--stores", "null,lmdbjava-agrona,rocksdb", "--entries", "150000",
        "--order", "rnd", "--phases", "write,readKey", "--warmup", "1500", "--measured", "2", "--output", output));
  }

  @Test
  void killingOneCellsJvmFailsThatCellAndMeasuresTheOthers() throws Exception {
    Process run = start("kill", slowMatrix("kill.json").toArray(String[]::new));
    await("cell 2 to start", () -> {
      try {
        return err("kill").contains("[cell 2 of 3]") && cellJvm(run).isPresent();
      } catch (IOException e) {
        return false;
      }
    });
    Thread.sleep(500);
    ProcessHandle child = cellJvm(run).orElseThrow();
    new ProcessBuilder("kill", "-9", Long.toString(child.pid())).start().waitFor();
    assertThat(run.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(run.exitValue()).as(err("kill")).isEqualTo(1);
    JsonNode doc = json.readTree(temp.resolve("kill.json").toFile());
    assertThat(doc.get("completed").asBoolean()).isTrue();
    assertThat(doc.get("cells")).hasSize(3);
    assertThat(doc.get("cells").get(1).get("store").asText()).isEqualTo("lmdbjava-agrona");
    assertThat(doc.get("cells").get(1).get("outcome").asText()).isEqualTo("failed");
    // the signal, and who did not send it: kvbench did not, and the kernel's log (where readable) names no OOM kill
    assertThat(doc.get("cells").get(1).get("error").asText()).startsWith("killed by signal 9 (SIGKILL), not by kvbench");
    for (int i : new int[] {0, 2}) {
      JsonNode cell = doc.get("cells").get(i);
      assertThat(cell.get("outcome").asText()).isEqualTo("ran");
      cell.get("phases").forEach(p -> assertThat(p.get("status").asText()).isEqualTo("ok"));
    }
    assertThat(Files.readString(temp.resolve("kill.out"))).contains("Cells that did not run to the end",
        "lmdbjava-agrona", "killed by signal 9");
  }

  @Test
  void afterTheParentIsKilledResumeRunsOnlyTheMissingCells() throws Exception {
    Process run = start("parent", slowMatrix("p.json").toArray(String[]::new));
    Path journal = temp.resolve("p.jsonl");
    await("the first cell's result", () -> {
      try {
        // a cell's own line, not only its fork's: the journal records each fork before the cell it completes
        return Files.exists(journal) && cellLines(journal) >= 1 && cellJvm(run).isPresent();
      } catch (IOException e) {
        return false;
      }
    });
    ProcessHandle child = cellJvm(run).orElseThrow();
    new ProcessBuilder("kill", "-9", Long.toString(run.pid())).start().waitFor();
    run.waitFor(10, TimeUnit.SECONDS);
    await("the orphaned cell JVM to end with its parent", () -> !child.isAlive());
    long measured = cellLines(journal);
    assertThat(measured).isBetween(1L, 2L);

    Process second = start("again", "run", "--forks", "1", "--stores", "null", "--entries", "100", "--output", "other.json");
    assertThat(second.waitFor(120, TimeUnit.SECONDS)).isTrue();
    // the killed run's own work directory, as its journal's header recorded it: the machine-wide base
    // (/dev/shm) may hold other runs' directories, stale or live, which are not this test's (issue 42, 15)
    Path staleDir = Path.of(json.readTree(Files.readAllLines(journal).get(0)).get("run").get("workDirectory")
        .get("path").asText());
    assertThat(err("again")).as("the killed run's work directory is reported")
        .contains("stale kvbench work directory " + staleDir + " (");
    assertThat(staleDir.resolve(".kvbench-lock")).exists();

    Process resume = start("resume", "run", "--resume", journal.toString());
    assertThat(resume.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(resume.exitValue()).as(err("resume")).isZero();
    assertThat(err("resume")).contains("resuming: " + measured + " of 3 cells have results")
        .contains("[cell 3 of 3]").doesNotContain("[cell 1 of 3]")
        .contains("removed " + staleDir, "left by an earlier attempt of this run that was killed");
    // the killed run's work directory (its cell's files, in RAM on a tmpfs) went with the resume
    assertThat(staleDir).doesNotExist();
    JsonNode doc = json.readTree(temp.resolve("p.json").toFile());
    assertThat(doc.get("completed").asBoolean()).isTrue();
    List<String> ids = new ArrayList<>();
    doc.get("cells").forEach(c -> ids.add(c.get("cellId").asText()));
    assertThat(ids).hasSize(3).doesNotHaveDuplicates();
    doc.get("cells").forEach(c -> assertThat(c.get("outcome").asText()).isEqualTo("ran"));
  }

  /**
   * The results' file system fills while a run goes on: it says so once, naming the file and the
   * free space, stops with the resume command (exit 4), and leaves no torn line, no diagnostics
   * folder and no work directory; with room again, the resume finishes the run. Needs root.
   */
  @Test
  void aResultsDiskThatFillsStopsTheRunOnceAndTheResumeFinishesIt() throws Exception {
    Path mount = Files.createDirectory(temp.resolve("results"));
    Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mount.toString())
        .redirectErrorStream(true).start();
    assumeThat(m.waitFor(30, TimeUnit.SECONDS) && m.exitValue() == 0).as("mounting a small tmpfs needs root").isTrue();
    try {
      Path journal = mount.resolve("r.jsonl");
      Path work = temp.resolve("work");
      List<String> args = slowMatrix(mount.resolve("r.json").toString());
      args.addAll(List.of("--work-dir", work.toString()));
      Process run = start("full-results", args.toArray(String[]::new));
      await("the first cell's result", () -> {
        try {
          return Files.exists(journal) && Files.readAllLines(journal).size() >= 2;
        } catch (IOException e) {
          return false;
        }
      });
      Path filler = mount.resolve("filler");
      try (var out = Files.newOutputStream(filler)) {
        byte[] chunk = new byte[4096];
        while (true) {
          out.write(chunk);
        }
      } catch (IOException full) {
        // full
      }
      assertThat(run.waitFor(300, TimeUnit.SECONDS)).isTrue();
      String err = err("full-results");
      assertThat(run.exitValue()).as(err).isEqualTo(4);
      // the journal's line or, where it still fitted, the document rewritten after it: r.jsonl or r.json
      assertThat(err).contains("cannot write " + mount.resolve("r.json"), "no space left", "bytes free there",
          "kvbench.jar run --resume " + journal).doesNotContain("internal error", "Exception", "\tat ");
      assertThat(err.split("cannot write ", -1)).as("said once").hasSize(2);
      List<String> lines = Files.readAllLines(journal);
      for (String line : lines) {
        assertThat(json.readTree(line)).as("every line whole").isNotNull();
      }
      try (Stream<Path> files = Files.list(mount)) {
        assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("r.json", "r.jsonl",
            "filler");
      }
      assertThat(work).doesNotExist();

      Files.delete(filler);
      Process resume = start("resume-full", "run", "--resume", journal.toString());
      assertThat(resume.waitFor(300, TimeUnit.SECONDS)).isTrue();
      assertThat(resume.exitValue()).as(err("resume-full")).isZero();
      JsonNode doc = json.readTree(mount.resolve("r.json").toFile());
      assertThat(doc.get("completed").asBoolean()).isTrue();
      assertThat(doc.get("cells")).hasSize(3);
    } finally {
      new ProcessBuilder("umount", "-l", mount.toString()).start().waitFor();
    }
  }

  @Test
  void sigtermRecordsTheCellInFlightAsInterruptedAndRemovesTheWorkDirectory() throws Exception {
    Path work = temp.resolve("work");
    List<String> args = slowMatrix("t.json");
    args.addAll(List.of("--work-dir", work.toString()));
    Process run = start("term", args.toArray(String[]::new));
    await("cell 2 to start", () -> {
      try {
        return err("term").contains("[cell 2 of 3]") && cellJvm(run).isPresent();
      } catch (IOException e) {
        return false;
      }
    });
    run.destroy(); // SIGTERM
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(err("term")).contains("stopping", "recorded as interrupted", "every finished cell is kept in",
        "t.jsonl and t.json", "kvbench.jar run --resume t.jsonl");
    JsonNode doc = json.readTree(temp.resolve("t.json").toFile());
    assertThat(doc.get("completed").asBoolean()).isFalse();
    assertThat(doc.get("cells")).hasSize(2);
    assertThat(doc.get("cells").get(0).get("outcome").asText()).isEqualTo("ran");
    assertThat(doc.get("cells").get(1).get("outcome").asText()).isEqualTo("interrupted");
    assertThat(work).doesNotExist();
  }

  @Test
  void twoRunsStartedTogetherWithTheSameOutputNeverOverwriteEachOther() throws Exception {
    String[] args = {"run", "--forks", "1", "--stores", "null", "--entries", "20000", "--output", "same.json"};
    Process a = start("a", args);
    Process b = start("b", args);
    assertThat(a.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(b.waitFor(120, TimeUnit.SECONDS)).isTrue();
    List<Integer> codes = List.of(a.exitValue(), b.exitValue());
    assertThat(codes).containsExactlyInAnyOrder(0, 2);
    String loser = a.exitValue() == 2 ? "a" : "b";
    assertThat(err(loser)).contains("same.json", "already exists", "another run");
    JsonNode doc = json.readTree(temp.resolve("same.json").toFile());
    assertThat(doc.get("completed").asBoolean()).isTrue();
    assertThat(doc.get("cells")).hasSize(2);
  }

  /**
   * Every store on a 40 MB tmpfs, with more data than fits: each cell fails with "no space left
   * on device" (an exception, or a SIGBUS of a memory-mapped store), none reports ok, and the run
   * goes on to the end. Needs root to mount the tmpfs.
   */
  @Test
  void aFullDiskFailsEachStoresCellNeverTheRunAndNeverOk() throws Exception {
    Path mount = Files.createDirectory(temp.resolve("small"));
    Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=40m", "tmpfs", mount.toString())
        .redirectErrorStream(true).start();
    boolean mounted = m.waitFor(30, TimeUnit.SECONDS) && m.exitValue() == 0;
    assumeThat(mounted).as("mounting a small tmpfs needs root").isTrue();
    try {
      Process run = start("full", "run", "--forks", "1", "--entries", "400k", "--order", "rnd", "--phases", "write,readKey",
          "--warmup", "0", "--warmup-passes", "0", "--measured", "1", "--work-dir", mount.resolve("w").toString(),
          "--output", "full.json");
      assertThat(run.waitFor(600, TimeUnit.SECONDS)).isTrue();
      assertThat(run.exitValue()).as(err("full")).isEqualTo(1);
      JsonNode doc = json.readTree(temp.resolve("full.json").toFile());
      assertThat(doc.get("completed").asBoolean()).isTrue();
      List<String> stores = new ArrayList<>();
      for (JsonNode cell : doc.get("cells")) {
        String store = cell.get("store").asText();
        stores.add(store);
        if (store.equals("null")) {
          assertThat(cell.get("outcome").asText()).isEqualTo("ran");
          continue;
        }
        StringBuilder reasons = new StringBuilder(cell.path("error").asText(""));
        boolean anyFailed = !cell.get("outcome").asText().equals("ran");
        for (JsonNode phase : cell.get("phases")) {
          reasons.append(phase.path("failure").asText(""));
          anyFailed |= phase.get("status").asText().equals("failed");
        }
        assertThat(anyFailed).as(store + " must not report ok on a full disk").isTrue();
        assertThat(reasons.toString()).as(store).startsWith("no space left on device")
            .contains("no space left on device");
      }
      assertThat(stores).contains("lmdbjava-bb", "rocksdb", "mapdb", "mvstore", "xodus", "chronicle-map",
          "leveldbjni", "leveldb-java", "lmdbjni", "lwjgl-lmdb", "libmdbx", "sqlite", "bdb-je");
      try (Stream<Path> left = Files.list(mount)) {
        assertThat(left).as("work directory removed after every cell").isEmpty();
      }
    } finally {
      new ProcessBuilder("umount", mount.toString()).start().waitFor();
    }
  }
}
