package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The presets over time through the built jar, scaled down to a few thousand entries and half a
 * second of their timed phase, every store: each phase ok with every key checked afterwards, or
 * unsupported with the reason; each ok pass a timeline of several intervals; RocksDB's intervals
 * carry its stall counters and LMDB's none; the run exits 0 and prints the over-time table.
 */
class SustainedPresetsIT {

  @TempDir Path temp;

  @ParameterizedTest
  @ValueSource(strings = {"sustained-writes", "churn", "reads-under-writer", "concurrent-writers"})
  void presetRunsForEveryStoreWithATimelineAndEveryKeyChecked(String preset) throws Exception {
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    Path result = temp.resolve(preset + ".json");
    List<String> cmd = new ArrayList<>(JarCommand.of(jar, "run", preset, "--scale", "0.005", "--duration", "500ms", "--interval", "100ms",
        "--forks", "0", "--work-dir", temp.resolve("work").toString(), "--output", result.toString(), "-q"));
    if (preset.equals("reads-under-writer")) {
      // the preset's 19,230 puts a second would be most of a scaled-down store's keys in half a second
      cmd.addAll(List.of("--writer-rate", "2000"));
    }
    Path out = temp.resolve("out.txt");
    Process p = new ProcessBuilder(cmd).directory(temp.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("kvbench exited").isTrue();
    String printed = Files.readString(out);
    assertThat(p.exitValue()).as(printed).isEqualTo(0);
    assertThat(printed).contains("Over time");

    JsonNode doc = new ObjectMapper().readTree(result.toFile());
    int ok = 0;
    for (JsonNode cell : doc.get("cells")) {
      String id = cell.get("cellId").asText();
      assertThat(cell.get("outcome").asText()).as(id).isIn("ran", "unsupported");
      if (cell.get("outcome").asText().equals("unsupported")) {  // every phase refused: nothing loaded
        assertThat(cell.get("error").asText()).as(id).isNotBlank();
        assertThat(cell.path("phases")).as(id).isEmpty();
        continue;
      }
      for (JsonNode phase : cell.get("phases")) {
        String status = phase.get("status").asText();
        assertThat(status).as(id + ": " + phase.path("failure").asText()).isIn("ok", "unsupported");
        if (status.equals("unsupported")) {
          assertThat(phase.get("note").asText()).as(id).isNotBlank();
          continue;
        }
        ok++;
        if (!cell.get("store").asText().equals("null")) {
          assertThat(phase.get("verified").asBoolean()).as(id).isTrue();
        }
        JsonNode timeline = phase.get("passes").get(0).get("timeline");
        assertThat(timeline.get("points").size()).as(id + ": intervals of 100 ms over 500 ms").isGreaterThanOrEqualTo(3);
        assertThat(timeline.get("stalls").get("fraction").asDouble()).isEqualTo(0.5);
        for (JsonNode point : timeline.get("points")) {
          assertThat(point.has(preset.equals("reads-under-writer") ? "reads" : "writes")).as(id).isTrue();
          assertThat(point.get("clientCpuMillis").asDouble()).isGreaterThanOrEqualTo(0);
        }
      }
    }
    assertThat(ok).as("cells that ran the preset's workload").isGreaterThanOrEqualTo(10);
    JsonNode rocksdb = firstPoint(doc, "rocksdb");
    assertThat(rocksdb.get("store").has("stall.total-stops")).as("RocksDB's stall counters each interval").isTrue();
    assertThat(firstPoint(doc, "lmdbjava-agrona").has("store")).as("LMDB keeps no statistics").isFalse();
    if (preset.equals("concurrent-writers")) {
      assertThat(serialised(doc, "lmdbjava-agrona", 2)).as("LMDB takes one writer at a time").isTrue();
      assertThat(serialised(doc, "rocksdb", 2)).as("RocksDB takes several").isFalse();
      assertThat(serialised(doc, "mapdb", 4)).as("MapDB lends its one session in turn").isTrue();
    }
  }

  private static JsonNode firstPoint(JsonNode doc, String store) {
    for (JsonNode cell : doc.get("cells")) {
      if (cell.get("store").asText().equals(store)) {
        return cell.get("phases").get(0).get("passes").get(0).get("timeline").get("points").get(0);
      }
    }
    throw new AssertionError("no " + store + " cell in the result");
  }

  private static boolean serialised(JsonNode doc, String store, int threads) {
    for (JsonNode cell : doc.get("cells")) {
      if (cell.get("store").asText().equals(store) && cell.get("parameters").get("threads").asInt() == threads) {
        return cell.get("phases").get(0).get("passes").get(0).get("timeline").path("writersSerialised").asBoolean();
      }
    }
    throw new AssertionError("no " + store + " cell with " + threads + " threads in the result");
  }
}
