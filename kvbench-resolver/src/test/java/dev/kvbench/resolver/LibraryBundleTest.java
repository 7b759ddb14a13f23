package dev.kvbench.resolver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.ResolvedLibrary;
import dev.kvbench.store.LibraryJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.util.repository.DefaultAuthenticationSelector;
import org.eclipse.aether.util.repository.DefaultMirrorSelector;
import org.eclipse.aether.util.repository.DefaultProxySelector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Libraries exported where a repository is reachable and resolved elsewhere from the copy alone:
 * the same jars, byte for byte, under the same coordinates and hashes; a damaged, missing or absent
 * one is refused with what to do; the export holds only what was resolved through it.
 */
class LibraryBundleTest {

  @TempDir static Path dir;
  static TestRepository remote;

  @BeforeAll
  static void publish() {
    remote = new TestRepository(dir.resolve("remote"));
    remote.publishExampleLibrary(dir, List.of("1.0", "1.1", "1.2"));
  }

  static final LibraryRequest LIB = LibraryRequest.of("org.example:lib");

  /** Resolves 1.0 and 1.2 through an export from the test repository; returns the manifest. */
  static Path exportTwoVersions(Path into) throws Exception {
    MavenSetup setup = new MavenSetup(Files.createTempDirectory(dir, "local"),
        List.of(new RemoteRepository.Builder("test", "default", remote.url()).build()), false,
        new DefaultMirrorSelector(), new DefaultProxySelector(), new DefaultAuthenticationSelector());
    try (MavenLibraryResolver maven = new MavenLibraryResolver(setup)) {
      LibraryExport export = new LibraryExport(maven);
      export.resolve(LIB, "1.0");
      export.resolve(LIB, "1.2");
      export.resolve(LIB, "1.2");
      assertThat(export.resolved()).extracting(ResolvedLibrary::version).containsExactly("1.0", "1.2");
      return export.writeTo(into);
    }
  }

  @Test
  void aCopiedExportResolvesTheSameJarsWithoutARepository() throws Exception {
    Path manifest = exportTwoVersions(dir.resolve("export"));
    assertThat(manifest.getFileName().toString()).isEqualTo(LibraryBundle.MANIFEST);
    // the shared helper jar is stored once; the manifest and three jars, nothing else
    try (var files = Files.list(manifest.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).hasSize(4).contains("libraries.json");
    }
    // moved elsewhere, as a fleet's deploy copies it to a host
    Path host = dir.resolve("host-dist");
    Files.createDirectories(host);
    try (var files = Files.list(manifest.getParent())) {
      for (Path f : files.toList()) {
        Files.copy(f, host.resolve(f.getFileName()));
      }
    }
    BundleLibraryResolver shipped = new BundleLibraryResolver(host.resolve(LibraryBundle.MANIFEST));
    ResolvedLibrary lib = shipped.resolve(LIB, "1.2");
    assertThat(lib.jars()).extracting(LibraryJar::coordinates)
        .containsExactly("org.example:lib:jar:1.2", "org.example:helper:jar:2.0");
    for (LibraryJar j : lib.jars()) {
      assertThat(j.path()).startsWith(host);
      assertThat(j.sha256()).isEqualTo(MavenLibraryResolver.sha256(j.path()));
    }
    assertThat(Files.readAllBytes(lib.jars().get(0).path())).isEqualTo(Files.readAllBytes(dir.resolve("lib-1.2.jar")));
    assertThat(shipped.versions("org.example:lib", "[0,)")).containsExactly("1.0", "1.2");
    assertThat(shipped.versions("org.example:lib", "[1.1,)")).containsExactly("1.2");
    assertThat(shipped.inRange("1.1", "[1.0,1.2)")).isTrue();
    // a version the export did not hold is named, with what it has and how to export it
    assertThatThrownBy(() -> shipped.resolve(LIB, "1.1"))
        .isInstanceOf(LibraryResolutionException.class)
        .hasMessageContaining("org.example:lib 1.1")
        .hasMessageContaining("org.example:lib 1.0")
        .hasMessageContaining("--export-libraries");
  }

  @Test
  void aChangedOrMissingJarIsRefusedByItsHash() throws Exception {
    Path manifest = exportTwoVersions(dir.resolve("damaged"));
    BundleLibraryResolver shipped = new BundleLibraryResolver(manifest);
    Path libJar = shipped.resolve(LIB, "1.0").jars().get(0).path();
    byte[] bytes = Files.readAllBytes(libJar);
    bytes[bytes.length / 2] ^= 1;
    Files.write(libJar, bytes);
    assertThatThrownBy(() -> shipped.resolve(LIB, "1.0"))
        .isInstanceOf(LibraryResolutionException.class)
        .hasMessageContaining(libJar.toString())
        .hasMessageContaining("has SHA-256 " + MavenLibraryResolver.sha256(libJar))
        .hasMessageContaining("copy the exported directory again");
    Files.delete(libJar);
    assertThatThrownBy(() -> shipped.resolve(LIB, "1.0"))
        .isInstanceOf(LibraryResolutionException.class)
        .hasMessageContaining(libJar + " is missing");
  }

  @Test
  void aMissingOrForeignManifestIsNamedWithTheFix() throws Exception {
    assertThatThrownBy(() -> new BundleLibraryResolver(dir.resolve("nowhere/libraries.json")))
        .isInstanceOf(LibraryResolutionException.class)
        .hasMessageContaining("nowhere/libraries.json does not exist")
        .hasMessageContaining("--export-libraries DIR");
    Path foreign = dir.resolve("foreign.json");
    Files.writeString(foreign, "{\"format\": \"something-else\", \"libraries\": []}");
    assertThatThrownBy(() -> new BundleLibraryResolver(foreign))
        .isInstanceOf(LibraryResolutionException.class)
        .hasMessageContaining("not a kvbench library manifest");
    Path escaping = dir.resolve("escaping.json");
    Files.writeString(escaping, """
        {"format": "kvbench-libraries/1", "libraries": [{"request": ["a:b"], "version": "1",
         "jars": [{"coordinates": "a:b:jar:1", "file": "../../etc/passwd", "sha256": "00"}]}]}""");
    assertThatThrownBy(() -> new BundleLibraryResolver(escaping))
        .isInstanceOf(LibraryResolutionException.class)
        .hasMessageContaining("outside its directory");
  }

  @Test
  void anExportGoesOnlyIntoANewEmptyOrEarlierExportDirectory() throws Exception {
    Path used = dir.resolve("someone-elses");
    Files.createDirectories(used);
    Files.writeString(used.resolve("notes.txt"), "mine");
    assertThatThrownBy(() -> exportTwoVersions(used))
        .isInstanceOf(LibraryResolutionException.class)
        .hasMessageContaining("holds other files");
    assertThat(used.resolve("notes.txt")).hasContent("mine");
    Path again = dir.resolve("again");
    exportTwoVersions(again);
    Path manifest = exportTwoVersions(again);
    assertThat(new BundleLibraryResolver(manifest).resolve(LIB, "1.0").jars()).hasSize(2);
  }
}
