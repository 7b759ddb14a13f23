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
    for (Swap swap : swaps(cells, registry)) {
      if (resolved.containsKey(swap.key())) {
        continue;
      }
      LibraryRequest request = new LibraryRequest(swap.provider().versionedArtifacts());
      progress.accept("resolving " + request + " " + swap.version());
      ResolvedLibrary r = resolver.resolve(request, swap.version());
      resolved.put(swap.key(), new CellLibrary(swap.provider().getClass().getName(), r.version(), r.jars()));
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
    for (Swap swap : swaps(cells, registry)) {
      StoreProvider provider = swap.provider();
      String store = swap.store();
      if (!resolver.inRange(swap.version(), provider.supportedVersions())) {
        outside.putIfAbsent(swap.key(), store + ".version " + swap.version() + ": kvbench's " + store
            + " adapter drives " + provider.library() + " " + provider.supportedVersions() + ", and "
            + swap.version() + " is outside that range; give a version in it (kvbench list versions " + store
            + " lists the released ones)");
      }
    }
    if (!outside.isEmpty()) {
      throw new LibraryResolutionException(String.join("; ", outside.values()));
    }
  }

  /** A cell that runs its store's library at another version than the bundled one, and that store's provider. */
  private record Swap(String store, StoreProvider provider, String version) {
    String key() {
      return RunLibraries.key(store, version);
    }
  }

  private static List<Swap> swaps(List<CellParams> cells, StoreRegistry registry) {
    return cells.stream().filter(cell -> cell.setup().swapsLibrary())
        .map(cell -> new Swap(cell.storeId(), registry.require(cell.storeId()), cell.setup().libraryVersion())).toList();
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
