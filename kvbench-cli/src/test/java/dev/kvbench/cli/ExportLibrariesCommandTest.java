package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.resolver.TestRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a fleet's controller and hosts do with store library versions: {@code run
 * --export-libraries} resolves exactly the versions a run asks for (from a repository the test
 * writes, through the user's settings) into a directory with a SHA-256 manifest; a copy of it runs
 * elsewhere with {@code --libraries} and no repository at all, each cell recording the copied jars
 * and their hashes; a jar changed on the way stops the run before any cell.
 */
class ExportLibrariesCommandTest {

  @TempDir static Path dir;
  static Path settings;

  @BeforeAll
  static void publish() throws Exception {
    TestRepository remote = new TestRepository(dir.resolve("remote"));
    remote.publishSlowMap(dir, List.of("1.0", "1.1", "1.2"));
    settings = remote.settingsMirroringAll(dir.resolve("settings.xml"), dir.resolve("local"));
  }

  private static final List<String> RUN = List.of("--stores", "slowmap", "-o", "slowmap.version=1.0,1.2",
      "--entries", "500", "--value-size", "20", "--order", "seq", "--phases", "write,readKey", "--measured", "1",
      "--warmup-passes", "0", "--warmup", "0", "--heap", "96m", "-q");

  private static CliOutcome run(String... more) {
    List<String> args = new ArrayList<>(List.of("run"));
    args.addAll(RUN);
    args.addAll(List.of(more));
    return CliOutcome.run(args.toArray(String[]::new));
  }

  /** A host's copy of an export: the directory moved, as a deploy copies it. */
  private static Path copyOf(Path export, String name) throws Exception {
    Path host = dir.resolve(name);
    Files.createDirectories(host);
    try (var files = Files.list(export)) {
      for (Path f : files.toList()) {
        Files.copy(f, host.resolve(f.getFileName()));
      }
    }
    return host.resolve("libraries.json");
  }

  private static String sha256(Path file) throws Exception {
    return java.util.HexFormat.of().formatHex(
        java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }

  @Tag("slow")
  @Test
  void anExportedCopyRunsEveryVersionWithoutARepository() throws Exception {
    Path export = dir.resolve("export");
    CliOutcome exported = run("--maven-settings", settings.toString(), "--export-libraries", export.toString());
    assertThat(exported.code()).as(exported.out() + exported.err()).isZero();
    assertThat(exported.out()).contains("exported 2 store libraries (2 jars) to " + export.resolve("libraries.json"))
        .contains("org.example.kvbench:slowmap 1.0: 1 jar", "org.example.kvbench:slowmap 1.2: 1 jar")
        .contains("run with: --libraries " + export.resolve("libraries.json"));
    // nothing ran: no results were written
    assertThat(dir.resolve("kvbench-results")).doesNotExist();

    Path manifest = copyOf(export, "host");
    Path results = dir.resolve("host-results.json");
    // no settings: --libraries asks no repository (and refuses --maven-settings beside it)
    CliOutcome hostRun = run("--libraries", manifest.toString(), "--output", results.toString(),
        "--work-dir", dir.resolve("host-work").toString());
    assertThat(hostRun.code()).as(hostRun.out() + hostRun.err()).isZero();
    JsonNode document = new ObjectMapper().readTree(results.toFile());
    List<String> versions = new ArrayList<>();
    for (JsonNode cell : document.get("cells")) {
      assertThat(cell.get("outcome").asText()).isEqualTo("ran");
      for (JsonNode phase : cell.get("phases")) {
        assertThat(phase.get("status").asText()).as(cell.get("cellId") + " " + phase).isEqualTo("ok");
      }
      JsonNode jar = cell.get("libraryJars").get(0);
      Path path = Path.of(java.net.URI.create(jar.get("path").asText()));
      assertThat(path.getParent()).isEqualTo(manifest.getParent());
      assertThat(jar.get("sha256").asText()).isEqualTo(sha256(path));
      versions.add(jar.get("coordinates").asText());
    }
    assertThat(versions).containsExactlyInAnyOrder("org.example.kvbench:slowmap:jar:1.0",
        "org.example.kvbench:slowmap:jar:1.2");
    CliOutcome both = run("--libraries", manifest.toString(), "--maven-settings", settings.toString());
    assertThat(both.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(both.err()).contains("leave out --maven-settings");
  }

  @Test
  void aChangedJarOrAVersionTheExportLacksStopsTheRunBeforeAnyCell() throws Exception {
    Path export = dir.resolve("export-damaged");
    assertThat(run("--maven-settings", settings.toString(), "--export-libraries", export.toString()).code()).isZero();
    Path manifest = copyOf(export, "host-damaged");
    Path jar;
    try (var files = Files.list(manifest.getParent())) {
      jar = files.filter(p -> p.toString().endsWith("slowmap-1.2.jar")).findFirst().orElseThrow();
    }
    Files.write(jar, new byte[] {'P', 'K'}, java.nio.file.StandardOpenOption.APPEND);
    Path results = dir.resolve("damaged.json");
    CliOutcome o = run("--libraries", manifest.toString(), "--output", results.toString());
    assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(o.err()).contains(jar + " (org.example.kvbench:slowmap:jar:1.2) has SHA-256")
        .contains("copy the exported directory again");
    assertThat(results).doesNotExist();

    CliOutcome lacking = CliOutcome.run("run", "--stores", "slowmap", "-o", "slowmap.version=1.1",
        "--libraries", manifest.toString(), "--entries", "500");
    assertThat(lacking.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(lacking.err()).contains("has no org.example.kvbench:slowmap 1.1");
  }
}
