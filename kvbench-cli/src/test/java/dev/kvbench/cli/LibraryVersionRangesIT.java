package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every store whose library version can be chosen runs the oldest version its adapter claims (the
 * lower end of {@link StoreProvider#supportedVersions()}), resolved from Maven Central through the
 * built jar, each cell in its own JVM with that version's jars: every phase ok and every read
 * verified, the version and its jars recorded. The newest end is the bundled version, which every
 * other test runs.
 */
class LibraryVersionRangesIT {

  @TempDir Path temp;

  @Test
  void everyVersionableStoreRunsTheOldestVersionItClaims() throws Exception {
    Map<String, String> oldest = new HashMap<>();
    List<String> args = new ArrayList<>(List.of("run", "--entries", "2000", "--value-size", "100", "--order", "rnd",
        "--phases", "write,readKey,readSeq", "--forks", "1", "--measured", "1", "--warmup-passes", "0", "--warmup",
        "0", "--work-dir", temp.resolve("work").toString(), "--output", temp.resolve("oldest.json").toString(), "-q"));
    for (StoreProvider p : StoreRegistry.load().all()) {
      // the stores kvbench.jar has, not the test-only ones on this test's class path
      boolean inTheJar = p.getClass().getName().startsWith("dev.kvbench.stores.");
      if (!inTheJar || p.versionedArtifacts().isEmpty() || !p.availability().available()) {
        continue;
      }
      String range = p.supportedVersions();
      assertThat(range).as(p.id() + "'s range starts with its oldest version, included").startsWith("[");
      String low = range.substring(1, range.contains(",") ? range.indexOf(',') : range.indexOf(']'));
      oldest.put(p.id(), low);
      args.add("-o");
      args.add(p.id() + ".version=" + low);
    }
    args.add("--stores");
    args.add(String.join(",", oldest.keySet()));
    assertThat(oldest).containsKeys("rocksdb", "lmdbjava-agrona", "lmdbjava-bb", "xodus", "mvstore", "mapdb", "sqlite", "bdb-je",
        "leveldb-java");

    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    List<String> cmd = new ArrayList<>(JarCommand.of(jar));
    cmd.addAll(args);
    Path out = temp.resolve("out.txt");
    Process p = new ProcessBuilder(cmd).directory(temp.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(20, TimeUnit.MINUTES)).as("kvbench exited").isTrue();
    assertThat(p.exitValue()).as(Files.readString(out)).isZero();

    JsonNode doc = new ObjectMapper().readTree(temp.resolve("oldest.json").toFile());
    Map<String, Integer> cells = new HashMap<>();
    for (JsonNode cell : doc.get("cells")) {
      String store = cell.get("store").asText();
      String what = cell.get("cellId").asText();
      assertThat(cell.get("outcome").asText()).as(what + ": " + cell.path("error").asText()).isEqualTo("ran");
      assertThat(cell.get("libraryVersion").asText()).as(what).isEqualTo(oldest.get(store));
      assertThat(cell.get("libraryJars")).as(what).isNotEmpty();
      assertThat(cell.get("libraryJars").get(0).get("sha256").asText()).as(what).hasSize(64);
      for (JsonNode phase : cell.get("phases")) {
        assertThat(phase.get("status").asText()).as(what + " " + phase.get("phase").asText()).isEqualTo("ok");
        if (!phase.get("phase").asText().equals("write")) {
          assertThat(phase.get("verified").asBoolean()).as(what + " " + phase.get("phase").asText()).isTrue();
        }
      }
      cells.merge(store, 1, Integer::sum);
    }
    assertThat(cells.keySet()).containsExactlyInAnyOrderElementsOf(oldest.keySet());
  }

  /**
   * A native library per cell: LmdbJava's liblmdb swept between the bundled one and Debian's
   * (test.sh installs liblmdb0), and libmdbx loaded from a file given by nativeLib; each cell records
   * the file and the library's own version.
   */
  @Test
  void nativeLibrariesArePerCellSettings() throws Exception {
    Path debian = Path.of("/usr/lib/x86_64-linux-gnu/liblmdb.so.0");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(debian),
        "Debian's liblmdb0 is not installed (test.sh installs it on x86-64)");
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    Path mdbx = temp.resolve("libmdbx-copy.so");
    try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
      var entry = z.getEntry("dev/kvbench/stores/libmdbx/native/linux-x86_64/libmdbx.so");
      org.junit.jupiter.api.Assumptions.assumeTrue(entry != null, "this kvbench.jar was built without libmdbx");
      Files.copy(z.getInputStream(entry), mdbx);
    }
    List<String> cmd = new ArrayList<>(JarCommand.of(jar, "run", "--stores", "lmdbjava-agrona,libmdbx", "--entries", "2000", "--order", "seq",
        "--phases", "write,readKey", "--forks", "1", "--measured", "1", "--warmup-passes", "0", "--warmup", "0",
        "-o", "lmdbjava-agrona.nativeLib=bundled," + debian, "-o", "libmdbx.nativeLib=" + mdbx,
        "--work-dir", temp.resolve("work").toString(), "--output", temp.resolve("native.json").toString(), "-q"));
    Path out = temp.resolve("native.txt");
    Process p = new ProcessBuilder(cmd).directory(temp.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("kvbench exited").isTrue();
    assertThat(p.exitValue()).as(Files.readString(out)).isZero();
    Map<String, JsonNode> byLib = new HashMap<>();
    for (JsonNode cell : new ObjectMapper().readTree(temp.resolve("native.json").toFile()).get("cells")) {
      assertThat(cell.get("outcome").asText()).as(cell.get("cellId").asText()).isEqualTo("ran");
      byLib.put(cell.get("store").asText() + " " + cell.get("settings").get("nativeLib").asText(), cell);
    }
    assertThat(byLib.get("lmdbjava-agrona bundled").get("nativeSettings").get("lmdbVersion").asText())
        .isEqualTo("0.9.33");
    JsonNode fromDebian = byLib.get("lmdbjava-agrona " + debian).get("nativeSettings");
    assertThat(fromDebian.get("lmdbVersion").asText()).isEqualTo("0.9.24");
    assertThat(fromDebian.get("nativeLibrary").asText()).contains(debian.toString());
    JsonNode copied = byLib.get("libmdbx " + mdbx).get("nativeSettings");
    assertThat(copied.get("nativeLibrary").asText()).contains("nativeLib=" + mdbx);
    assertThat(copied.toString()).contains("0.13");
  }

  /**
   * The version presets, scaled down: every version's cells ran and were verified, and the report
   * charts each phase by version.
   */
  @Test
  void theVersionPresetsRunScaledDownAndTheReportChartsThemByVersion() throws Exception {
    Path jar = Path.of(System.getProperty("kvbench.jar", "target/kvbench.jar")).toAbsolutePath();
    for (String preset : List.of("lmdbjava-versions", "rocksdb-versions")) {
      Path result = temp.resolve(preset + ".json");
      Path out = temp.resolve(preset + ".txt");
      // one key order of the preset's two: every version still runs (the orders are the same code each time)
      Process run = new ProcessBuilder(JarCommand.of(jar, "run", preset, "--scale", "0.002", "--forks", "1",
          "--order", "rnd", "--measured", "1", "--warmup-passes", "0", "--warmup", "0", "--work-dir", temp.resolve("w-" + preset).toString(),
          "--output", result.toString(), "-q")).directory(temp.toFile()).redirectErrorStream(true)
          .redirectOutput(out.toFile()).start();
      assertThat(run.waitFor(20, TimeUnit.MINUTES)).as(preset).isTrue();
      assertThat(run.exitValue()).as(Files.readString(out)).isZero();
      JsonNode doc = new ObjectMapper().readTree(result.toFile());
      java.util.Set<String> versions = new java.util.TreeSet<>();
      for (JsonNode cell : doc.get("cells")) {
        String what = cell.get("cellId").asText() + ": " + cell.path("error").asText();
        if (cell.get("outcome").asText().equals("unsupported")) {
          // LmdbJava 0.9.2's liblmdb needs glibc 2.38: on an older host its cells say so, and nothing fails
          assertThat(cell.get("error").asText()).as(what).contains("does not load on this host", "GLIBC");
          continue;
        }
        assertThat(cell.get("outcome").asText()).as(what).isEqualTo("ran");
        versions.add(cell.get("libraryVersion").asText());
      }
      assertThat(versions).as(preset).hasSizeGreaterThanOrEqualTo(4);
      Path report = temp.resolve("report-" + preset);
      Process r = new ProcessBuilder(JarCommand.of(jar, "report", result.toString(), "--out",
          report.toString())).directory(temp.toFile()).redirectErrorStream(true)
          .redirectOutput(temp.resolve(preset + "-report.txt").toFile()).start();
      assertThat(r.waitFor(5, TimeUnit.MINUTES)).isTrue();
      assertThat(r.exitValue()).as(Files.readString(temp.resolve(preset + "-report.txt"))).isZero();
      String md = Files.readString(report.resolve("README.md"));
      assertThat(md).as(preset).contains("By library version", "write by library version", "-by-version.png");
    }
  }
}
