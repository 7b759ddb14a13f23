package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.StorageSize;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scripts read these names: they are pinned here. */
class ResultFilesTest {

  @TempDir Path temp;

  static Environment environment() {
    return new Environment("host-a", "cpu", 2, 1L << 34, "Linux", "6.1", "amd64", "vendor", "17", "vm",
        List.of("-Xmx1g"), "/dev/shm/x", "tmpfs", 1024, 4096, "getrusage", true, 47.0, List.of("-Xmx2g", "-XX:+ExitOnOutOfMemoryError"),
        List.of(new dev.kvbench.host.HostCheck("swap", "off", dev.kvbench.host.HostCheck.Severity.OK, "")));
  }

  static CellResult cell() {
    Histogram puts = new Histogram(3_600_000_000_000L, 3);
    puts.recordValue(1_000);
    puts.recordValue(2_000);
    Histogram commits = new Histogram(3_600_000_000_000L, 3);
    commits.recordValue(7_000);
    PhaseResult write = PhaseResult.measured("write", List.of(
            PassResult.of(10, 1_500_000, new CpuTime(1.0, 0.5), 1 << 20),
            PassResult.of(10, 1_700_000, new CpuTime(1.0, 0.5), 1 << 20)),
        new PhaseResult.Latency(puts, commits, new PhaseResult.LatencySampling(16, 2, 47)), false, null, "note");
    PhaseResult seq = PhaseResult.unsupported("readSeq", "no cursor");
    return new CellResult("lmdbjava-bb int seq 10x100 batch=all nosync", "lmdbjava-bb", "org.lmdbjava:lmdbjava",
        "0.9.3", new dev.kvbench.store.Capabilities(true, true, true, true,
            java.util.EnumSet.allOf(dev.kvbench.store.Durability.class), true, true, 511, 1 << 30),
        Map.of("writeMap", "true"), Map.of("mapSizeBytes", 1024),
        new CellResult.Parameters(10, "int", 4, 100, "seq", 10, "nosync", 1, 16, 2, 1000, 3),
        List.of(write, seq), StorageResult.of(new StorageSize(100, 200), new StorageSize(300, 400), 1040),
        CellResult.Outcome.RAN, null, null);
  }

  static ResultDocument sample() {
    return new ResultDocument(ResultDocument.SCHEMA_VERSION, "0.1", "now", "quick", 1, List.of("run"),
        "name: quick\n", "1/1", environment(), List.of(cell()), true, List.of());
  }

  @Test
  void roundTripsAndKeepsTheContractNames() throws Exception {
    ResultFiles files = new ResultFiles();
    Path file = temp.resolve("r.json");
    files.write(sample(), file);
    assertThat(files.read(file)).isEqualTo(sample());
    // a document before 0.7 wrote measuredPasses: it reads the same
    Path older = temp.resolve("older.json");
    String text = java.nio.file.Files.readString(file);
    assertThat(text).contains("\"measured\" : 3");
    java.nio.file.Files.writeString(older, text.replace("\"measured\" : 3", "\"measuredPasses\" : 3"));
    assertThat(files.read(older)).isEqualTo(sample());

    JsonNode root = new ObjectMapper().readTree(file.toFile());
    assertThat(root.get("schemaVersion").asInt()).isEqualTo(3);
    assertThat(root.get("completed").asBoolean()).isTrue();
    assertThat(root.get("scenario").asText()).startsWith("name: quick");
    JsonNode env = root.get("environment");
    for (String name : List.of("cpuModel", "cores", "ramBytes", "os", "kernel", "jdkVendor", "jdkVersion", "jvmFlags",
        "workDirFileSystem", "nofileSoft", "nofileHard")) {
      assertThat(env.has(name)).as(name).isTrue();
    }
    JsonNode cell = root.get("cells").get(0);
    assertThat(cell.get("cellId").asText()).isEqualTo("lmdbjava-bb int seq 10x100 batch=all nosync");
    assertThat(cell.get("outcome").asText()).isEqualTo("ran");
    assertThat(cell.get("store").asText()).isEqualTo("lmdbjava-bb");
    assertThat(cell.get("libraryVersion").asText()).isEqualTo("0.9.3");
    assertThat(cell.get("capabilities").get("orderedScan").asBoolean()).isTrue();
    assertThat(cell.get("settings").get("writeMap").asText()).isEqualTo("true");
    // the setting's name, as scenario files and --measured say it
    assertThat(cell.get("parameters").get("measured").asInt()).isEqualTo(3);
    assertThat(cell.get("parameters").has("measuredPasses")).isFalse();
    JsonNode phase = cell.get("phases").get(0);
    for (String name : List.of("phase", "status", "ops", "passMillis", "minPassMillis", "maxPassMillis", "opsPerSec",
        "nsPerOp", "passes", "latencyNanos", "latencyHistogram", "commitLatencyHistogram", "cpu", "peakRssBytes",
        "verified", "noisyPasses", "unsteadyForks")) {
      assertThat(phase.has(name)).as(name).isTrue();
    }
    assertThat(phase.get("status").asText()).isEqualTo("ok");
    assertThat(phase.get("passMillis").asDouble()).as("median of two is the lower").isEqualTo(1.5);
    assertThat(phase.get("maxPassMillis").asDouble()).isEqualTo(1.7);
    assertThat(phase.get("passes")).hasSize(2);
    assertThat(phase.get("latencyNanos").fieldNames()).toIterable()
        .contains("p50", "p90", "p99", "p999", "p9999", "max");
    Histogram back = HistogramCodec.decode(phase.get("latencyHistogram").asText());
    assertThat(back.getTotalCount()).isEqualTo(2);
    assertThat(back.getMaxValue()).isBetween(1_999L, 2_001L);
    assertThat(phase.get("cpu").fieldNames()).toIterable().contains("userMillis", "sysMillis");
    assertThat(cell.get("phases").get(1).get("status").asText()).isEqualTo("unsupported");
    JsonNode storage = cell.get("storage");
    assertThat(storage.get("allocatedBytes").get("beforeClose").asLong()).isEqualTo(100);
    assertThat(storage.get("allocatedBytes").get("afterClose").asLong()).isEqualTo(300);
    assertThat(storage.get("apparentBytes").get("beforeClose").asLong()).isEqualTo(200);
    assertThat(storage.get("apparentBytes").get("afterClose").asLong()).isEqualTo(400);
  }

  @Test
  void theJournalKeepsEveryCellDurablyRefusesASecondWriterAndResumes() throws Exception {
    Path doc = temp.resolve("run.json");
    RunHeader header = new RunHeader(ResultDocument.SCHEMA_VERSION, "0.1", "now", "quick", 1, List.of("run"), "name: quick\n", "1/1",
        environment());
    try (RunJournal j = RunJournal.create(doc, header)) {
      j.add(cell());
      assertThat(new ResultFiles().read(doc).cells()).hasSize(1);
      assertThat(new ResultFiles().read(doc).completed()).isFalse();
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunJournal.create(doc, header))
          .hasMessageContaining("already exists");
    }
    // a crash cut the last line short: resume keeps what came before, leaves the torn line as it is
    // (reported as damaged) and writes its own lines after it, each whole
    java.nio.file.Files.writeString(RunJournal.journalOf(doc), "{\"cell\":{\"cellId\":\"torn",
        java.nio.file.StandardOpenOption.APPEND);
    try (RunJournal j = RunJournal.resume(doc, List.of("run", "--resume"))) {
      assertThat(j.finishedCells()).containsOnlyKeys(cell().cellId());
      assertThat(j.warnings()).singleElement().asString().contains("line 3 of", "damaged");
      j.markResumed(List.of("run", "--resume"), new WorkDirectory("/dev/shm/kvbench-1", true));
      ResultDocument done = j.finish(true);
      assertThat(done.completed()).isTrue();
      assertThat(done.resumedAt()).hasSize(1);
    }
    try (RunJournal again = RunJournal.resume(doc, List.of("run", "--resume"))) {
      again.markResumed(List.of("run", "--resume"), new WorkDirectory("/dev/shm/kvbench-2", true));
      assertThat(again.finish(true).resumedAt()).as("earlier resumptions are kept").hasSize(2);
      assertThat(again.earlierWorkDirectories()).extracting(WorkDirectory::path).containsExactly("/dev/shm/kvbench-1");
    }
    assertThat(RunJournal.read(doc).damaged()).extracting(JournalContents.Damage::line).containsExactly(3L);
    List<JournalLine> lines = RunJournal.read(doc).lines();
    assertThat(lines.get(0).run()).isEqualTo(header);
    assertThat(lines.get(1).cell()).isEqualTo(cell());
    assertThat(lines.get(2).resumed()).isNotNull();
    assertThat(lines.get(3).end().completed()).isTrue();
    assertThat(lines).hasSize(6);
    assertThat(lines.get(4).resumed()).isNotNull();
    assertThat(new ResultFiles().read(doc).completed()).isTrue();
  }
}
