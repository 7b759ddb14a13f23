package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other seeds' presets (issue 12) through the built jar, scaled down, each run then reported:
 * every phase ok with its reads verified, and the report showing the seed's tables and charts.
 * The work directory is the test's temp directory (a disk here), so write_bytes counts.
 */
class SeedPresetsIT {

  @TempDir Path temp;

  private record Outcome(int code, String printed) {}

  private Outcome kvbench(String... args) throws Exception {
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    List<String> cmd = new ArrayList<>(JarCommand.of(jar));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(temp, "out", ".txt");
    Process p = new ProcessBuilder(cmd).directory(temp.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("kvbench exited").isTrue();
    return new Outcome(p.exitValue(), Files.readString(out));
  }

  /** Runs {@code preset} with {@code flags}, checks every phase, and returns its report's README. */
  private String runAndReport(String preset, String... flags) throws Exception {
    Path result = temp.resolve(preset + ".json");
    List<String> args = new ArrayList<>(List.of("run", preset, "--forks", "0", "--warmup-passes", "0", "--warmup",
        "0", "--measured", "1", "--work-dir", temp.resolve("work-" + preset).toString(), "--output",
        result.toString(), "-q"));
    args.addAll(List.of(flags));
    Outcome run = kvbench(args.toArray(String[]::new));
    assertThat(run.code()).as(run.printed()).isZero();
    JsonNode doc = new ObjectMapper().readTree(result.toFile());
    assertThat(doc.get("cells")).isNotEmpty();
    for (JsonNode cell : doc.get("cells")) {
      for (JsonNode phase : cell.get("phases")) {
        String what = cell.get("cellId").asText() + " " + phase.get("phase").asText();
        assertThat(phase.get("status").asText()).as(what + ": " + phase.path("failure").asText()).isEqualTo("ok");
        if (!phase.get("phase").asText().equals("write")) {
          assertThat(phase.get("verified").asBoolean()).as(what).isTrue();
        }
      }
    }
    Path report = temp.resolve("report-" + preset);
    Outcome r = kvbench("report", result.toString(), "--out", report.toString());
    assertThat(r.code()).as(r.printed()).isZero();
    return Files.readString(report.resolve("README.md"));
  }

  @Test
  void uuidChurnTracesEveryCommitAndChartsTheBytesWrittenPerCommit() throws Exception {
    String md = runAndReport("uuid-churn", "--scale", "0.2", "--stores", "lmdbjava-bb,rocksdb");

    // 2,000 entries in 100 commits of 20 puts (--scale keeps the commits)
    assertThat(md).contains("### Per-commit trace", "| lmdbjava-bb uuid4/seq | write | 100 |",
        "| lmdbjava-bb uuid7/seq | write | 100 |", "| rocksdb uuid4/seq | write | 100 |",
        "![bytes written per commit](charts/");
    assertThat(md).contains("Amplification of the median pass", "| open to close | lmdbjava-bb | write |");
  }

  @Test
  void symasCompressShowsEveryCodecWithItsStorageCpuAndMemory() throws Exception {
    String md = runAndReport("symas-compress", "--scale", "0.002");

    for (String codec : List.of("snappy", "lz4", "zstd", "deflate", "bzip2")) {
      assertThat(md).as(codec).contains("codec=" + codec);
    }
    assertThat(md).contains("| write |", "| readKey |", "| overwrite |", "Storage after close",
        "CPU user ms", "Peak RSS MB");
  }

  @Test
  void symasCompressSyncAndEnginesRun() throws Exception {
    assertThat(runAndReport("symas-compress-sync", "--scale", "0.1")).contains("codec=bzip2", "| write |");
    assertThat(runAndReport("symas-compress-engines", "--scale", "0.01"))
        .contains("rocksdb", "compression=zstd", "leveldbjni", "Storage after close");
  }
}
