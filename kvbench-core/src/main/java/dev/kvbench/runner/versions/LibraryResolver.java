package dev.kvbench.runner.versions;

import java.util.List;

/**
 * Finds a store library's jars at a given version, so a cell can run another version than the
 * one kvbench bundles. kvbench-resolver implements it with Maven Resolver; tests and embedders may
 * give their own.
 */
public interface LibraryResolver {

  /** No resolver: a library embedding kvbench-core without kvbench-resolver. Every use names the fix. */
  LibraryResolver NONE = new LibraryResolver() {
    private static final String WHY = "this run asks for a store library version other than the bundled one, which"
        + " needs a LibraryResolver: add dev.kvbench:kvbench-resolver and pass its MavenLibraryResolver to the"
        + " runner (the kvbench command line does)";

    @Override
    public ResolvedLibrary resolve(LibraryRequest request, String version) {
      throw new LibraryResolutionException(WHY);
    }

    @Override
    public List<String> versions(String groupArtifact, String range) {
      throw new LibraryResolutionException(WHY);
    }

    @Override
    public boolean inRange(String version, String range) {
      throw new LibraryResolutionException(WHY);
    }
  };

  /**
   * The request's artifacts at {@code version} with their runtime dependencies, downloaded into the
   * local repository where they are missing and allowed to be fetched.
   *
   * @throws LibraryResolutionException naming the artifact that could not be had and what to do
   */
  ResolvedLibrary resolve(LibraryRequest request, String version);

  /**
   * The released versions of {@code groupArtifact} in {@code range} (a Maven version range, e.g.
   * {@code [1.0,1.8]} or {@code [0,)}), oldest first, as the repositories list them.
   *
   * @throws LibraryResolutionException where the repositories cannot be asked
   */
  List<String> versions(String groupArtifact, String range);

  /** Whether {@code version} lies in {@code range}, a Maven version range such as {@code [0.8,0.10)}. */
  boolean inRange(String version, String range);
}
