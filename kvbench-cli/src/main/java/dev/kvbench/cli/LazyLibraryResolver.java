package dev.kvbench.cli;

import dev.kvbench.resolver.MavenLibraryResolver;
import dev.kvbench.resolver.MavenSetup;
import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line's {@link LibraryResolver}: Maven Resolver over the user's settings, started on
 * first use (most runs ask for no library version and never read the settings).
 */
final class LazyLibraryResolver implements LibraryResolver, AutoCloseable {

  private final Path settings;
  private final boolean offline;
  private MavenLibraryResolver resolver;

  LazyLibraryResolver(Path settings, boolean offline) {
    this.settings = settings;
    this.offline = offline;
  }

  private synchronized MavenLibraryResolver resolver() {
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

  @Override
  public synchronized void close() {
    if (resolver != null) {
      resolver.close();
    }
  }
}
