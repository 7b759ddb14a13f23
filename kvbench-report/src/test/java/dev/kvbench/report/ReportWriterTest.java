package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kvbench.result.ResultFiles;
import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

  @TempDir Path temp;
  private Path input;

  @BeforeEach
  void writeInput() throws Exception {
    input = temp.resolve("run.json");
    new ResultFiles().write(Fixtures.twoStores("host-a", 1), input);
  }

  private ReportWriter.Written report(Path out, Instant at) throws Exception {
    return new ReportWriter("9.9", Clock.fixed(at, ZoneOffset.UTC)).write(List.of(input), out, false);
  }

  @Test
  void readmeHasTheRunTablesWithTheResultsFigures() throws Exception {
    report(temp.resolve("rep"), Instant.parse("2026-02-03T04:05:06Z"));
    String md = Files.readString(temp.resolve("rep/README.md"));
    assertThat(md).contains("Written 2026-02-03T04:05:06Z by kvbench 9.9")
        .contains("| CPU | Test CPU, 2 cores |", "| JVM flags of the run | `-Xmx1g` |", "| JVM flags of the cells | `-Xmx2g -XX:+ExitOnOutOfMemoryError` |", "Seed: 1", "`run fixture`")
        // medians of the passes: alpha write 10/11/12 -> 11.00, beta 110 -> x 10.00 to the fastest
        .contains("| write | alpha | 11.00 | 10.00-12.00 | fastest | 11,000.0 | 11,000.0 | - | 9.0 | 3×1 | not verified |")
        .contains("|  | beta | 110 | 100-120 | x 10.00 | 110,000.0 | 110,000.0 | - | 0.9 | 3×1 | not verified |")
        .contains("| readRev | alpha | - |  | unsupported | - | - | - | - | - | - |")
        .contains("|  | beta | - |  | failed | - | - | - | - | - | FAILED |")
        .contains("beta int/rnd `readRev`: beta: wrong value for key 7")
        .contains("| gamma int/rnd | failed | no space left on device: the JVM crashed |")
        .contains("| alpha | 104,000 | 150,000 | 44.23 | 250,000 | 200,000 | 1.92 | 1.44 |")
        // 12 samples: too few for any percentile to have 10 beyond it, so each is marked
        .contains("| write | alpha | 2.00* |").contains("fewer than 10 samples lie beyond this percentile")
        .contains("| alpha | lib:alpha 1.0 | writeMap=true | flag=X |")
        .contains("![write: ms per pass by store, each sample a dot](charts/host-a-int-keys-rnd-order-1-000-entries-x-100-byte-values-write.png)");
  }

  @Test
  void chartsArePngAndSvgOfTheDeclaredSize() throws Exception {
    ReportWriter.Written w = report(temp.resolve("rep"), Instant.EPOCH);
    List<Path> files;
    try (Stream<Path> s = Files.list(temp.resolve("rep/charts"))) {
      files = s.sorted().toList();
    }
    assertThat(files).hasSize(2 * w.charts());
    // write and readKey bars, their two latency curves, storage, memory
    assertThat(w.charts()).isEqualTo(6);
    for (Path f : files) {
      if (f.toString().endsWith(".png")) {
        BufferedImage image = ImageIO.read(f.toFile());
        assertThat(image.getWidth()).isEqualTo(900);
        assertThat(image.getHeight()).isEqualTo(540);
        assertThat(Files.exists(Path.of(f.toString().replace(".png", ".svg")))).isTrue();
      } else {
        assertThat(Files.readString(f)).contains("<svg");
      }
    }
  }

  @Test
  void csvHasOneRowPerPassWithTheResultsFigures() throws Exception {
    report(temp.resolve("rep"), Instant.EPOCH);
    CsvMapper csv = new CsvMapper();
    List<Map<String, String>> rows = new ArrayList<>();
    try (MappingIterator<Map<String, String>> it = csv.readerFor(Map.class)
        .with(CsvSchema.emptySchema().withHeader()).readValues(temp.resolve("rep/results.csv").toFile())) {
      it.forEachRemaining(rows::add);
    }
    // alpha 3+3 passes + readRev, beta 3+3 + readRev, null 3+3; gamma has no phases
    assertThat(rows).hasSize(6 + 1 + 6 + 1 + 6);
    Map<String, String> first = rows.get(0);
    assertThat(first).containsEntry("host", "host-a").containsEntry("store", "alpha").containsEntry("phase", "write")
        .containsEntry("pass", "1").containsEntry("passMillis", "10.000").containsEntry("phaseMedianMillis", "11.000")
        .containsEntry("settings", "writeMap=true").containsEntry("storageAllocatedBytes", "150000");
    assertThat(rows).filteredOn(r -> r.get("phase").equals("readRev") && r.get("store").equals("beta"))
        .singleElement().satisfies(r -> {
          assertThat(r.get("status")).isEqualTo("failed");
          assertThat(r.get("pass")).isEmpty();
          assertThat(r.get("failure")).isEqualTo("beta: wrong value for key 7");
        });
  }

  /** Checked against a file JMH 1.23 itself wrote (lmdbjava/benchmarks, run here): same fields at every level. */
  @Test
  void jmhResultHasTheShapeJmhWrites() throws Exception {
    report(temp.resolve("rep"), Instant.EPOCH);
    ObjectMapper json = new ObjectMapper();
    JsonNode ours = json.readTree(temp.resolve("rep/jmh-result.json").toFile());
    JsonNode jmh;
    try (InputStream in = getClass().getResourceAsStream("jmh-anchor-result.json")) {
      jmh = json.readTree(in);
    }
    JsonNode real = jmh.get(0);
    assertThat(ours.isArray()).isTrue();
    // OK phases only: alpha write, readKey; beta write, readKey; null write, readKey
    assertThat(ours).hasSize(6);
    for (JsonNode b : ours) {
      assertThat(names(b)).isEqualTo(names(real));
      assertThat(names(b.get("primaryMetric"))).isEqualTo(names(real.get("primaryMetric")));
      assertThat(names(b.get("primaryMetric").get("scorePercentiles")))
          .isEqualTo(names(real.get("primaryMetric").get("scorePercentiles")));
      assertThat(b.get("mode").asText()).isEqualTo("ss");
      assertThat(b.get("primaryMetric").get("scoreUnit").asText()).isEqualTo("ms/op");
    }
    JsonNode alphaWrite = ours.get(0);
    assertThat(alphaWrite.get("benchmark").asText()).isEqualTo("kvbench.alpha.write");
    assertThat(alphaWrite.get("params").get("writeMap").asText()).isEqualTo("true");
    assertThat(alphaWrite.get("params").get("entries").asText()).isEqualTo("1000");
    JsonNode m = alphaWrite.get("primaryMetric");
    assertThat(m.get("score").asDouble()).isEqualTo(11.0); // JMH's score: the mean of 10, 11, 12
    // 99.9 % Student t, 2 degrees of freedom: 31.599 * 1 / sqrt(3)
    assertThat(m.get("scoreError").asDouble()).isBetween(18.24, 18.25);
    assertThat(m.get("rawData").get(0)).hasSize(3);
    assertThat(m.get("scorePercentiles").get("100.0").asDouble()).isEqualTo(12.0);
    assertThat(names(alphaWrite.get("secondaryMetrics"))).contains("nsPerOp", "cpuUser", "cpuSys", "peakRss",
        "storageAllocated");
  }

  /** HdrHistogram's own reader reads each log back: one interval per measured pass, at its start time. */
  @Test
  void intervalLogsHoldOneIntervalPerPass() throws Exception {
    ReportWriter.Written w = report(temp.resolve("rep"), Instant.EPOCH);
    // write and readKey of alpha and beta recorded latencies; the null store's phases did not
    assertThat(w.intervalLogs()).isEqualTo(4);
    Path log;
    try (Stream<Path> s = Files.list(temp.resolve("rep/hlog"))) {
      log = s.filter(p -> p.getFileName().toString().startsWith("host-a-alpha-int-rnd")
          && p.getFileName().toString().endsWith("-write.hlog")).findFirst().orElseThrow();
    }
    org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(log.toFile());
    List<org.HdrHistogram.Histogram> intervals = new ArrayList<>();
    org.HdrHistogram.EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      intervals.add((org.HdrHistogram.Histogram) h);
    }
    assertThat(intervals).hasSize(3);
    assertThat(intervals).allSatisfy(i -> {
      assertThat(i.getTotalCount()).isEqualTo(4);
      assertThat(i.getMaxValue()).isBetween(39_000L, 40_100L);
    });
    assertThat(reader.getStartTimeSec()).isEqualTo(1_700_000_000.0);
    assertThat(intervals.get(2).getStartTimeStamp() - intervals.get(0).getStartTimeStamp()).isEqualTo(2000);
  }

  private static TreeSet<String> names(JsonNode node) {
    TreeSet<String> names = new TreeSet<>();
    Iterator<String> it = node.fieldNames();
    it.forEachRemaining(names::add);
    return names;
  }

  @Test
  void theSameInputGivesTheSameBytesButForTheTimestampLine() throws Exception {
    report(temp.resolve("a"), Instant.parse("2026-01-01T00:00:00Z"));
    report(temp.resolve("b"), Instant.parse("2026-06-01T12:00:00Z"));
    List<Path> files;
    try (Stream<Path> s = Files.walk(temp.resolve("a"))) {
      files = s.filter(Files::isRegularFile).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(4);
    for (Path a : files) {
      Path b = temp.resolve("b").resolve(temp.resolve("a").relativize(a));
      if (a.getFileName().toString().equals(ReportFolder.MANIFEST)) {
        // the list of files with their SHA-256: only README.md's differs
        List<String> la = Files.readAllLines(a);
        List<String> lb = Files.readAllLines(b);
        assertThat(la).hasSameSizeAs(lb);
        for (int i = 0; i < la.size(); i++) {
          if (!la.get(i).equals(lb.get(i))) {
            assertThat(la.get(i)).contains("\"README.md\"");
          }
        }
      } else if (a.getFileName().toString().equals("README.md")) {
        List<String> la = Files.readAllLines(a);
        List<String> lb = Files.readAllLines(b);
        List<Integer> differing = new ArrayList<>();
        for (int i = 0; i < la.size(); i++) {
          if (!la.get(i).equals(lb.get(i))) {
            differing.add(i);
          }
        }
        assertThat(differing).hasSize(1);
        assertThat(la.get(differing.get(0))).endsWith(MarkdownReport.TIMESTAMP_MARK);
      } else {
        assertThat(Files.readAllBytes(b)).as(a.toString()).isEqualTo(Files.readAllBytes(a));
      }
    }
  }

  @Test
  void writesOnlyIntoANewOrEmptyFolderOrOverAnEarlierReport() throws Exception {
    Path out = temp.resolve("rep");
    report(out, Instant.EPOCH);
    Path chart = out.resolve("charts/host-a-int-keys-rnd-order-1-000-entries-x-100-byte-values-write.png");
    assertThat(chart).exists();
    // the user's files inside an earlier report, of any name, stay where they are
    Files.writeString(out.resolve("charts/stale.png"), "my own chart");
    Files.writeString(out.resolve("hlog/mine.hlog"), "my log");
    Files.writeString(out.resolve("charts/notes.txt"), "keep me too");
    Files.createDirectories(out.resolve("inputs"));
    Files.writeString(out.resolve("inputs/mine.json"), "{}");
    report(out, Instant.parse("2026-05-05T00:00:00Z"));
    assertThat(out.resolve("charts/stale.png")).hasContent("my own chart");
    assertThat(out.resolve("hlog/mine.hlog")).hasContent("my log");
    assertThat(out.resolve("charts/notes.txt")).hasContent("keep me too");
    assertThat(out.resolve("inputs/mine.json")).hasContent("{}");
    assertThat(Files.readString(out.resolve("README.md"))).contains("2026-05-05");
    assertThat(chart).exists();

    Path foreign = Files.createDirectories(temp.resolve("mine"));
    Files.writeString(foreign.resolve("notes.txt"), "keep me");
    assertThatThrownBy(() -> report(foreign, Instant.EPOCH)).isInstanceOf(ReportInputException.class)
        .hasMessageContaining("notes.txt").hasMessageContaining("did not write");
    assertThat(Files.readString(foreign.resolve("notes.txt"), StandardCharsets.UTF_8)).isEqualTo("keep me");
  }

  /**
   * A report whose file the user changed, or a file of the user's where the new report would write:
   * refused before anything moves, and the earlier report stays whole, byte for byte.
   */
  @Test
  void aFailedReplacementLeavesTheEarlierReportWhole() throws Exception {
    Path out = temp.resolve("rep");
    report(out, Instant.EPOCH);
    Map<String, byte[]> before = contents(out);
    Files.writeString(out.resolve("results.csv"), "edited by hand\n", java.nio.file.StandardOpenOption.APPEND);
    before.put("results.csv", Files.readAllBytes(out.resolve("results.csv")));
    assertThatThrownBy(() -> report(out, Instant.parse("2026-05-05T00:00:00Z")))
        .isInstanceOf(ReportInputException.class).hasMessageContaining("results.csv")
        .hasMessageContaining("changed since kvbench wrote it");
    assertThat(contents(out)).as("nothing moved, nothing left behind").containsOnlyKeys(before.keySet())
        .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(before.get(name)));
  }

  /** A disk that fills while the new report is written: the earlier report stays whole, nothing is left behind. */
  @Test
  void aDiskThatFillsWhileWritingLeavesTheEarlierReportWhole() throws Exception {
    try (dev.kvbench.testing.SmallDisk disk = dev.kvbench.testing.SmallDisk.mount(temp.resolve("small"), "2m")) {
      Path out = disk.path().resolve("rep");
      report(out, Instant.EPOCH);
      Map<String, byte[]> before = contents(out);
      disk.fill(disk.path().resolve("filler"));
      assertThatThrownBy(() -> report(out, Instant.parse("2026-05-05T00:00:00Z")))
          .isInstanceOf(ReportInputException.class).hasMessageContaining("no space left")
          .hasMessageContaining("as it was before");
      assertThat(contents(out)).containsOnlyKeys(before.keySet())
          .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(before.get(name)));
      try (Stream<Path> s = Files.list(out)) {
        assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("."));
      }
    }
  }

  /**
   * Issue 42, 4: a report's subfolder replaced by a link (OUT/charts -> elsewhere) is refused, naming
   * it: nothing is written through the link, nothing of the folder it points to is taken for the
   * earlier report's and removed, and the earlier report stays as it was.
   */
  @Test
  void aLinkedSubfolderIsRefusedAndNothingIsWrittenThroughIt() throws Exception {
    Path out = temp.resolve("rep");
    report(out, Instant.EPOCH);
    Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
    // the link's target holds files named as the earlier report's charts: they are not the report's
    try (Stream<Path> charts = Files.list(out.resolve("charts"))) {
      for (Path c : charts.toList()) {
        Files.writeString(elsewhere.resolve(c.getFileName()), "the user's own");
      }
    }
    dev.kvbench.run.WorkArea.deleteTree(out.resolve("charts"));
    Files.createSymbolicLink(out.resolve("charts"), elsewhere);
    Map<String, byte[]> before = contents(elsewhere);
    Map<String, byte[]> report = contents(out);
    assertThatThrownBy(() -> report(out, Instant.parse("2026-05-05T00:00:00Z")))
        .isInstanceOf(ReportInputException.class).hasMessageContaining(out.resolve("charts") + " is a link")
        .hasMessageContaining("never writes through a link");
    assertThat(contents(elsewhere)).containsOnlyKeys(before.keySet())
        .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(before.get(name)));
    assertThat(contents(out)).containsOnlyKeys(report.keySet());
    assertThat(Files.isSymbolicLink(out.resolve("charts"))).isTrue();
  }

  /**
   * Issue 42, 5: the staging folder a killed report left is removed by the next report into the
   * folder (and by {@link ReportWriter#removeStaleStaging}); one a running report holds stays.
   */
  @Tag("slow")
  @Test
  void aKilledReportsStagingFolderIsRemovedAndARunningOnesIsKept() throws Exception {
    Path out = temp.resolve("rep");
    report(out, Instant.EPOCH);
    KilledReport.leaveStagingIn(out);
    assertThat(hidden(out)).singleElement().matches(n -> n.startsWith(".kvbench-report-new-"));
    KilledReport.leaveStagingIn(out);
    assertThat(hidden(out)).as("the second report removed the first one's as it opened the folder").hasSize(1);
    ReportFolder running = ReportFolder.open(out);
    Path held = running.staging();
    try {
      assertThat(hidden(out)).as("opening removed the killed ones").containsExactly(held.getFileName().toString());
      KilledReport.leaveStagingIn(out);
      assertThat(ReportWriter.removeStaleStaging(out)).hasSize(1);
      assertThat(hidden(out)).containsExactly(held.getFileName().toString());
      report(out, Instant.parse("2026-05-05T00:00:00Z"));
      assertThat(hidden(out)).as("another report leaves a running one's folder").contains(held.getFileName().toString());
    } finally {
      running.discardStaging();
    }
    assertThat(hidden(out)).isEmpty();
    // a folder of that name that is not recognisably kvbench's (no lock file in it) is never removed
    Path lookalike = Files.createDirectories(out.resolve(".kvbench-report-new-123"));
    Files.writeString(lookalike.resolve("mine.txt"), "mine");
    report(out, Instant.EPOCH);
    assertThat(lookalike.resolve("mine.txt")).hasContent("mine");
  }

  private static List<String> hidden(Path dir) throws java.io.IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).sorted().toList();
    }
  }

  /**
   * Issue 42, 7: a legal but long setting value (a 290-character nativeLib path) makes no file name
   * longer than a file system allows; two cells that differ only far into it keep names of their own.
   */
  @Test
  void aLongSettingValueMakesBoundedUniqueFileNames() throws Exception {
    String longPath = "/opt/" + "x".repeat(280) + "/liblmdb.so";
    List<dev.kvbench.result.CellResult> cells = new ArrayList<>();
    for (String tail : List.of("a", "b")) {
      dev.kvbench.result.CellResult c = Fixtures.cell("alpha", "rnd", Map.of("nativeLib", longPath + tail),
          Fixtures.ORDERED, Fixtures.phase("write", new double[] {10, 11, 12}, 1, 2, 3));
      // as a sweep names its cells: the swept value in the id
      cells.add(new dev.kvbench.result.CellResult(c.cellId() + " nativeLib=" + longPath + tail, c.store(),
          c.library(), c.libraryVersion(), c.capabilities(), c.settings(), c.nativeSettings(), c.parameters(),
          c.phases(), c.storage(), c.outcome(), c.error(), c.diagnostics()));
    }
    Path in = temp.resolve("long.json");
    new ResultFiles().write(Fixtures.document("host-a", cells), in);
    Path out = temp.resolve("long-report");
    ReportWriter.Written w = new ReportWriter("9.9", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC))
        .write(List.of(in), out, false);
    assertThat(w.intervalLogs()).isEqualTo(2);
    List<String> names;
    try (Stream<Path> s = Files.walk(out)) {
      names = s.map(p -> p.getFileName().toString()).toList();
    }
    assertThat(names).allSatisfy(n -> assertThat(n.getBytes(StandardCharsets.UTF_8).length).as(n)
        .isLessThanOrEqualTo(Charts.MAX_STEM + 10));
    try (Stream<Path> s = Files.list(out.resolve("hlog"))) {
      assertThat(s.map(p -> p.getFileName().toString()).distinct()).hasSize(2);
    }
  }

  /** A report folder is made again from its own copies, in place, with or without --with-inputs. */
  @Test
  void aReportInPlaceFromItsOwnInputsKeepsThem() throws Exception {
    Path out = temp.resolve("pub");
    ReportWriter w = new ReportWriter("9.9", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
    w.write(List.of(input), out, false, null, true);
    byte[] copy = Files.readAllBytes(out.resolve("inputs/run.json"));
    w.write(List.of(out.resolve("inputs/run.json")), out, false, null, true);
    assertThat(out.resolve("inputs/run.json")).hasBinaryContent(copy);
    w.write(List.of(out.resolve("inputs/run.json")), out, false, null, false);
    assertThat(out.resolve("inputs/run.json")).as("an input of this report is never deleted").hasBinaryContent(copy);
    assertThat(Files.readString(out.resolve(ReportFolder.MANIFEST))).contains("inputs/run.json");
    // and it stays the report's own: a later report with other inputs replaces it
    w.write(List.of(input), out, false, null, true);
    assertThat(out.resolve("inputs/run.json")).hasBinaryContent(Files.readAllBytes(input));
  }

  private static Map<String, byte[]> contents(Path dir) throws java.io.IOException {
    Map<String, byte[]> all = new java.util.TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        all.put(dir.relativize(p).toString(), Files.readAllBytes(p));
      }
    }
    return all;
  }

  /** A value-size sweep gets a line chart over the value size, a line per store, for each phase and storage. */
  @Test
  void aSweepGetsLineChartsOverTheSweptParameter() throws Exception {
    List<dev.kvbench.result.CellResult> cells = new ArrayList<>();
    for (String store : List.of("alpha", "beta")) {
      for (int size : new int[] {100, 1000, 10000}) {
        dev.kvbench.result.CellResult c = Fixtures.cell(store, "rnd", Map.of(), Fixtures.ORDERED,
            Fixtures.phase("write", new double[] {size / 10.0, size / 9.0, size / 8.0}));
        cells.add(new dev.kvbench.result.CellResult(c.cellId() + " v" + size, c.store(), c.library(),
            c.libraryVersion(), c.capabilities(), c.settings(), c.nativeSettings(),
            new dev.kvbench.result.CellResult.Parameters(1000, "int", 4, size, "rnd", 1000, "nosync", 1, 16, 1, 0, 3),
            c.phases(), c.storage(), c.outcome(), null, null));
      }
    }
    Path sweep = temp.resolve("sweep.json");
    new ResultFiles().write(Fixtures.document("host-s", cells), sweep);
    new ReportWriter("9.9", Clock.systemUTC()).write(List.of(sweep), temp.resolve("s"), false);
    Path chart = temp.resolve("s/charts/host-s-int-keys-rnd-order-1-000-entries-write-by-valuesize.png");
    assertThat(chart).exists();
    assertThat(temp.resolve("s/charts/host-s-int-keys-rnd-order-1-000-entries-storage-by-valuesize.svg")).exists();
    assertThat(Files.readString(temp.resolve("s/README.md")))
        .contains("![write by valueSize](charts/host-s-int-keys-rnd-order-1-000-entries-write-by-valuesize.png)")
        .contains("| write | alpha valueSize=100 B | 11.11 |");
    // VectorGraphics2D draws text as outlines: the SVG holds paths, not strings
    assertThat(Files.readString(temp.resolve("s/charts/host-s-int-keys-rnd-order-1-000-entries-write-by-valuesize.svg")))
        .contains("<svg", "<path");
  }

  @Test
  void notesAreIncludedAsGivenAndNamedInTheCommand() throws Exception {
    Path notes = Files.writeString(temp.resolve("notes.md"), "LMDB is still the fastest reader: 5.50 ms.\n");
    new ReportWriter("9.9", Clock.systemUTC()).write(List.of(input), temp.resolve("n"), false, notes);
    assertThat(Files.readString(temp.resolve("n/README.md")))
        .contains("## Notes and findings", "LMDB is still the fastest reader: 5.50 ms.",
            "--notes " + notes + " --out DIR`");
    assertThatThrownBy(() -> new ReportWriter("9.9", Clock.systemUTC())
        .write(List.of(input), temp.resolve("m"), false, temp.resolve("none.md")))
        .isInstanceOf(ReportInputException.class).hasMessageContaining("none.md");
  }

  /** A folder to publish holds its inputs and notes, names those copies, and can be made again from itself. */
  @Test
  void withInputsTheFolderHoldsWhatItWasMadeFrom() throws Exception {
    Path notes = Files.writeString(temp.resolve("findings.md"), "Findings.\n");
    Path out = temp.resolve("pub");
    new ReportWriter("9.9", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC)).write(List.of(input), out, false, notes, true);
    assertThat(out.resolve("inputs/run.json")).hasSameBinaryContentAs(input);
    assertThat(out.resolve("notes.md")).hasContent("Findings.");
    String md = Files.readString(out.resolve("README.md"));
    assertThat(md).contains("`kvbench report inputs/run.json --notes notes.md --out DIR`", "| inputs/run.json |")
        .doesNotContain(temp.toString());
    // made again in place from its own copies: the same report
    String before = md;
    new ReportWriter("9.9", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC))
        .write(List.of(out.resolve("inputs/run.json")), temp.resolve("again"), false, out.resolve("notes.md"), true);
    assertThat(Files.readString(temp.resolve("again/README.md"))).isEqualTo(before);
  }

  /** A pass of several seconds gets its throughput drawn over time; short ones do not. */
  @Test
  void longPassesGetThroughputOverTime() throws Exception {
    List<dev.kvbench.result.PassResult.ProgressPoint> points = new ArrayList<>();
    for (int i = 0; i <= 20; i++) {
      points.add(new dev.kvbench.result.PassResult.ProgressPoint(i * 250L, i * 50_000L));
    }
    dev.kvbench.result.PassResult pass = dev.kvbench.result.PassResult.of(1_000_000, 5_000_000_000L,
        new dev.kvbench.measure.CpuTime(4000, 900), 1 << 20).withProgress(points);
    dev.kvbench.result.PhaseResult write = dev.kvbench.result.PhaseResult.measured("write", List.of(pass),
        dev.kvbench.result.PhaseResult.Latency.NONE, false, null, null);
    Path slow = temp.resolve("slow.json");
    new ResultFiles().write(Fixtures.document("host-t", List.of(
        Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED, write))), slow);
    new ReportWriter("9.9", Clock.systemUTC()).write(List.of(slow), temp.resolve("t"), false);
    String stem = "host-t-int-keys-rnd-order-1-000-entries-x-100-byte-values-write-throughput";
    assertThat(temp.resolve("t/charts/" + stem + ".png")).exists();
    assertThat(Files.readString(temp.resolve("t/README.md")))
        .contains("![write: throughput over the median pass](charts/" + stem + ".png)");
    // the fixture's passes last milliseconds: no such chart
    report(temp.resolve("short"), Instant.EPOCH);
    try (Stream<Path> s = Files.list(temp.resolve("short/charts"))) {
      assertThat(s.map(Path::toString)).noneMatch(n -> n.contains("throughput"));
    }
  }

  @Test
  void unreadableInputsAreNamed() {
    Path missing = temp.resolve("nope.json");
    assertThatThrownBy(() -> new ReportWriter("9.9", Clock.systemUTC()).write(List.of(missing), temp.resolve("o"), false))
        .isInstanceOf(ReportInputException.class).hasMessageContaining(missing.toString());
  }

  @Test
  void amplificationTableOnADiskAndASentenceInsteadOnATmpfs() throws Exception {
    dev.kvbench.result.PassResult write = dev.kvbench.result.PassResult.of(1000, 10_000_000,
        new dev.kvbench.measure.CpuTime(9, 1), 1).withIo(new dev.kvbench.measure.IoBytes(0, 312_000));
    dev.kvbench.result.PhaseResult phase = dev.kvbench.result.PhaseResult.measured("write", List.of(write),
        dev.kvbench.result.PhaseResult.Latency.NONE, false, null, null)
        .withAmplification(dev.kvbench.result.Amplification.Direction.WRITE, 104);
    dev.kvbench.result.CellResult cell = Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED, phase);
    dev.kvbench.result.ResultDocument onTmpfs = Fixtures.document("host-a", List.of(cell));
    dev.kvbench.result.Environment e = onTmpfs.environment();
    dev.kvbench.result.Environment disk = new dev.kvbench.result.Environment(e.hostname(), e.cpuModel(), e.cores(),
        e.ramBytes(), e.os(), e.kernel(), e.arch(), e.jdkVendor(), e.jdkVersion(), e.jvmName(), e.jvmFlags(),
        "/data/kvbench", "ext4", e.nofileSoft(), e.nofileHard(), e.cpuTimeSource(), e.peakRssPerPhase(),
        e.timerPairNanos(), e.cellJvmFlags(), e.hostChecks());
    dev.kvbench.result.ResultDocument onDisk = new dev.kvbench.result.ResultDocument(onTmpfs.schemaVersion(),
        onTmpfs.kvbenchVersion(), onTmpfs.startedAt(), onTmpfs.scenarioName(), onTmpfs.seed(), onTmpfs.command(),
        onTmpfs.scenario(), null, disk, onTmpfs.cells(), true, List.of());

    Path diskIn = temp.resolve("disk.json");
    Path tmpfsIn = temp.resolve("tmpfs.json");
    new ResultFiles().write(onDisk, diskIn);
    new ResultFiles().write(onTmpfs, tmpfsIn);
    ReportWriter writer = new ReportWriter("9.9", Clock.systemUTC());
    writer.write(List.of(diskIn), temp.resolve("disk"), false);
    writer.write(List.of(tmpfsIn), temp.resolve("tmpfs"), false);

    // 1000 puts of 104 bytes made the device write 312,000: x 3
    assertThat(Files.readString(temp.resolve("disk/README.md")))
        .contains("| write | alpha | write | 0.1 | 0.3 | 3.00 |")
        .doesNotContain("Amplification: not measured");
    assertThat(Files.readString(temp.resolve("tmpfs/README.md")))
        .contains("Amplification: not measured. The work directory (/dev/shm/x) is a tmpfs")
        .doesNotContain("| write | alpha | write |");
  }
}
