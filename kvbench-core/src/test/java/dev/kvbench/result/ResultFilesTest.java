package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.measure.StorageSize;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scripts read these names: they are pinned here. */
class ResultFilesTest {

  @TempDir Path temp;

  static ResultDocument sample() {
    Environment env = new Environment("cpu", 2, 1L << 34, "Linux", "6.1", "amd64", "vendor", "17", "vm",
        List.of("-Xmx1g"), "/dev/shm/x", "tmpfs", 1024, 4096, "getrusage", true, 47.0);
    PhaseResult write = new PhaseResult("write", PhaseStatus.OK, 10, 1.5, 6666.6, 150, new LatencySummary(1, 2, 3, 4, 5, 6, 2, 10),
        new LatencySummary(7, 7, 7, 7, 7, 7, 7, 1), new PhaseResult.LatencySampling(16, 10, 47), new CpuTime(1.0, 0.5),
        1 << 20, false, null, "note");
    PhaseResult seq = PhaseResult.unsupported("readSeq", "no cursor");
    CellResult cell = new CellResult("lmdbjava-bb", "org.lmdbjava:lmdbjava", "0.9.3",
        new dev.kvbench.store.Capabilities(true, true, true, true,
            java.util.EnumSet.allOf(dev.kvbench.store.Durability.class), true, true, 511, 1 << 30),
        Map.of("writeMap", "true"),
        Map.of("mapSizeBytes", 1024), new CellResult.Parameters(10, "int", 4, 100, "seq", 10, "nosync", 1, 16, 0),
        List.of(write, seq), StorageResult.of(new StorageSize(100, 200), new StorageSize(300, 400), 1040), null);
    return new ResultDocument(ResultDocument.SCHEMA_VERSION, "0.1", "now", 1, List.of("run"), env, List.of(cell));
  }

  @Test
  void roundTripsAndKeepsTheContractNames() throws Exception {
    ResultFiles files = new ResultFiles();
    Path file = temp.resolve("r.json");
    files.write(sample(), file);
    assertThat(files.read(file)).isEqualTo(sample());

    JsonNode root = new ObjectMapper().readTree(file.toFile());
    assertThat(root.get("schemaVersion").asInt()).isEqualTo(1);
    JsonNode env = root.get("environment");
    for (String name : List.of("cpuModel", "cores", "ramBytes", "os", "kernel", "jdkVendor", "jdkVersion", "jvmFlags",
        "workDirFileSystem", "nofileSoft", "nofileHard")) {
      assertThat(env.has(name)).as(name).isTrue();
    }
    JsonNode cell = root.get("cells").get(0);
    assertThat(cell.get("store").asText()).isEqualTo("lmdbjava-bb");
    assertThat(cell.get("libraryVersion").asText()).isEqualTo("0.9.3");
    assertThat(cell.get("capabilities").get("orderedScan").asBoolean()).isTrue();
    assertThat(cell.get("settings").get("writeMap").asText()).isEqualTo("true");
    JsonNode phase = cell.get("phases").get(0);
    for (String name : List.of("phase", "status", "ops", "passMillis", "opsPerSec", "nsPerOp", "latencyNanos", "cpu",
        "peakRssBytes", "verified")) {
      assertThat(phase.has(name)).as(name).isTrue();
    }
    assertThat(phase.get("status").asText()).isEqualTo("ok");
    assertThat(phase.get("latencyNanos").fieldNames()).toIterable()
        .contains("p50", "p90", "p99", "p999", "p9999", "max");
    assertThat(phase.get("cpu").fieldNames()).toIterable().contains("userMillis", "sysMillis");
    assertThat(cell.get("phases").get(1).get("status").asText()).isEqualTo("unsupported");
    JsonNode storage = cell.get("storage");
    assertThat(storage.get("allocatedBytes").get("beforeClose").asLong()).isEqualTo(100);
    assertThat(storage.get("allocatedBytes").get("afterClose").asLong()).isEqualTo(300);
    assertThat(storage.get("apparentBytes").get("beforeClose").asLong()).isEqualTo(200);
    assertThat(storage.get("apparentBytes").get("afterClose").asLong()).isEqualTo(400);
  }
}
