package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: a clear message naming the input and the fix, exit code 2, nothing run or deleted. */
class RunCommandUsageTest {

  @TempDir Path temp;

  private String[] with(String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--output";
    all[args.length + 1] = temp.resolve("out.json").toString();
    return all;
  }

  @Test
  void unknownStoreListsTheValidOnes() {
    CliOutcome o = CliOutcome.run(with("run", "--stores", "lmdbjava-bb,leveldb"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("unknown store 'leveldb'").contains("lmdbjava-agrona").contains("rocksdb");
    assertThat(temp.resolve("out.json")).doesNotExist();
  }

  @Test
  void aTimelineIntervalOrStallThresholdOutOfRangeIsRefusedWithTheFix() {
    CliOutcome interval = CliOutcome.run(with("run", "--phases", "sustain", "--interval", "0s"));
    assertThat(interval.code()).isEqualTo(2);
    assertThat(interval.err()).contains("--interval", "at least 1 ms");
    CliOutcome stall = CliOutcome.run(with("run", "--phases", "sustain", "--stall-below", "1.5"));
    assertThat(stall.code()).isEqualTo(2);
    assertThat(stall.err()).contains("--stall-below", "above 0 and below 1");
    CliOutcome churnAndOpen = CliOutcome.run(with("run", "--phases", "churn,open"));
    assertThat(churnAndOpen.code()).isEqualTo(2);
    assertThat(churnAndOpen.err()).contains("churn deletes the loaded keys");
    assertThat(temp.resolve("out.json")).doesNotExist();
  }

  @Test
  void unknownPhaseListsTheValidOnes() {
    CliOutcome o = CliOutcome.run(with("run", "--phases", "write,readAll"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("unknown phase 'readAll'").contains("readKey, readSeq, readRev, readCrc, readXxh64");
  }

  @Test
  void unknownCodecsAndValueContentsListTheValidOnes() {
    CliOutcome codec = CliOutcome.run(with("run", "--codec", "snappy,gzip"));
    assertThat(codec.code()).isEqualTo(2);
    assertThat(codec.err()).contains("unknown value codec 'gzip'")
        .contains("none, bzip2, deflate, lz4, snappy, xz, zstd");
    CliOutcome content = CliOutcome.run(with("run", "--value-content", "compressible:2"));
    assertThat(content.code()).isEqualTo(2);
    assertThat(content.err()).contains("--value-content: a compressible value's ratio must be above 0 and at most 1");
    assertThat(temp.resolve("out.json")).doesNotExist();
  }

  @Test
  void aBadPrecisionOrItsLimitsAloneAreRefusedNamingTheFlag() {
    CliOutcome precision = CliOutcome.run(with("run", "--precision", "tight"));
    assertThat(precision.code()).isEqualTo(2);
    assertThat(precision.err()).contains("--precision tight").contains("e.g. 5%");
    CliOutcome alone = CliOutcome.run(with("run", "--max-forks", "8"));
    assertThat(alone.code()).isEqualTo(2);
    assertThat(alone.err()).contains("--max-forks goes with --precision");
    CliOutcome budget = CliOutcome.run(with("run", "--precision", "5%", "--time-budget", "soon"));
    assertThat(budget.code()).isEqualTo(2);
    assertThat(budget.err()).contains("--time-budget soon").contains("1h30m");
    assertThat(ForkOptions.duration("--time-budget", "1h30m")).isEqualTo(java.time.Duration.ofMinutes(90));
    assertThat(ForkOptions.duration("--wait-quiet", "90s")).isEqualTo(java.time.Duration.ofSeconds(90));
    CliOutcome reruns = CliOutcome.run(with("run", "--noisy-reruns", "99"));
    assertThat(reruns.code()).isEqualTo(2);
    assertThat(reruns.err()).contains("--noisy-reruns 99");
    CliOutcome quiet = CliOutcome.run(with("run", "--wait-quiet", "a while"));
    assertThat(quiet.code()).isEqualTo(2);
    assertThat(quiet.err()).contains("--wait-quiet 'a while' is not a duration").contains("90s");
    CliOutcome none = CliOutcome.run(with("run", "--wait-quiet", "0s"));
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("--wait-quiet 0: give how long a fork may wait");
    assertThat(temp.resolve("out.json")).doesNotExist();
  }

  @Test
  void zeroAndNegativeSizesAreRefused() {
    assertThat(CliOutcome.run(with("run", "--entries", "0")).err()).contains("--entries must be at least 1");
    assertThat(CliOutcome.run(with("run", "--value-size", "-5")).err()).contains("--value-size must be at least 1");
    assertThat(CliOutcome.run(with("run", "--batch-size", "0")).err()).contains("--batch-size: batch size must be at least 1");
    assertThat(CliOutcome.run(with("run", "--entries", "lots")).err()).contains("'lots' is not a count");
    assertThat(CliOutcome.run(with("run", "--scale", "0")).err()).contains("--scale must be above 0");
  }

  @Test
  void aCpuListThatIsNotOneOrWithoutForksIsRefusedNamingTheFlag() {
    CliOutcome backwards = CliOutcome.run(with("run", "--cpus", "5-2"));
    assertThat(backwards.code()).isEqualTo(2);
    assertThat(backwards.err()).contains("--cpus '5-2': the range 5-2 runs backwards; write 2-5");
    CliOutcome inProcess = CliOutcome.run(with("run", "--cpus", "0", "--forks", "0"));
    assertThat(inProcess.code()).isEqualTo(2);
    assertThat(inProcess.err()).contains("--cpus 0 pins forked cells, but these cells run in this JVM (forks 0)");
    assertThat(temp.resolve("out.json")).doesNotExist();
  }

  @Test
  void aValueTooBigForEveryStoreIsRefusedBeforeAnythingRuns() {
    CliOutcome o = CliOutcome.run(with("run", "--stores", "rocksdb", "--value-size", "2147483647"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("--value-size 2,147,483,647 is more than kvbench can make (at most 2,147,221,495");
  }

  @Test
  void aCommaAlwaysSeparatesValuesAndAThousandsSeparatorIsCaught() {
    CliOutcome o = CliOutcome.run(with("run", "--stores", "null", "--batch-size", "100,1000", "--dry-run"));
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("4 cells", "seq 100000x100 batch=100 ", "rnd 100000x100 batch=1000 ");
    CliOutcome grouped = CliOutcome.run(with("run", "--stores", "null", "--entries", "1,000,000", "--dry-run"));
    assertThat(grouped.code()).isEqualTo(2);
    assertThat(grouped.err()).contains("thousands separator", "1_000_000 or 1m");
    // a rising list of three-digit groups is a sweep, as people write value sizes
    CliOutcome sizes = CliOutcome.run(with("run", "--stores", "null", "--value-size", "64,128,256", "--dry-run"));
    assertThat(sizes.code()).as(sizes.err()).isZero();
    assertThat(sizes.out()).contains("6 cells", "100000x64 ", "100000x128 ", "100000x256 ");
  }

  @Test
  void groupsOfThreeThatDoNotRiseReadAsOneNumber() {
    assertThat(RepeatedOptions.looksLikeOneGroupedNumber(List.of("1", "000", "000"))).isTrue();
    assertThat(RepeatedOptions.looksLikeOneGroupedNumber(List.of("10", "000"))).isTrue();
    assertThat(RepeatedOptions.looksLikeOneGroupedNumber(List.of("1", "500", "000"))).isTrue();
    assertThat(RepeatedOptions.looksLikeOneGroupedNumber(List.of("64", "128", "256"))).isFalse();
    assertThat(RepeatedOptions.looksLikeOneGroupedNumber(List.of("16", "32", "64", "100"))).isFalse();
    assertThat(RepeatedOptions.looksLikeOneGroupedNumber(List.of("100", "1000"))).isFalse();
    assertThat(RepeatedOptions.looksLikeOneGroupedNumber(List.of("100000"))).isFalse();
  }

  @Test
  void theSameSettingTwiceIsAnError() {
    CliOutcome o = CliOutcome.run(with("run", "--stores", "null", "--entries", "10", "--entries", "20"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("--entries is given twice");
    CliOutcome seed = CliOutcome.run(with("run", "--seed", "1", "--seed=2"));
    assertThat(seed.code()).isEqualTo(2);
    CliOutcome option = CliOutcome.run(with("run", "--stores", "lmdbjava-bb", "-o", "lmdbjava-bb.writeMap=true",
        "-o", "lmdbjava-bb.writeMap=false"));
    assertThat(option.code()).isEqualTo(2);
    assertThat(option.err()).contains("-o lmdbjava-bb.writeMap is given twice", "lmdbjava-bb.writeMap=true,false");
  }

  @Test
  void everyDimensionSweepsFromFlagsAndTheDryRunShowsTheCells() {
    CliOutcome o = CliOutcome.run(with("run", "--stores", "lmdbjava-bb,rocksdb", "--value-size", "2026,2027",
        "-o", "lmdbjava-bb.writeMap=true,false", "--order", "rnd", "--sync", "nosync,lazy", "--keys", "int,str",
        "--entries", "1k,2k", "--dry-run"));
    assertThat(o.code()).as(o.err()).isZero();
    // 2 keys x 2 entries x 2 values x 2 durabilities x (bb x 2 writeMap + rocksdb)
    assertThat(o.out()).contains("48 cells", "lmdbjava-bb str rnd 2000x2027 batch=all lazy writeMap=false",
        "Flat data", "Disk (rough)", "Time (rough)", "the scenario as YAML", "lmdbjava-bb.writeMap:");
  }

  @Test
  void theDryRunsTimeCountsEveryFork() {
    CliOutcome three = CliOutcome.run(with("run", "--stores", "null", "--entries", "100k", "--dry-run"));
    CliOutcome one = CliOutcome.run(with("run", "--stores", "null", "--entries", "100k", "--forks", "1", "--dry-run"));
    assertThat(three.out()).contains("(3 forks a cell;");
    assertThat(one.out()).contains("(1 fork a cell;");
    assertThat(total(three.out())).isCloseTo(3 * total(one.out()), org.assertj.core.data.Percentage.withPercentage(5));
  }

  /** A cell four times its memory limit reads from the device on almost every op: the dry run's time says so. */
  @Test
  void theDryRunTimesACellLargerThanItsMemoryLimitAsDeviceReads() {
    CliOutcome free = CliOutcome.run(with("run", "--stores", "lmdbjava-bb", "--data-size", "1g", "--value-size", "1000",
        "--forks", "1", "--dry-run"));
    CliOutcome limited = CliOutcome.run(with("run", "--stores", "lmdbjava-bb", "--data-size", "4xlimit",
        "--memory-limit", "256m", "--value-size", "1000", "--forks", "1", "--work-dir", temp.resolve("w").toString(),
        "--dry-run"));
    assertThat(limited.code()).as(limited.err()).isZero();
    assertThat(limited.out()).contains("data=4xlimit", "from device reads, 0.25-0.4 ms an op");
    assertThat(free.out()).doesNotContain("device reads");
    assertThat(total(limited.out())).isGreaterThan(50 * total(free.out()));
  }

  /** The dry run's whole-run estimate in seconds, from "takes roughly 12 s" or "takes roughly 4.2 min". */
  private static double total(String out) {
    var m = java.util.regex.Pattern.compile("takes roughly ([0-9.,]+) (s|min|h)").matcher(out);
    assertThat(m.find()).as(out).isTrue();
    double v = Double.parseDouble(m.group(1).replace(",", ""));
    return switch (m.group(2)) {
      case "min" -> v * 60;
      case "h" -> v * 3600;
      default -> v;
    };
  }

  @Test
  void aPresetTooBigForTheWorkDirectoryIsRefusedWithAScaleThatFits() {
    CliOutcome o = CliOutcome.run(with("run", "lmdbjava-test6", "--dry-run", "--work-dir", temp.resolve("w").toString()));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.out()).contains("REFUSED", "--scale 0.");
    CliOutcome run = CliOutcome.run(with("run", "lmdbjava-test6", "--work-dir", temp.resolve("w").toString()));
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).contains("needs at least", "--scale 0.", "--work-dir");
    CliOutcome scaled = CliOutcome.run(with("run", "lmdbjava-test6", "--dry-run", "--scale", "0.0001"));
    assertThat(scaled.code()).as(scaled.out()).isZero();
    assertThat(scaled.out()).contains("1000x4080", "1000x16368");
  }

  @Test
  void aScenarioFileErrorNamesFileLineAndColumn() throws Exception {
    Path file = Files.writeString(temp.resolve("bad.yaml"), "matrix:\n  stores: [null]\n  entrys: 5\n");
    CliOutcome o = CliOutcome.run(with("run", file.toString()));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains(file + ":3:", "unknown key 'entrys'", "entries");
    assertThat(CliOutcome.run(with("run", "nosuchpreset")).err()).contains("neither a scenario file nor a preset", "lmdbjava-test4");
  }

  @Test
  void listShowsThePresets() {
    CliOutcome o = CliOutcome.run("list", "presets", "--details");
    assertThat(o.code()).isZero();
    assertThat(o.out()).contains("quick", "lmdbjava-test1", "lmdbjava-test2", "lmdbjava-test6", "2,026 / 2,027");
    assertThat(widest(o.out())).isLessThanOrEqualTo(100);
    CliOutcome brief = CliOutcome.run("list", "presets");
    assertThat(brief.out()).contains("lmdbjava-test6", "ycsb-f", "...", "list presets --details")
        .doesNotContain("2,026 / 2,027");
    assertThat(widest(brief.out())).isLessThanOrEqualTo(100);
    // a line a preset: every preset, then a blank line and the closing hint
    assertThat(brief.out().substring(0, brief.out().indexOf("\n\n")).lines().count())
        .isEqualTo(new dev.kvbench.scenario.Presets().descriptions().size());
  }

  private static int widest(String text) {
    return text.lines().mapToInt(String::length).max().orElse(0);
  }

  /** Issue 27: list fits a terminal: a line a store by default, one store's details on request. */
  @Test
  void listIsALineAStoreAndDetailsOnRequest() {
    CliOutcome o = CliOutcome.run("list");
    assertThat(o.code()).isZero();
    assertThat(widest(o.out())).isLessThanOrEqualTo(100);
    List<String> ids = dev.kvbench.store.StoreRegistry.load().all().stream().map(p -> p.id()).toList();
    for (String id : ids) {
      assertThat(o.out().lines().filter(l -> l.startsWith(id + " ")).count()).as(id).isEqualTo(1);
    }
    assertThat(o.out()).contains("org.rocksdb:rocksdbjni 11.", "kvbench list STORE").doesNotContain("writeMap");
    CliOutcome one = CliOutcome.run("list", "rocksdb");
    assertThat(one.code()).isZero();
    assertThat(one.out()).startsWith("rocksdb\n").contains("capabilities", "compression", "default")
        .doesNotContain("lmdbjava");
    assertThat(widest(one.out())).isLessThanOrEqualTo(100);
    assertThat(widest(CliOutcome.run("list", "stores", "--details").out())).isLessThanOrEqualTo(100);
    CliOutcome unknown = CliOutcome.run("list", "rockdb");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("list rockdb", "rocksdb", "kvbench list presets");
  }

  /** Issue 27: kvbench help [COMMAND] and synopses short enough to read. */
  @Test
  void helpIsACommandAndSynopsesAreShort() {
    CliOutcome help = CliOutcome.run("help");
    assertThat(help.code()).isZero();
    assertThat(help.out()).contains("Usage: kvbench", "run", "compare", "report", "help");
    CliOutcome run = CliOutcome.run("help", "run");
    assertThat(run.code()).isZero();
    assertThat(run.out()).startsWith("Usage: kvbench run [OPTIONS] [FILE|PRESET]").contains("--stores");
    assertThat(run.out()).isEqualTo(CliOutcome.run("run", "--help").out());
    assertThat(widest(run.out())).isLessThanOrEqualTo(80);
    assertThat(CliOutcome.run("help", "nosuch").code()).isNotZero();
  }

  @Test
  void unknownStoreSettingListsTheValidKeys() {
    // a slip of case (writemap) is read as writeMap with a note (SpellingTest); a typo is refused with the nearest
    CliOutcome o = CliOutcome.run(with("run", "--stores", "lmdbjava-bb", "-o", "lmdbjava-bb.writeMapp=false"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("unknown setting 'lmdbjava-bb.writeMapp' (did you mean writeMap?)")
        .contains("forceSafe, getVia, integerKey, mapSize, metaSync, nativeLib, readAhead, writeMap");
    assertThat(CliOutcome.run(with("run", "--stores", "rocksdb", "-o", "lmdbjava-bb.writeMap=false")).err())
        .contains("not in this run");
    assertThat(CliOutcome.run(with("run", "-o", "writeMap")).err()).contains("expected STORE.KEY=VALUE");
  }

  @Test
  void aNonEmptyWorkDirectoryIsRefusedAndKept() throws Exception {
    Path work = Files.createDirectory(temp.resolve("work"));
    Path mine = Files.writeString(work.resolve("mine.txt"), "keep me");
    CliOutcome o = CliOutcome.run(with("run", "--stores", "null", "--entries", "10", "--work-dir", work.toString()));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("--work-dir").contains("is not empty");
    assertThat(Files.list(work)).containsExactly(mine);
    assertThat(mine).hasContent("keep me");
  }

  @Test
  void anExistingResultFileIsNeverOverwritten() throws Exception {
    Path existing = Files.writeString(temp.resolve("old.json"), "{\"measured\": true}");
    CliOutcome o = CliOutcome.run("run", "--stores", "null", "--entries", "10", "--output", existing.toString());
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("already exists");
    assertThat(existing).hasContent("{\"measured\": true}");
  }

  @Test
  void badDurabilityAndKeyTypeNameTheChoices() {
    assertThat(CliOutcome.run(with("run", "--sync", "always")).err()).contains("use one of sync, lazy, nosync");
    assertThat(CliOutcome.run(with("run", "--keys", "uuid")).err()).contains("use int, str, uuid4, uuid7, ycsb");
    assertThat(CliOutcome.run(with("run", "--order", "zipf")).err()).contains("use seq or rnd");
  }

  @Test
  void helpListsEveryOptionWithItsDefault() {
    CliOutcome o = CliOutcome.run("run", "--help");
    assertThat(o.code()).isZero();
    assertThat(o.out()).contains("FILE|PRESET", "--stores", "--entries", "quick: 100000", "--value-size",
        "--keys", "--order", "--batch-size", "--phases", "--seed", "--work-dir", "--output", "--sync",
        "quick: nosync", "-o, --store-option", "--warmup", "--latency-sample", "--scale", "--forks", "--measured",
        "--heap", "--timeout", "--shard", "--resume", "--dry-run", "--quiet");
  }

  @Test
  void everyCommandsHelpFormatsWithoutAWarning() {
    // picocli reads descriptions as format strings: a lone % makes it warn on System.err and print the raw text
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      for (String[] args : List.of(new String[] {"--help"}, new String[] {"run", "--help"},
          new String[] {"compare", "--help"}, new String[] {"report", "--help"}, new String[] {"env", "--help"},
          new String[] {"list", "--help"}, new String[] {"clean", "--help"})) {
        CliOutcome o = CliOutcome.run(args);
        assertThat(o.code()).as(String.join(" ", args)).isZero();
        assertThat(o.out()).as(String.join(" ", args)).contains("Usage:");
        assertThat(o.err()).as(String.join(" ", args)).doesNotContain("picocli WARN");
      }
    } finally {
      System.setErr(stderr);
    }
    assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    assertThat(CliOutcome.run("compare", "--help").out()).contains("95 % interval", "--noisy-forks");
  }

  @Test
  void listShowsStoresCapabilitiesVersionsAndSettings() {
    CliOutcome o = CliOutcome.run("list", "stores", "--details");
    assertThat(o.code()).isZero();
    // lines are wrapped to the page: the phrases are checked with the line breaks taken out
    String out = o.out().replaceAll("\\s+", " ");
    assertThat(out).contains("lmdbjava-bb", "lmdbjava-agrona", "rocksdb", "null", "org.lmdbjava:lmdbjava 0.9.3",
        "org.rocksdb:rocksdbjni 11.", "writeMap", "default true", "forceSafe", "compression", "reverse cursor",
        "available yes");
    // what each store's writer can do besides new puts, as the mixed and CRUD workloads need it
    assertThat(out).contains("write operations [overwrite, delete, get-in-write]", "write operations [overwrite, delete]");
    assertThat(out).contains("sessions at once: 126 readers, 1 writer",
        "sessions at once: any number of readers, any number of writers");
  }

  /** env: a scenario this host cannot hold exits 1 naming what blocks it; an unknown one is a usage error. */
  @Test
  void envChecksAScenarioAgainstTheHost() throws Exception {
    CliOutcome big = CliOutcome.run("env", "--check", "lmdbjava-test6", "--work-dir", temp.toString());
    assertThat(big.code()).as(big.err()).isEqualTo(1);
    assertThat(big.out()).contains("block work directory free space", "lmdbjava-test6: this host cannot run it");
    CliOutcome small = CliOutcome.run("env", "--check", "quick", "--work-dir", temp.toString(), "--json");
    assertThat(small.code()).as(small.err()).isZero();
    com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(small.out());
    assertThat(doc.get("blocked").asBoolean()).isFalse();
    assertThat(doc.get("checks").findValuesAsText("name")).contains("swap", "open files (nofile)", "JDK");
    // the run's --scale and --stores change the largest cell, so the check takes them as the run does
    CliOutcome scaled = CliOutcome.run("env", "--check", "lmdbjava-test6", "--scale", "0.00001", "--work-dir", temp.toString(), "--json");
    com.fasterxml.jackson.databind.JsonNode scaledDoc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(scaled.out());
    assertThat(scaledDoc.get("checks").findParents("name").stream()
        .filter(c -> c.get("name").asText().equals("work directory free space"))
        .map(c -> c.get("severity").asText()).toList()).as(scaled.out()).containsExactly("ok");
    CliOutcome badStore = CliOutcome.run("env", "--check", "quick", "--stores", "nosuchstore");
    assertThat(badStore.code()).isEqualTo(2);
    assertThat(badStore.err()).contains("nosuchstore");
    CliOutcome unknown = CliOutcome.run("env", "--check", "nosuchscenario");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("nosuchscenario", "presets:");
  }

  /**
   * --counters on this host: where perf cannot count (this VM has no PMU; a fresh machine may have
   * no perf) the run says "not available" with why and goes on; where it can, the tables show the
   * counts per op.
   */
  @Tag("slow")
  @Test
  void countersSayWhetherTheyAreAvailableAndTheRunGoesOn() {
    CliOutcome o = CliOutcome.run("run", "--stores", "null", "--entries", "20000", "--order", "seq", "--phases",
        "write", "--forks", "1", "--measured", "1", "--warmup-passes", "0", "--warmup", "0", "--counters",
        "--work-dir", temp.resolve("work").toString(), "--output", temp.resolve("c.json").toString());
    assertThat(o.code()).as(o.err()).isZero();
    String why = dev.kvbench.runner.fork.PerfCounters.unavailableReason("perf");
    if (why != null) {
      // notices are wrapped to the page: the phrase is checked with the line breaks taken out
      assertThat(o.err().replaceAll("\\s+", " ")).contains("counters: not available: " + why.replaceAll("\\s+", " "),
          "goes on without them");
      assertThat(o.out()).doesNotContain("Hardware counters per op");
    } else {
      assertThat(o.out()).contains("Hardware counters per op", "instructions/op");
    }
  }

  /** Issue 63's trial: inputs that were accepted and then misled, or hung, are refused up front with the fix. */
  @Test
  void inputsThatWouldMisleadOrHangAreRefusedWithTheFix() {
    java.util.Map<List<String>, String> refused = new java.util.LinkedHashMap<>();
    refused.put(List.of("--phases", "sustain", "--rate", "1000000000000000", "--duration", "2s"),
        "--rate: 1000000000000000 is above 1,000,000,000 ops/s");
    refused.put(List.of("--phases", "sustain", "--interval", "10h", "--duration", "2s"),
        "--interval 10h is longer than a pass (--duration 2s)");
    refused.put(List.of("--interval", "100ms"), "--interval 100ms is the interval of a timeline, which none of this"
        + " scenario's phases");
    refused.put(List.of("--phases", "sustain", "--duration", "30m", "--timeout", "20m"),
        "no less than its --timeout of 20m: every cell would be killed");
    refused.put(List.of("--entries", "2,500"), "--entries 2,500 reads two ways: the number 2,500 (a thousands"
        + " separator) or a sweep of 2 and 500; write 2500 (or 2_500) for the number, 500,2 for the sweep");
    refused.put(List.of("--memory-limit", "0"), "--memory-limit 0 is no limit");
    refused.put(List.of("--memory-limit", "100t"), "so it would limit nothing");
    refused.put(List.of("--data-size", "10"), "--data-size 10 is 10 bytes, less than one entry (104 bytes");
    // issue 65: a rate sweep and its latency budget
    refused.put(List.of("--phases", "ycsb-c", "--rate", "10k,5k"), "--rate 10000, 5000 does not rise at 5000");
    refused.put(List.of("--phases", "ycsb-c", "--sla", "p99<=2ms"), "--sla p99<=2ms judges each rate of a sweep,"
        + " and no rate is given");
    refused.put(List.of("--phases", "write,readKey", "--rate", "5k", "--sla", "p99<=2ms"), "has a latency to judge");
    refused.put(List.of("--phases", "ycsb-c", "--rate", "5k", "--sla", "latency<=2ms"), "names no percentile");
    refused.put(List.of("--phases", "ycsb-c", "--rate", "5k", "--sla", "p99<=2mb"), "'mb' in the SLA condition"
        + " 'p99<=2mb' is not a unit of duration");
    // a store's setting its library refuses, refused where it is read, not when a cell opens (exit 1)
    refused.put(List.of("--stores", "sqlite", "-o", "sqlite.pageSize=3000"), "pageSize must be a power of two");
    refused.put(List.of("--stores", "sqlite", "-o", "sqlite.busyTimeout=-5"), "busyTimeout must be 0 or more ms");
    refused.put(List.of("--stores", "sqlite", "-o", "sqlite.journalMode=delete", "--sync", "lazy"),
        "lazy durability needs -o sqlite.journalMode=wal");
    refused.put(List.of("--stores", "bdb-je", "-o", "bdb-je.logFileSize=1k"), "logFileSize must be from 1,000,000");
    refused.put(List.of("--stores", "bdb-je", "-o", "bdb-je.cacheSize=1k"), "cacheSize must be 0 (JE's 60 % of the"
        + " heap) or at least 96k");
    refused.forEach((args, message) -> {
      List<String> all = new java.util.ArrayList<>(List.of("run"));
      if (!args.contains("--stores")) {
        all.addAll(List.of("--stores", "null"));
      }
      all.addAll(args);
      all.add("--dry-run");
      CliOutcome o = CliOutcome.run(with(all.toArray(String[]::new)));
      assertThat(o.code()).as(String.join(" ", args) + ": " + o.err()).isEqualTo(2);
      assertThat(o.err()).as(String.join(" ", args)).contains(message);
    });
    CliOutcome effect = CliOutcome.run("history", temp.toString(), "--min-effect", "1e400");
    assertThat(effect.code()).isEqualTo(2);
    assertThat(effect.err()).contains("--min-effect Infinity: give a percentage from 0 to 1000");
  }
}
