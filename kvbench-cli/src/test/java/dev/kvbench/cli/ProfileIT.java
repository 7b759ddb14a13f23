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
 * {@code run --profile jfr} and {@code --profile async} through kvbench.jar: each fork leaves a
 * recording that the JDK's own {@code jfr summary} reads, and the report links a flame graph of
 * each.
 */
class ProfileIT {

  @TempDir Path temp;

  private String run(String... args) throws Exception {
    Path out = Files.createTempFile(temp, "out", ".txt");
    Process p = new ProcessBuilder(args).directory(temp.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("exited").isTrue();
    assertThat(p.exitValue()).as(Files.readString(out)).isZero();
    return Files.readString(out);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"jfr", "async"})
  void everyForkLeavesARecordingJfrReadsAndTheReportLinksItsFlameGraph(String profiler) throws Exception {
    String jfr = Path.of(System.getProperty("java.home"), "bin", "jfr").toString();
    String jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath().toString();
    Path result = temp.resolve("p.json");
    run(JarCommand.of(Path.of(jar), "run", "--stores", "lmdbjava-agrona", "--entries", "200k", "--order", "rnd", "--phases",
        "write,readKey", "--forks", "2", "--measured", "2", "--warmup-passes", "0", "--warmup", "0", "--profile", profiler,
        "--work-dir", temp.resolve("work").toString(), "--output", result.toString(), "-q").toArray(String[]::new));
    JsonNode cell = new ObjectMapper().readTree(result.toFile()).get("cells").get(0);
    List<String> recordings = new ArrayList<>();
    cell.get("profiles").forEach(p -> recordings.add(p.get("recording").asText()));
    assertThat(recordings).hasSize(2);
    for (String r : recordings) {
      // the Flight Recorder samples Java and native code apart; async-profiler's CPU samples hold both
      assertThat(run(jfr, "summary", r)).contains("jdk.ExecutionSample");
    }
    assertThat(cell.get("profiles").get(0).get("profiler").asText()).startsWith(profiler);
    Path report = temp.resolve("report");
    run(JarCommand.of(Path.of(jar), "report", result.toString(), "--out", report.toString()).toArray(String[]::new));
    String md = Files.readString(report.resolve("README.md"));
    assertThat(md).contains("## Profiles", "[flame graph](flame/");
    try (var flames = Files.list(report.resolve("flame"))) {
      assertThat(flames.filter(f -> f.toString().endsWith(".html")).count()).isEqualTo(2);
    }
  }
}
