package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the built kvbench.jar as a user would: {@code java -jar kvbench.jar ...}, a separate JVM
 * with no extra flags, on tiny inputs.
 */
class KvbenchJarIT {

  @TempDir Path temp;

  private record Outcome(int code, String out, String err) {}

  private Outcome kvbench(String... args) throws IOException, InterruptedException {
    return kvbenchWith(List.of(), args);
  }

  private Outcome kvbenchWith(List<String> jvmArgs, String... args) throws IOException, InterruptedException {
    return kvbenchWith(Map.of(), jvmArgs, args);
  }

  private Outcome kvbenchWith(Map<String, String> env, List<String> jvmArgs, String... args)
      throws IOException, InterruptedException {
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    assertThat(jar).exists();
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(dev.kvbench.testing.TestJvmFlags.all());
    cmd.addAll(jvmArgs);
    cmd.add("-jar");
    cmd.add(jar.toString());
    cmd.addAll(List.of(args));
    Path out = temp.resolve("stdout.txt");
    Path err = temp.resolve("stderr.txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(temp.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    // a store thread left running would keep the JVM alive: the run must end by itself
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("kvbench exited").isTrue();
    return new Outcome(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  @Test
  void runsEveryStoreEndToEndAndWritesVerifiedResults() throws Exception {
    Path work = Files.createDirectory(temp.resolve("work"));
    Path result = temp.resolve("results/run.json");
    Outcome o = kvbench("run", "--forks", "1", "--stores", "lmdbjava-bb,lmdbjava-agrona,rocksdb,null", "--entries", "2000",
        "--keys", "int,str", "--warmup", "0", "--warmup-passes", "1", "--measured", "2", "--work-dir", work.toString(),
        "--output", result.toString(), "-o", "lmdbjava-bb.writeMap=false", "-o", "rocksdb.compression=none");
    assertThat(o.code).as(o.err).isZero();
    assertThat(o.err).contains("work directory: " + work);
    assertThat(o.err).contains("[cell 1 of 16]", "[cell 16 of 16]");
    assertThat(o.out).contains("int keys, seq order: 2,000 entries x 100-byte values; median of 2 measured passes",
        "str keys, rnd order: 2,000 entries x 100-byte values", "Phase", "ms/pass", "min-max", "Difference",
        "fastest", "readXxh64", "Flat array", "Overhead %", "results: " + result);
    try (Stream<Path> left = Files.list(work)) {
      assertThat(left).as("cell directories removed, the given directory kept").isEmpty();
    }
    JsonNode doc = new ObjectMapper().readTree(result.toFile());
    assertThat(doc.get("cells")).hasSize(16);
    assertThat(doc.get("completed").asBoolean()).isTrue();
    // header, 16 cells, end; a fork the host disturbed is run again, its first attempt kept as a fork line
    // (which forks a loaded machine disturbs is not this test's to know)
    List<String> journalLines = Files.readAllLines(temp.resolve("results/run.jsonl"));
    assertThat(journalLines).filteredOn(l -> !l.startsWith("{\"fork\":")).hasSize(18);
    assertThat(journalLines).filteredOn(l -> l.startsWith("{\"fork\":")).allSatisfy(l -> assertThat(l)
        .startsWith("{\"fork\":{\"number\":1,"));
    assertThat(doc.get("environment").get("workDirFileSystem").asText()).isNotBlank();
    for (JsonNode cell : doc.get("cells")) {
      String store = cell.get("store").asText();
      assertThat(cell.has("error")).as(store).isFalse();
      assertThat(cell.get("outcome").asText()).isEqualTo("ran");
      assertThat(cell.get("phases")).hasSize(6);
      for (JsonNode phase : cell.get("phases")) {
        assertThat(phase.get("status").asText()).as(store + " " + phase.get("phase")).isEqualTo("ok");
        assertThat(phase.get("passes")).as("measured passes").hasSize(2);
        boolean read = !phase.get("phase").asText().equals("write");
        if (read && !store.equals("null")) {
          assertThat(phase.get("verified").asBoolean()).as(store + " " + phase.get("phase")).isTrue();
          assertThat(phase.get("ops").asLong()).isEqualTo(2000);
        }
      }
      if (store.equals("lmdbjava-bb")) {
        assertThat(cell.get("settings").get("writeMap").asText()).isEqualTo("false");
        assertThat(cell.get("nativeSettings").get("envFlags").toString()).doesNotContain("MDB_WRITEMAP");
      }
      assertThat(cell.get("storage").get("allocatedBytes").get("afterClose").asLong()).isPositive();
    }
  }

  /**
   * Every available store, default settings: nothing may stay behind in temp, home or the work
   * directory's parent. The work directory is one kvbench makes, as its default is, under a parent
   * of this test's own: a machine-wide folder such as /dev/shm holds what other runs beside this
   * one make (issue 42, 15).
   */
  @Test
  void aRunOfEveryStoreLeavesNothingBehindButTheResults() throws Exception {
    Path home = Files.createDirectory(temp.resolve("home"));
    Path tmp = Files.createDirectory(temp.resolve("tmp"));
    Path workParent = Files.createDirectory(temp.resolve("work-parent"));
    Outcome o = kvbenchWith(List.of("-Duser.home=" + home, "-Djava.io.tmpdir=" + tmp),
        "run", "--forks", "1", "--entries", "500", "--warmup", "0", "--warmup-passes", "0", "--measured", "1", "--order", "rnd",
        "--work-dir", workParent.resolve("kvbench-work").toString(), "--output", temp.resolve("r.json").toString());
    assertThat(o.code).as(o.err).isZero();
    assertThat(o.err).as("the run made its work directory").contains("work directory: " + workParent.resolve("kvbench-work"));
    assertThat(listing(home)).as("home directory").isEmpty();
    assertThat(listing(tmp)).as("temp directory").isEmpty();
    assertThat(listing(workParent)).as("the work directory's parent").isEmpty();
    JsonNode doc = new ObjectMapper().readTree(temp.resolve("r.json").toFile());
    List<String> stores = new ArrayList<>();
    doc.get("cells").forEach(c -> stores.add(c.get("store").asText()));
    assertThat(stores).contains("null", "lmdbjava-bb", "rocksdb");
    if (bundlesLibmdbx()) {
      assertThat(stores).contains("libmdbx");
    }
    for (JsonNode cell : doc.get("cells")) {
      for (JsonNode phase : cell.get("phases")) {
        assertThat(phase.get("status").asText()).as(cell.get("store") + " " + phase.get("phase"))
            .isIn("ok", "unsupported");
      }
    }
  }

  private static List<String> listing(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void usageErrorsExitWithTwoAndRunNothing() throws Exception {
    Outcome o = kvbench("run", "--stores", "nosuchstore");
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err).contains("unknown store 'nosuchstore'");
    assertThat(temp.resolve("kvbench-results")).doesNotExist();
  }

  @Test
  void listAndVersionWork() throws Exception {
    Outcome list = kvbench("list");
    assertThat(list.code).as(list.err).isZero();
    assertThat(list.out).contains("lmdbjava-bb", "lmdbjava-agrona", "rocksdb", "null");
    // the facts read from the libraries' own metadata in the assembled jar: every store module's license list
    // (the table splits into parts at the page's width: a store's row is in each part)
    Outcome facts = kvbench("list", "--facts");
    assertThat(facts.code).as(facts.err).isZero();
    List<String> rocksdb = facts.out.lines().filter(l -> l.startsWith("rocksdb ")).toList();
    assertThat(rocksdb).anySatisfy(l -> assertThat(l).contains("Apache License 2.0"))
        .anySatisfy(l -> assertThat(l).contains("native"))
        .anySatisfy(l -> assertThat(l).containsPattern("20\\d\\d-\\d\\d-\\d\\d"));
    List<String> mvstore = facts.out.lines().filter(l -> l.startsWith("mvstore ")).toList();
    assertThat(mvstore).anySatisfy(l -> assertThat(l).contains("MPL 2.0")).anySatisfy(l -> assertThat(l).contains("java"));
    Outcome version = kvbench("--version");
    assertThat(version.out).contains("kvbench 0.7.0-SNAPSHOT");
    // built from a git checkout, the version names the commit: results then say which code measured them
    Process git = new ProcessBuilder("git", "rev-parse", "--short=10", "HEAD").redirectErrorStream(true).start();
    String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (git.waitFor() == 0 && head.matches("[0-9a-f]{10}")) {
      assertThat(version.out).contains("kvbench 0.7.0-SNAPSHOT+" + head);
    }
  }

  /** report and compare on real runs of the jar, as the README shows them. */
  @Test
  void reportAndCompareWorkOnRealRuns() throws Exception {
    String[] common = {"--stores", "null,lmdbjava-agrona", "--entries", "5000", "--order", "rnd", "--phases",
        "write,readKey,readSeq", "--warmup", "0", "--warmup-passes", "0", "--measured", "1", "--forks", "3"};
    Outcome a = kvbench(concat(new String[] {"run", "--output", "a.json"}, common));
    assertThat(a.code).as(a.err).isZero();
    Outcome b = kvbench(concat(new String[] {"run", "--output", "b.json", "-o", "lmdbjava-agrona.writeMap=false"},
        common));
    assertThat(b.code).as(b.err).isZero();

    // without --out a report goes under kvbench-results/, named after its one input (issue 27)
    Outcome byDefault = kvbench("report", "a.json");
    assertThat(byDefault.code).as(byDefault.err).isZero();
    assertThat(byDefault.out).contains("kvbench-results/a-report/README.md");
    assertThat(temp.resolve("kvbench-results/a-report/README.md")).isRegularFile();
    assertThat(listing(temp)).doesNotContain("kvbench-report");

    Outcome report = kvbench("report", "a.json", "b.jsonl", "--out", "rep");
    assertThat(report.code).as(report.err).isZero();
    // the null store's cells are the same cell in both runs: merged into one with six passes
    assertThat(report.out).contains("rep/README.md", "(3 cells,");
    String md = Files.readString(temp.resolve("rep/README.md"));
    assertThat(md).contains("| write | lmdbjava-agrona writeMap=false |", "| write | lmdbjava-agrona writeMap=true |",
        "Latency per point operation", "![readKey: ms per pass by store, each sample a dot](charts/");
    try (Stream<Path> charts = Files.list(temp.resolve("rep/charts"))) {
      assertThat(charts.map(p -> p.getFileName().toString())).anyMatch(n -> n.endsWith("-write.png"))
          .anyMatch(n -> n.endsWith("-readkey-latency.svg")).anyMatch(n -> n.endsWith("-storage.png"));
    }
    // 2 runs x 2 stores x 3 phases x 3 forks of one pass
    assertThat(Files.readAllLines(temp.resolve("rep/results.csv"))).hasSize(1 + 36);
    JsonNode jmh = new ObjectMapper().readTree(temp.resolve("rep/jmh-result.json").toFile());
    assertThat(jmh).hasSize(9);
    for (JsonNode bench : jmh) {
      int passes = bench.get("benchmark").asText().startsWith("kvbench.null.") ? 6 : 3;
      assertThat(bench.get("primaryMetric").get("rawData").get(0)).hasSize(passes);
    }

    // noise is not what this checks: a fork the busy build machine disturbed would leave its row
    // too noisy to judge and fail the gate (ResultsAreKeptTest checks that on planted noise)
    Outcome same = kvbench("compare", "a.json", "a.json", "--fail-on-regression", "5", "--noisy-forks", "keep");
    assertThat(same.code).as(same.out + same.err).isZero();
    assertThat(same.out).contains("3/3", "0 regression(s) beyond 5.0 %").containsAnyOf("equivalent", "undecided");
    Outcome changed = kvbench("compare", "a.json", "b.json");
    assertThat(changed.code).as(changed.err).isZero();
    assertThat(changed.out).contains("writeMap true -> false", "95 % interval");
    Outcome missing = kvbench("compare", "a.json", "nope.json");
    assertThat(missing.code).isEqualTo(2);
    assertThat(missing.err).contains("nope.json");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** True when the build could bundle libmdbx's library (it needs pip and PyPI; .ci/run installs pip). */
  private static boolean bundlesLibmdbx() throws IOException {
    try (ZipFile jar = new ZipFile(System.getProperty("kvbench.jar", "target/kvbench.jar"))) {
      return jar.getEntry("dev/kvbench/stores/libmdbx/native/linux-x86_64/libmdbx.so") != null;
    }
  }

  /**
   * libmdbx is listed with the version its library reports; a library named by KVBENCH_LIBMDBX that
   * is not there makes it unavailable, saying which variable to fix, and nothing else changes.
   */
  @Test
  void libmdbxIsListedWithItsOwnVersionOrWithHowToGetIt() throws Exception {
    Outcome list = kvbench("list", "libmdbx");
    assertThat(list.code).as(list.err).isZero();
    String libmdbx = list.out;
    if (bundlesLibmdbx()) {
      assertThat(libmdbx).contains("native:libmdbx 0.13.12 (PyPI wheel 0.3.2)", "available     yes");
    } else {
      assertThat(libmdbx).contains("available     no", "KVBENCH_LIBMDBX=", "pip");
    }
    Outcome missing = kvbenchWith(Map.of("KVBENCH_LIBMDBX", temp.resolve("none.so").toString()), List.of(), "list",
        "stores", "--details");
    assertThat(missing.code).as(missing.err).isZero();
    assertThat(missing.out.substring(missing.out.indexOf("\nlibmdbx\n")).replaceAll("\\s+", " "))
        .contains("available no", "KVBENCH_LIBMDBX=" + temp.resolve("none.so") + " is not a readable file");
    Outcome brief = kvbenchWith(Map.of("KVBENCH_LIBMDBX", temp.resolve("none.so").toString()), List.of(), "list");
    assertThat(brief.out.replaceAll("\\s+", " ")).contains("no (below)", "libmdbx: KVBENCH_LIBMDBX=");
    assertThat(missing.out).contains("lmdbjava-agrona\n  library       org.lmdbjava:lmdbjava");
  }

  @Test
  void valuesOfVaryingLengthRunThroughTheJarVerifiedLengthsIncluded() throws Exception {
    Outcome o = kvbench("run", "--forks", "1", "--stores", "lmdbjava-bb", "--entries", "2000", "--order", "rnd", "--warmup", "0",
        "--value-content", "uniform-length", "--value-size", "300", "--phases", "write,readKey,readSeq,readCrc",
        "--output", "lengths.json");
    assertThat(o.code).as(o.err).isZero();
    assertThat(o.out).contains("300-byte values (uniform-length)").contains("verified").doesNotContain("FAILED");
    assertThat(o.out.replaceAll("\\s+", " ")).contains("failed: none");
    assertThat(Files.readString(temp.resolve("lengths.json"))).contains("uniform-length");
  }

  @Test
  void defaultOutputGoesUnderKvbenchResults() throws Exception {
    Outcome o = kvbench("run", "--forks", "1", "--stores", "null", "--entries", "100", "--warmup", "0");
    assertThat(o.code).as(o.err).isZero();
    try (Stream<Path> files = Files.list(temp.resolve("kvbench-results"))) {
      assertThat(files.map(f -> f.getFileName().toString()).sorted().toList())
          .satisfiesExactly(f -> assertThat(f).matches("quick-\\d{8}-\\d{6}-\\d{3}-\\d+\\.json"),
              f -> assertThat(f).endsWith(".jsonl"));
    }
    assertThat(new String(Files.readAllBytes(temp.resolve("stdout.txt")), StandardCharsets.UTF_8))
        .contains("results: kvbench-results/");
  }
}
