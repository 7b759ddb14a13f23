package dev.kvbench.resolver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.LibraryJar;
import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.ResolvedLibrary;
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
 * Resolution against a repository the test writes (a {@code file:} URL, no network): the library
 * and its dependencies land in the local repository with their hashes; offline with nothing local
 * names the artifact and the fix; versions are listed from the repository's metadata; a user's
 * settings (local repository, mirror of central, offline) are obeyed.
 */
class MavenLibraryResolverTest {

  @TempDir static Path dir;
  static TestRepository remote;

  @BeforeAll
  static void publish() {
    remote = new TestRepository(dir.resolve("remote"));
    remote.publishExampleLibrary(dir, List.of("1.0", "1.1", "1.2", "2.0"));
  }

  static MavenSetup online(Path local) {
    return new MavenSetup(local, List.of(new RemoteRepository.Builder("test", "default", remote.url()).build()), false,
        new DefaultMirrorSelector(), new DefaultProxySelector(), new DefaultAuthenticationSelector());
  }

  @Test
  void resolvesTheLibraryAndItsDependenciesIntoTheLocalRepositoryWithTheirHashes() throws Exception {
    Path local = Files.createTempDirectory(dir, "local");
    try (MavenLibraryResolver r = new MavenLibraryResolver(online(local))) {
      ResolvedLibrary lib = r.resolve(LibraryRequest.of("org.example:lib"), "1.1");
      assertThat(lib.version()).isEqualTo("1.1");
      assertThat(lib.jars()).extracting(LibraryJar::coordinates)
          .containsExactly("org.example:lib:jar:1.1", "org.example:helper:jar:2.0");
      for (LibraryJar j : lib.jars()) {
        assertThat(j.path()).startsWith(local).exists();
        assertThat(j.sha256()).isEqualTo(MavenLibraryResolver.sha256(j.path())).hasSize(64);
      }
      assertThat(Files.readAllBytes(lib.jars().get(0).path())).isEqualTo(Files.readAllBytes(dir.resolve("lib-1.1.jar")));
    }
    // a second resolver, offline, finds them where the first one kept them
    try (MavenLibraryResolver offline = new MavenLibraryResolver(MavenSetup.localOnly(local))) {
      assertThat(offline.resolve(LibraryRequest.of("org.example:lib"), "1.1").jars()).hasSize(2);
    }
  }

  /**
   * Issue 42, 14: a jar of the local repository changed since it was downloaded (8 bytes appended)
   * is refused where the repository kept its checksum file beside it, naming the jar and the fix;
   * one that matches its checksum is used.
   */
  @Test
  void aJarThatDiffersFromItsChecksumFileIsRefused() throws Exception {
    Path local = Files.createTempDirectory(dir, "local");
    Path jar;
    try (MavenLibraryResolver r = new MavenLibraryResolver(online(local))) {
      jar = r.resolve(LibraryRequest.of("org.example:lib"), "1.0").jars().get(0).path();
    }
    byte[] sha1 = java.security.MessageDigest.getInstance("SHA-1").digest(Files.readAllBytes(jar));
    Files.writeString(jar.resolveSibling(jar.getFileName() + ".sha1"), java.util.HexFormat.of().formatHex(sha1));
    try (MavenLibraryResolver offline = new MavenLibraryResolver(MavenSetup.localOnly(local))) {
      assertThat(offline.resolve(LibraryRequest.of("org.example:lib"), "1.0").jars()).hasSize(2);
    }
    Files.write(jar, new byte[8], java.nio.file.StandardOpenOption.APPEND);
    try (MavenLibraryResolver offline = new MavenLibraryResolver(MavenSetup.localOnly(local))) {
      assertThatThrownBy(() -> offline.resolve(LibraryRequest.of("org.example:lib"), "1.0"))
          .isInstanceOf(LibraryResolutionException.class)
          .hasMessageContaining(jar.toString())
          .hasMessageContaining("does not match its checksum file " + jar.getFileName() + ".sha1")
          .hasMessageContaining("rm " + jar);
    }
  }

  @Test
  void offlineWithTheArtifactMissingNamesItAndHowToFetchIt() throws Exception {
    Path local = Files.createTempDirectory(dir, "empty");
    try (MavenLibraryResolver r = new MavenLibraryResolver(MavenSetup.localOnly(local))) {
      assertThatThrownBy(() -> r.resolve(LibraryRequest.of("org.example:lib"), "1.2"))
          .isInstanceOf(LibraryResolutionException.class)
          .hasMessageContaining("org.example:lib:jar:1.2")
          .hasMessageContaining(local.toString())
          .hasMessageContaining("mvn dependency:get -Dartifact=org.example:lib:1.2");
    }
  }

  @Test
  void aVersionTheRepositoryLacksIsNamed() throws Exception {
    try (MavenLibraryResolver r = new MavenLibraryResolver(online(Files.createTempDirectory(dir, "local")))) {
      assertThatThrownBy(() -> r.resolve(LibraryRequest.of("org.example:lib"), "9.9"))
          .isInstanceOf(LibraryResolutionException.class)
          .hasMessageContaining("org.example:lib:jar:9.9")
          .hasMessageContaining(remote.url());
    }
  }

  @Test
  void listsTheVersionsInARange() throws Exception {
    try (MavenLibraryResolver r = new MavenLibraryResolver(online(Files.createTempDirectory(dir, "local")))) {
      assertThat(r.versions("org.example:lib", "[1.0,1.2]")).containsExactly("1.0", "1.1", "1.2");
      assertThat(r.versions("org.example:lib", "[1.1,2.0]")).containsExactly("1.1", "1.2", "2.0");
      assertThat(r.versions("org.example:lib", "[0,)")).containsExactly("1.0", "1.1", "1.2", "2.0");
    }
  }

  @Test
  void versionRangesAreMavens() throws Exception {
    try (MavenLibraryResolver r = new MavenLibraryResolver(MavenSetup.localOnly(dir))) {
      assertThat(r.inRange("0.8.3", "[0.8,0.10)")).isTrue();
      assertThat(r.inRange("0.9.3", "[0.8,0.10)")).isTrue();
      assertThat(r.inRange("0.10.0", "[0.8,0.10)")).isFalse();
      assertThat(r.inRange("0.7.0", "[0.8,0.10)")).isFalse();
      assertThatThrownBy(() -> r.inRange("1.0", "[1.0")).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("[1.0");
    }
  }

  @Test
  void aUsersSettingsGiveTheLocalRepositoryAndMirrorCentral() throws Exception {
    Path local = dir.resolve("settings-local");
    Path settings = dir.resolve("settings.xml");
    Files.writeString(settings, """
        <settings>
          <localRepository>%s</localRepository>
          <mirrors><mirror><id>company</id><mirrorOf>central</mirrorOf><url>%s</url></mirror></mirrors>
        </settings>""".formatted(local, remote.url()));
    MavenSetup setup = MavenSetup.fromSettings(settings);
    assertThat(setup.localRepository()).isEqualTo(local);
    assertThat(setup.offline()).isFalse();
    assertThat(setup.remotes()).extracting(RemoteRepository::getId).containsExactly("central");
    // central is reached through its mirror: the test repository, not the internet
    try (MavenLibraryResolver r = new MavenLibraryResolver(setup)) {
      assertThat(r.resolve(LibraryRequest.of("org.example:lib"), "1.0").jars().get(0).path()).startsWith(local);
    }
  }

  @Test
  void offlineInTheSettingsOrForcedIsObeyed() throws Exception {
    Path settings = dir.resolve("offline-settings.xml");
    Files.writeString(settings, "<settings><offline>true</offline></settings>");
    assertThat(MavenSetup.fromSettings(settings).offline()).isTrue();
    Path plain = dir.resolve("plain-settings.xml");
    Files.writeString(plain, "<settings/>");
    assertThat(MavenSetup.fromSettings(plain).offline()).isFalse();
    assertThat(MavenSetup.fromSettings(plain).offline(true).offline()).isTrue();
    assertThatThrownBy(() -> MavenSetup.fromSettings(dir.resolve("missing.xml")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("missing.xml");
  }

  /**
   * Issue 63: ./kvbench list versions and -o STORE.version resolved into ~/.m2 though the build used
   * -Dmaven.repo.local: it is honoured as mvn honours it, from this JVM or MAVEN_OPTS.
   */
  @Test
  void mavenRepoLocalFromThisJvmOrMavenOptsWinsOverTheSettings() {
    assertThat(MavenSetup.repoLocalOverride("/a/repo", "-Dmaven.repo.local=/b")).contains(Path.of("/a/repo"));
    assertThat(MavenSetup.repoLocalOverride(null, "-Xmx1g -Dmaven.repo.local=/b/repo -q")).contains(Path.of("/b/repo"));
    assertThat(MavenSetup.repoLocalOverride(null, "-Dmaven.repo.local='/c d/repo'")).contains(Path.of("/c d/repo"));
    assertThat(MavenSetup.repoLocalOverride(null, "-Xmx1g")).isEmpty();
    assertThat(MavenSetup.repoLocalOverride(" ", null)).isEmpty();
  }
}
