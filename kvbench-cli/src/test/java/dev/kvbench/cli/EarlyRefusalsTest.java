package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42, 11-13: input that used to pass silently or be refused only after a cell had run is
 * refused before anything runs, with exit 2 and the fix; a run that measured nothing fails.
 */
class EarlyRefusalsTest {

  @TempDir Path temp;

  private String p(String name) {
    return temp.resolve(name).toString();
  }

  /** The command, with a work directory and an output of its own; asserts nothing ran. */
  private CliOutcome refused(String... args) {
    String[] all = java.util.stream.Stream.concat(java.util.stream.Stream.concat(java.util.stream.Stream.of("run"),
        java.util.Arrays.stream(args)),
        java.util.stream.Stream.of("--work-dir", p("work"), "--output", p("out.json"), "-q")).toArray(String[]::new);
    CliOutcome o = CliOutcome.run(all);
    assertThat(o.code()).as(String.join(" ", args) + "\n" + o.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(temp.resolve("out.json")).as("nothing measured, nothing written").doesNotExist();
    assertThat(temp.resolve("out.jsonl")).doesNotExist();
    assertThat(temp.resolve("work")).doesNotExist();
    return o;
  }

  /** 11: a version typo, LATEST, or a version given twice; no run exits 0 having measured nothing. */
  @Test
  void aVersionOutsideTheRangeOrGivenTwiceIsRefused() throws Exception {
    for (String v : new String[] {"99.0.0", "LATEST"}) {
      assertThat(refused("--stores", "leveldb-java", "-o", "leveldb-java.version=" + v, "--offline").err())
          .contains("leveldb-java.version " + v, "[0.9,0.13)", "outside that range",
              "kvbench list versions leveldb-java");
    }
    assertThat(refused("--stores", "leveldb-java", "-o", "leveldb-java.version=0.11,0.11", "--offline").err())
        .contains("leveldb-java.version lists a value twice");
  }

  /** Issue 46: a memory limit over a tmpfs, or data sized by a limit not given, is refused with the flag and the fix. */
  @Test
  void aMemoryLimitOverATmpfsOrDataSizedByNoLimitIsRefused() {
    assertThat(refused("--stores", "null", "--entries", "1000", "--data-size", "4xlimit").err())
        .contains("--data-size 4xlimit is a multiple of --memory-limit, which is not set", "give --memory-limit SIZE");
    org.junit.jupiter.api.Assumptions.assumeTrue("tmpfs".equals(dev.kvbench.host.HostFiles.fileSystemType(
        Path.of("/dev/shm"))), "/dev/shm is not a tmpfs here");
    CliOutcome o = CliOutcome.run("run", "--stores", "null", "--entries", "1000", "--memory-limit", "256m",
        "--work-dir", "/dev/shm/kvbench-refused-" + ProcessHandle.current().pid(), "--output", p("out.json"), "-q");
    assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(o.err()).contains("--memory-limit 256m keeps each cell's JVM and its page cache within 256 MiB",
        "is on a tmpfs", "--work-dir /var/tmp/kvbench");
    assertThat(Path.of("/dev/shm/kvbench-refused-" + ProcessHandle.current().pid())).doesNotExist();
  }

  /** 11: a run whose every phase was unsupported measured nothing: exit 1, saying so, never 0. */
  @Test
  void aRunWhoseEveryCellNeedsMoreWritersThanTheStoreHasIsRefusedBeforeAnythingLoads() {
    assertThat(refused("ycsb-a", "--stores", "lmdbjava-agrona", "--threads", "2", "--entries", "1000").err())
        .contains("no cell of this matrix can run", "lmdbjava-agrona allows 1 writer(s) at once",
            "ycsb-a's 2 clients writes", "--threads 1");
  }

  @Tag("slow")
  @Test
  void aRunThatMeasuredNothingFails() {
    // Chronicle Map is unordered: a forward scan is unsupported, and it is the only phase asked for
    CliOutcome o = CliOutcome.run("run", "--stores", "chronicle-map", "--phases", "readSeq", "--entries", "1000",
        "--order", "seq", "--warmup", "0", "--warmup-passes", "0", "--measured", "1", "--forks", "0",
        "--work-dir", p("work"), "--output", p("nothing.json"), "-q");
    assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.BENCHMARK_FAILED);
    assertThat(o.err()).contains("no cell measured anything", "readSeq");
    assertThat(temp.resolve("nothing.json")).as("what it did is kept").exists();
  }

  /** 13: each of these was accepted, or refused only after a whole cell or step had run. */
  @Test
  void lateRefusalsComeBeforeAnythingRuns() throws Exception {
    assertThat(refused("--stores", "lmdbjava-agrona", "-o", "lmdbjava-agrona.nativeLib=/etc/passwd").err())
        .contains("/etc/passwd", "not a shared library");
    Path lib = Files.write(temp.resolve("liblmdb.so"), sharedObjectHeader());
    assertThat(refused("--stores", "lmdbjava-agrona", "-o", "lmdbjava-agrona.nativeLib=bundled," + lib, "--forks",
        "0").err()).contains("nativeLib sweeps 2 native libraries", "forks");
    assertThat(refused("--stores", "null", "--forks", "2000000000").err()).contains("--forks", "1000");
    assertThat(refused("--stores", "null", "--profile", "jfr", "--jvm-option=-XX:StartFlightRecording").err())
        .contains("StartFlightRecording", "give one of the two");
    Files.createDirectories(temp.resolve("m2"));
    assertThat(refused("--stores", "leveldb-java", "-o", "leveldb-java.version=0.11", "--maven-settings",
        p("m2")).err()).contains(p("m2") + " is a folder", "settings.xml");
    CliOutcome proc = CliOutcome.run("run", "--stores", "null", "--work-dir", "/proc/kvbench-x", "--output",
        p("out.json"), "-q");
    assertThat(proc.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(proc.err()).contains("/proc/kvbench-x", "proc file system").doesNotContain("--scale");

    CliOutcome bisect = CliOutcome.run("bisect", "leveldb-java", "--good", "0.10", "--bad", "0.12", "--phase",
        "write", "--forks", "1", "--offline", "--output-dir", p("bisect"), "--work-dir", p("work"));
    assertThat(bisect.code()).as(bisect.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(bisect.err()).contains("--forks 1", "needs 3 or more");
    assertThat(temp.resolve("bisect")).doesNotExist();

    CliOutcome offline = CliOutcome.run("list", "versions", "leveldb-java", "--offline", "--maven-settings",
        settingsWithEmptyRepository().toString());
    assertThat(offline.code()).as(offline.err()).isZero();
    assertThat(offline.out()).contains("could not be listed", "--offline");
  }

  /** The first bytes of a 64-bit little-endian ELF shared object: what the setting's check reads. */
  private static byte[] sharedObjectHeader() {
    byte[] h = new byte[64];
    h[0] = 0x7f;
    h[1] = 'E';
    h[2] = 'L';
    h[3] = 'F';
    h[4] = 2;
    h[5] = 1;
    h[6] = 1;
    h[16] = 3;
    return h;
  }

  /** Maven settings whose local repository is an empty folder of this test's. */
  private Path settingsWithEmptyRepository() throws Exception {
    Path repo = Files.createDirectories(temp.resolve("empty-repo"));
    return Files.writeString(temp.resolve("settings.xml"), "<settings><localRepository>" + repo
        + "</localRepository></settings>\n");
  }
}
