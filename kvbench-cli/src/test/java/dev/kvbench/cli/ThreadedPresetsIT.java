package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The threaded presets through the built jar, scaled down to 2,000 entries and one measured pass
 * each, every store: each phase ok with every read verified, or unsupported with the reason, and
 * the run exits 0.
 */
class ThreadedPresetsIT {

  @TempDir Path temp;

  @ParameterizedTest
  @ValueSource(strings = {"readers", "ycsb-a", "ycsb-b", "ycsb-c", "ycsb-d", "ycsb-e", "ycsb-f"})
  void presetRunsForEveryStoreThatSupportsItWithEveryReadVerified(String preset) throws Exception {
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    Path result = temp.resolve(preset + ".json");
    List<String> cmd = new ArrayList<>(JarCommand.of(jar, "run", preset, "--scale", "0.002", "--forks", "0", "--warmup-passes", "0",
        "--warmup", "0", "--measured", "1", "--work-dir", temp.resolve("work").toString(), "--output",
        result.toString(), "-q"));
    Path out = temp.resolve("out.txt");
    Process p = new ProcessBuilder(cmd).directory(temp.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(240, TimeUnit.SECONDS)).as("kvbench exited").isTrue();
    String printed = Files.readString(out);
    assertThat(printed).contains("Threaded workloads", "x 1 thread");

    JsonNode doc = new ObjectMapper().readTree(result.toFile());
    Map<String, String> statusByCell = new HashMap<>();
    int ok = 0;
    for (JsonNode cell : doc.get("cells")) {
      String id = cell.get("cellId").asText();
      assertThat(cell.get("outcome").asText()).as(id).isIn("ran", "unsupported");
      if (cell.get("outcome").asText().equals("unsupported")) {  // every phase refused: nothing loaded
        assertThat(cell.get("error").asText()).as(id).isNotBlank();
        assertThat(cell.path("phases")).as(id).isEmpty();
        statusByCell.put(id, "unsupported");
        continue;
      }
      for (JsonNode phase : cell.get("phases")) {
        String status = phase.get("status").asText();
        statusByCell.put(id, status);
        assertThat(status).as(id + ": " + phase.path("failure").asText()).isIn("ok", "unsupported");
        if (status.equals("unsupported")) {
          assertThat(phase.get("note").asText()).as(id).isNotBlank();
          continue;
        }
        ok++;
        JsonNode threaded = phase.get("threaded");
        assertThat(threaded.get("threads").asInt()).isEqualTo(cell.get("parameters").get("threads").asInt());
        assertThat(threaded.get("perThread")).hasSize(threaded.get("threads").asInt());
        assertThat(threaded.get("latencyMeasuredFrom").asText()).isEqualTo("op start (service time)");
        assertThat(phase.get("cpuNanosPerOp").asDouble()).isPositive();
        if (!cell.get("store").asText().equals("null")) {
          assertThat(phase.get("verified").asBoolean()).as(id).isTrue();
        }
      }
    }
    assertThat(ok).as("cells that ran the preset's workload").isGreaterThanOrEqualTo(12);
    assertThat(p.exitValue()).as(printed).isEqualTo(0);
    if (preset.equals("readers")) {
      assertThat(statusByCell).containsEntry("lmdbjava-bb int rnd 2000x100 batch=all nosync threads=4", "ok")
          .containsEntry("mapdb int rnd 2000x100 batch=all nosync threads=2", "unsupported");
    }
    // the preset gives libmdbx an autosync threshold, recorded in the cell's settings: without it
    // libmdbx's nosync mode fills its map under small write transactions
    JsonNode libmdbx = cellOf(doc, "libmdbx");
    assertThat(libmdbx.get("settings").get("syncBytes").asText()).isEqualTo("4m");
    assertThat(libmdbx.get("nativeSettings").get("syncBytes").asLong()).isEqualTo(4L << 20);
    if (preset.equals("ycsb-a")) {
      // LMDB's single writer cannot serve two writing clients; RocksDB's writers can
      assertThat(statusByCell).containsEntry("lmdbjava-bb ycsb seq 2000x1140 batch=all nosync content=ycsb threads=2", "unsupported")
          .containsEntry("rocksdb ycsb seq 2000x1140 batch=all nosync content=ycsb threads=2", "ok");
    }
  }

  private static JsonNode cellOf(JsonNode doc, String store) {
    for (JsonNode cell : doc.get("cells")) {
      if (cell.get("store").asText().equals(store)) {
        return cell;
      }
    }
    throw new AssertionError("no " + store + " cell in the result");
  }
}
