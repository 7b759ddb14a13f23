package dev.kvbench.store;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * A provider that declares its store once, when it is made: id, library, the versions it drives,
 * what its engine is written in, capabilities, footprint and settings. An adapter's provider is then
 * that declaration and {@link #open}, plus {@link #settingsProblem} (or an availability of its own)
 * where it has them, instead of the same eight methods written again by every store.
 *
 * <p>The library's facts (licenses, release date) are read once here, from the metadata beside the
 * provider's class ({@link LibraryFacts#of}), and join the declared capabilities with the engine.
 */
@API(status = API.Status.STABLE, since = "0.7.0")
public abstract class DeclaredProvider implements StoreProvider {

  private final String id;
  private final String library;
  private final List<String> versionedArtifacts;
  private final String supportedVersions;
  private final Capabilities capabilities;
  private final Footprint footprint;
  private final List<SettingSpec> settings;
  private final Supplier<NativeLoad> natives;

  protected DeclaredProvider(Declaration declaration) {
    Objects.requireNonNull(declaration.capabilities, () -> declaration.id + ": declare its capabilities");
    id = declaration.id;
    library = declaration.library;
    versionedArtifacts = declaration.versionedArtifacts;
    supportedVersions = declaration.supportedVersions;
    capabilities = declaration.capabilities.withFacts(declaration.engine, LibraryFacts.of(getClass(), library));
    footprint = declaration.footprint;
    settings = declaration.settings;
    natives = declaration.natives;
  }

  /** A declaration of the store {@code id} driving {@code library} ({@code group:artifact}). */
  public static Declaration declare(String id, String library) {
    return new Declaration(id, library);
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String library() {
    return library;
  }

  @Override
  public final List<String> versionedArtifacts() {
    return versionedArtifacts;
  }

  @Override
  public final String supportedVersions() {
    // undeclared: the bundled version alone, which a provider may read at run time (libmdbx)
    return supportedVersions != null ? supportedVersions : StoreProvider.super.supportedVersions();
  }

  @Override
  public final Capabilities capabilities() {
    return capabilities;
  }

  @Override
  public final Footprint footprint() {
    return footprint;
  }

  @Override
  public final List<SettingSpec> settings() {
    return settings;
  }

  /** Available where the declared native library loaded (asked only now, so listing stores loads it, a run of others not). */
  @Override
  public Availability availability() {
    return natives == null ? Availability.AVAILABLE : natives.get().availability();
  }

  /**
   * What a {@link DeclaredProvider} is, named part by part; what is not named keeps the
   * {@link StoreProvider} default: the bundled version alone, a Java engine, {@link Footprint#TYPICAL},
   * no settings. The capabilities must be named. Not thread-safe.
   */
  @API(status = API.Status.STABLE, since = "0.7.0")
  public static final class Declaration {
    private final String id;
    private final String library;
    private List<String> versionedArtifacts = List.of();
    private String supportedVersions;
    private Engine engine = Engine.JAVA;
    private Capabilities capabilities;
    private Footprint footprint = Footprint.TYPICAL;
    private List<SettingSpec> settings = List.of();
    private Supplier<NativeLoad> natives;

    private Declaration(String id, String library) {
      this.id = Objects.requireNonNull(id, "id");
      this.library = Objects.requireNonNull(library, "library");
    }

    /**
     * The versions the adapter drives, a Maven range ({@link StoreProvider#supportedVersions()}), and
     * the artifacts that make up the library at another version; none named: the library alone.
     */
    public Declaration versions(String range, String... artifacts) {
      supportedVersions = Objects.requireNonNull(range, "range");
      versionedArtifacts = artifacts.length == 0 ? List.of(library) : List.of(artifacts);
      return this;
    }

    /** What the store's engine is written in (Java unless named). */
    public Declaration engine(Engine written) {
      engine = Objects.requireNonNull(written, "engine");
      return this;
    }

    /** What the store can do; the engine declared here and the library's facts replace any it names. */
    public Declaration capabilities(Capabilities declared) {
      capabilities = Objects.requireNonNull(declared, "capabilities");
      return this;
    }

    public Declaration footprint(Footprint declared) {
      footprint = Objects.requireNonNull(declared, "footprint");
      return this;
    }

    public Declaration settings(List<SettingSpec> declared) {
      settings = List.copyOf(declared);
      return this;
    }

    public Declaration settings(SettingSpec... declared) {
      return settings(List.of(declared));
    }

    /**
     * The native library the store needs, loaded once per JVM on first use: the provider is
     * available where it loaded ({@link NativeLoad#availability()}); {@link #open} still calls
     * {@link NativeLoad#require} before it touches the library.
     */
    public Declaration natives(Supplier<NativeLoad> load) {
      natives = Objects.requireNonNull(load, "natives");
      return this;
    }
  }
}
