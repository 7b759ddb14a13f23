package dev.kvbench.cli;

import dev.kvbench.resolver.BundleLibraryResolver;
import dev.kvbench.resolver.MavenLibraryResolver;
import dev.kvbench.resolver.MavenSetup;
import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line's {@link LibraryResolver}: Maven Resolver over the user's settings, started on
 * first use (most runs ask for no library version and never read the settings), or an exported
 * bundle's manifest ({@code --libraries}), read at once so a wrong path stops the command first.
 */
final class LazyLibraryResolver implements LibraryResolver, AutoCloseable {

  private final Path settings;
  private final boolean offline;
  private final BundleLibraryResolver bundle;
  private MavenLibraryResolver resolver;

  LazyLibraryResolver(Path settings, boolean offline) {
    this(settings, offline, null);
  }

  private LazyLibraryResolver(Path settings, boolean offline, BundleLibraryResolver bundle) {
    this.settings = settings;
    this.offline = offline;
    this.bundle = bundle;
  }

  /** Every library from the bundle {@code manifest} describes; a manifest that cannot be read is a usage error. */
  static LazyLibraryResolver fromBundle(Path manifest) {
    try {
      return new LazyLibraryResolver(null, true, new BundleLibraryResolver(manifest));
    } catch (LibraryResolutionException e) {
      throw new UsageException("--libraries: " + e.getMessage(), e);
    }
  }

  private synchronized LibraryResolver resolver() {
    if (bundle != null) {
      return bundle;
    }
    if (resolver == null) {
      resolver = new MavenLibraryResolver(MavenSetup.fromSettings(settings).offline(offline));
    }
    return resolver;
  }

  @Override
  public ResolvedLibrary resolve(LibraryRequest request, String version) {
    return resolver().resolve(request, version);
  }

  @Override
  public List<String> versions(String groupArtifact, String range) {
    return resolver().versions(groupArtifact, range);
  }

  @Override
  public boolean inRange(String version, String range) {
    return resolver().inRange(version, range);
  }

  /**
   * Which repositories versions come from and which local repository keeps them, in a line: a
   * checkout's build may have used another (-Dmaven.repo.local), and a user must know which this is.
   */
  synchronized String describe() {
    if (bundle != null) {
      return "library versions come from the --libraries bundle";
    }
    MavenSetup setup = MavenSetup.fromSettings(settings).offline(offline);
    return "library versions come from " + (setup.offline() ? "the local Maven repository alone"
        : setup.remotes().stream().map(r -> r.getUrl()).collect(java.util.stream.Collectors.joining(", ")))
        + ", kept in " + setup.localRepository() + " (from " + MavenSetup.localRepositoryOrigin() + "; another with"
        + " MAVEN_OPTS=-Dmaven.repo.local=DIR or --maven-settings FILE)";
  }

  @Override
  public synchronized void close() {
    if (resolver != null) {
      resolver.close();
    }
  }
}
