package dev.kvbench.resolver;

import dev.kvbench.store.LibraryJar;
import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.LocalRepository;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.resolution.VersionRangeResult;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.version.Version;

/**
 * kvbench-core's {@link LibraryResolver} on Maven Resolver: a store library at another version,
 * with its runtime dependencies, from the user's local repository, else from the remote ones
 * their settings name (mirrors applied), kept in the local repository for the next run.
 */
public final class MavenLibraryResolver implements LibraryResolver, AutoCloseable {

  private final MavenSetup setup;
  private final RepositorySystem system;
  private final RepositorySystemSession.CloseableSession session;
  private final List<RemoteRepository> remotes;
  // a run resolves each version once, however many cells and forks ask for it
  private final Map<String, ResolvedLibrary> resolved = new ConcurrentHashMap<>();

  public MavenLibraryResolver(MavenSetup setup) {
    this.setup = setup;
    this.system = new RepositorySystemSupplier().get();
    this.session = new SessionBuilderSupplier(system).get()
        // "simple": a jar already in the local repository is used whichever repository it came from,
        // so an offline run (or a host the jars were copied to) finds what an online one fetched
        .withLocalRepositories(new LocalRepository(setup.localRepository(), "simple"))
        .setOffline(setup.offline())
        .setMirrorSelector(setup.mirrors())
        .setProxySelector(setup.proxies())
        .setAuthenticationSelector(setup.credentials())
        .build();
    this.remotes = system.newResolutionRepositories(session, setup.remotes());
  }

  /** Where resolved jars are kept. */
  public Path localRepository() {
    return setup.localRepository();
  }

  @Override
  public ResolvedLibrary resolve(LibraryRequest request, String version) {
    return resolved.computeIfAbsent(request + "@" + version, k -> resolveNow(request, version));
  }

  private ResolvedLibrary resolveNow(LibraryRequest request, String version) {
    CollectRequest collect = new CollectRequest();
    for (String entry : request.artifacts()) {
      collect.addDependency(new Dependency(new DefaultArtifact(published(entry, version)), JavaScopes.RUNTIME));
    }
    collect.setRepositories(remotes);
    List<ArtifactResult> results;
    try {
      results = system.resolveDependencies(session,
          new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME))).getArtifactResults();
    } catch (DependencyResolutionException e) {
      throw new LibraryResolutionException(whyNot(request, version, e), e);
    }
    List<LibraryJar> jars = new ArrayList<>();
    for (ArtifactResult r : results) {
      Artifact a = r.getArtifact();
      if (a.getPath() != null && a.getExtension().equals("jar")) {
        requireChecksumsMatch(a.getPath());
        jars.add(new LibraryJar(a.toString(), a.getPath(), sha256(a.getPath())));
      }
    }
    return new ResolvedLibrary(request, version, jars);
  }

  /**
   * The first alternative of {@code entry} published at {@code version}; the last one when none is,
   * so the error names it.
   */
  private String published(String entry, String version) {
    List<String> alternatives = LibraryRequest.alternatives(entry);
    for (String a : alternatives.subList(0, alternatives.size() - 1)) {
      try {
        system.resolveArtifact(session, new ArtifactRequest(new DefaultArtifact(coordinates(a, version)), remotes, null));
        return coordinates(a, version);
      } catch (ArtifactResolutionException notPublished) {
        // try the next one
      }
    }
    return coordinates(alternatives.get(alternatives.size() - 1), version);
  }

  private String whyNot(LibraryRequest request, String version, DependencyResolutionException e) {
    List<String> missing = new ArrayList<>();
    if (e.getResult() != null) {
      for (ArtifactResult r : e.getResult().getArtifactResults()) {
        if (!r.isResolved()) {
          missing.add(r.getRequest().getArtifact().toString());
        }
      }
    }
    String what = missing.isEmpty() ? request + " " + version : String.join(", ", missing);
    if (setup.offline()) {
      return what + " is not in the local repository " + setup.localRepository() + " and resolution is offline: "
          + "fetch it once online (mvn dependency:get -Dartifact="
          + coordinates(LibraryRequest.alternatives(request.artifacts().get(0)).get(0), version)
          + "), or run without offline";
    }
    return "cannot resolve " + what + " from " + remotes.stream().map(RemoteRepository::getUrl).toList() + ": "
        + rootMessage(e) + "; check that the version exists (kvbench list versions STORE) and that the "
        + "repositories in your Maven settings are reachable";
  }

  @Override
  public List<String> versions(String groupArtifact, String range) {
    String[] ga = groupArtifact.split(":");
    if (ga.length != 2) {
      throw new IllegalArgumentException("'" + groupArtifact + "' is not group:artifact");
    }
    VersionRangeRequest request = new VersionRangeRequest(
        new DefaultArtifact(ga[0], ga[1], "jar", range), remotes, null);
    VersionRangeResult result;
    try {
      result = system.resolveVersionRange(session, request);
    } catch (VersionRangeResolutionException e) {
      throw new LibraryResolutionException("cannot list the versions of " + groupArtifact + ": " + rootMessage(e), e);
    }
    List<String> out = new ArrayList<>();
    for (Version v : result.getVersions()) {
      if (!v.toString().endsWith("-SNAPSHOT")) {
        out.add(v.toString());
      }
    }
    return out;
  }

  @Override
  public boolean inRange(String version, String range) {
    return VersionRanges.contains(range, version);
  }

  @Override
  public void close() {
    session.close();
    system.shutdown();
  }

  /** {@code group:artifact} or {@code group:artifact:extension:classifier} at {@code version}. */
  static String coordinates(String artifact, String version) {
    return artifact + ":" + version;
  }

  /** The checksum files a repository keeps beside an artifact, by the digest each holds. */
  private static final java.util.Map<String, String> CHECKSUM_FILES = new java.util.LinkedHashMap<>();

  static {
    CHECKSUM_FILES.put(".sha512", "SHA-512");
    CHECKSUM_FILES.put(".sha256", "SHA-256");
    CHECKSUM_FILES.put(".sha1", "SHA-1");
    CHECKSUM_FILES.put(".md5", "MD5");
  }

  /**
   * Refuses a jar of the local repository that differs from a checksum file beside it (changed,
   * cut or replaced since it was downloaded): a run would record the wrong library's SHA-256 as if
   * it were the release's. Where the repository kept no checksum file there is nothing to check.
   */
  static void requireChecksumsMatch(Path jar) {
    for (java.util.Map.Entry<String, String> e : CHECKSUM_FILES.entrySet()) {
      Path sum = jar.resolveSibling(jar.getFileName() + e.getKey());
      if (!Files.isRegularFile(sum)) {
        continue;
      }
      String expected;
      try {
        // "hex" or "hex  file name", as repositories and tools write them
        expected = Files.readString(sum, java.nio.charset.StandardCharsets.US_ASCII).trim().split("\\s+")[0]
            .toLowerCase(java.util.Locale.ROOT);
      } catch (IOException | java.io.UncheckedIOException ex) {
        continue;
      }
      String actual = digest(jar, e.getValue());
      if (!actual.equals(expected)) {
        throw new LibraryResolutionException(jar + " does not match its checksum file " + sum.getFileName() + " ("
            + e.getValue() + " " + actual + ", expected " + expected + "): it was changed or damaged after it was"
            + " downloaded. Delete it (rm " + jar + ") and run again, which downloads it afresh");
      }
      return; // the strongest digest the repository kept agrees
    }
  }

  static String sha256(Path file) {
    return digest(file, "SHA-256");
  }

  private static String digest(Path file, String algorithm) {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest d = MessageDigest.getInstance(algorithm);
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        d.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(d.digest());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getMessage();
  }
}
