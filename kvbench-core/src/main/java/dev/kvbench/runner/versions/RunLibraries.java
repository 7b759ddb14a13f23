package dev.kvbench.runner.versions;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The library versions a run's cells ask for, resolved once before the first cell runs, so a
 * version that cannot be had stops the run before anything is measured (and a fleet host needs
 * no repository). A version outside what the adapter drives is refused, all of them at once,
 * before any is resolved: a typo must not pass as a run whose cells were merely unsupported.
 */
public final class RunLibraries {

  /** No cell of the run swaps its library. */
  public static final RunLibraries NONE = new RunLibraries(Map.of());

  private final Map<String, CellLibrary> resolved;

  private RunLibraries(Map<String, CellLibrary> resolved) {
    this.resolved = resolved;
  }

  /**
   * Resolves every library version {@code cells} ask for through {@code resolver}, telling {@code
   * progress} each one it starts. Throws {@link LibraryResolutionException} for one that cannot be
   * had, and, before resolving any, for every one outside the range its adapter drives.
   */
  public static RunLibraries resolve(List<CellParams> cells, StoreRegistry registry, LibraryResolver resolver,
      Consumer<String> progress) {
    requireInRange(cells, registry, resolver);
    Map<String, CellLibrary> resolved = new LinkedHashMap<>();
    for (CellParams cell : cells) {
      if (!cell.setup().swapsLibrary()) {
        continue;
      }
      StoreProvider provider = registry.require(cell.storeId());
      String version = cell.setup().libraryVersion();
      String key = key(cell.storeId(), version);
      if (resolved.containsKey(key)) {
        continue;
      }
      LibraryRequest request = new LibraryRequest(provider.versionedArtifacts());
      progress.accept("resolving " + request + " " + version);
      ResolvedLibrary r = resolver.resolve(request, version);
      resolved.put(key, new CellLibrary(provider.getClass().getName(), r.version(), r.jars()));
    }
    return new RunLibraries(resolved);
  }

  /**
   * Refuses, naming every one, the versions {@code cells} ask for that their adapters do not drive
   * (a typo, {@code LATEST}, a release the adapter's API does not fit): the run would measure nothing
   * of them.
   */
  public static void requireInRange(List<CellParams> cells, StoreRegistry registry, LibraryResolver resolver) {
    Map<String, String> outside = new LinkedHashMap<>();
    for (CellParams cell : cells) {
      if (!cell.setup().swapsLibrary()) {
        continue;
      }
      StoreProvider provider = registry.require(cell.storeId());
      String version = cell.setup().libraryVersion();
      if (!resolver.inRange(version, provider.supportedVersions())) {
        outside.putIfAbsent(key(cell.storeId(), version), cell.storeId() + ".version " + version + ": kvbench's "
            + cell.storeId() + " adapter drives " + provider.library() + " " + provider.supportedVersions()
            + ", and " + version + " is outside that range; give a version in it (kvbench list versions "
            + cell.storeId() + " lists the released ones)");
      }
    }
    if (!outside.isEmpty()) {
      throw new LibraryResolutionException(String.join("; ", outside.values()));
    }
  }

  /** What {@code cell}'s JVM loads its store from. */
  public CellLibrary libraryOf(CellParams cell) {
    if (!cell.setup().swapsLibrary()) {
      return CellLibrary.BUNDLED;
    }
    CellLibrary library = resolved.get(key(cell.storeId(), cell.setup().libraryVersion()));
    if (library == null) {
      throw new IllegalStateException(cell.id() + ": its library version was not resolved before the run");
    }
    return library;
  }

  /**
   * The provider results of {@code cell} are recorded under: {@code provider} itself, or, for a
   * cell that swaps its library, one that names the version it asked for.
   */
  public static StoreProvider recordedAs(CellParams cell, StoreProvider provider) {
    return cell.setup().swapsLibrary() ? new VersionedProvider(provider, cell.setup().libraryVersion()) : provider;
  }

  private static String key(String storeId, String version) {
    return storeId + "@" + version;
  }
}
