package dev.kvbench.resolver;

import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * Store library versions taken only from an exported {@link LibraryBundle}, each jar checked by its
 * SHA-256 before a cell loads it; no repository is asked. What a fleet's hosts run with.
 */
public final class BundleLibraryResolver implements LibraryResolver {

  private final LibraryBundle bundle;

  /** @throws dev.kvbench.runner.versions.LibraryResolutionException where {@code manifest} cannot be read */
  public BundleLibraryResolver(Path manifest) {
    this.bundle = LibraryBundle.read(manifest);
  }

  @Override
  public ResolvedLibrary resolve(LibraryRequest request, String version) {
    return bundle.resolve(request, version);
  }

  /** The versions of {@code groupArtifact} in {@code range} that the bundle holds, oldest first. */
  @Override
  public List<String> versions(String groupArtifact, String range) {
    return bundle.versionsOf(groupArtifact).stream()
        .filter(v -> VersionRanges.contains(range, v))
        .sorted(Comparator.comparing(VersionRanges::parse))
        .toList();
  }

  @Override
  public boolean inRange(String version, String range) {
    return VersionRanges.contains(range, version);
  }
}
