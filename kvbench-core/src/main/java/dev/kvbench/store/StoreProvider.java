package dev.kvbench.store;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A store family's entry point, found by {@link java.util.ServiceLoader}. A provider is
 * stateless: it describes the store and opens it on a directory.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface StoreProvider {

  /** Unique, lower-case id used on the command line and in results, e.g. {@code lmdbjava-bb}. */
  String id();

  /** Maven coordinates (group:artifact) of the library this provider drives. */
  String library();

  /**
   * Version of that library as found on the classpath: by default the version the store module was
   * built against, from {@code library.properties} beside the provider class ({@link LibraryVersions}).
   */
  default String libraryVersion() {
    return LibraryVersions.of(getClass());
  }

  /**
   * The artifacts that make up {@link #library()} at another version, for {@code -o STORE.version}:
   * {@code group:artifact}, or {@code group:artifact:extension:classifier} for a platform's native
   * jar. Empty (the default): this adapter runs only the library kvbench bundles.
   */
  default List<String> versionedArtifacts() {
    return List.of();
  }

  /**
   * The versions of {@link #library()} this adapter can drive, as a Maven version range (e.g.
   * {@code [0.8,0.10)}), tested by its contract tests; a cell asking for a version outside it is
   * unsupported. The default is the bundled version alone.
   */
  default String supportedVersions() {
    return "[" + libraryVersion() + "]";
  }

  Capabilities capabilities();

  /** What the store takes on disk and in open files, roughly, to size a run before it starts. */
  default Footprint footprint() {
    return Footprint.TYPICAL;
  }

  /** The store-specific settings this provider accepts, with their defaults. */
  List<SettingSpec> settings();

  /**
   * Why these settings, parsed, cannot open the store under {@code durability}: a value outside what
   * the library takes, or settings that do not go together, in the words {@link #open} would throw
   * them; null when they can. kvbench asks where a run reads its cells, so a bad value is refused
   * before anything runs, not found by a cell as it opens.
   */
  default String settingsProblem(StoreSettings settings, Durability durability) {
    return null;
  }

  /** Whether the store can run in this JVM; unavailable stores are listed with the reason. */
  default Availability availability() {
    return Availability.AVAILABLE;
  }

  /** Opens the store on {@code config.directory()}, which exists and is empty on first open. */
  Store open(StoreConfig config);
}
