package dev.kvbench.runner.versions;

import dev.kvbench.store.LibraryJar;
import java.util.List;

/**
 * A store library at one version with its runtime dependencies: what a cell's JVM loads in place
 * of the library kvbench bundles.
 *
 * @param request what was asked for
 * @param version the version resolved
 * @param jars the library's jars and its dependencies', the library's own first
 */
public record ResolvedLibrary(LibraryRequest request, String version, List<LibraryJar> jars) {

  public ResolvedLibrary {
    jars = List.copyOf(jars);
    if (jars.isEmpty()) {
      throw new IllegalArgumentException(request + ":" + version + " resolved to no jar");
    }
  }
}
