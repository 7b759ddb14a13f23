package dev.kvbench.runner.versions;

import dev.kvbench.store.LibraryJar;
import java.util.List;

/**
 * The library a forked cell runs its store through, handed to the cell's JVM in its plan: the
 * provider class to load through a {@link LibraryClassLoader} over {@code jars}, or {@link
 * #BUNDLED} for the library in kvbench's own jar.
 *
 * @param providerClass the store provider's class name; its package is the adapter's
 * @param version the library version the jars hold
 * @param jars the library's jars and its dependencies'
 */
public record CellLibrary(String providerClass, String version, List<LibraryJar> jars) {

  /** The library kvbench bundles: the cell's JVM loads its store as any other. */
  public static final CellLibrary BUNDLED = new CellLibrary("", "", List.of());

  public CellLibrary {
    jars = jars == null ? List.of() : List.copyOf(jars);
  }

  public boolean bundled() {
    return jars.isEmpty();
  }

  /** The package of the adapter, which the loader defines itself so it links against {@code jars}. */
  public String adapterPackage() {
    int dot = providerClass.lastIndexOf('.');
    return dot < 0 ? "" : providerClass.substring(0, dot);
  }
}
