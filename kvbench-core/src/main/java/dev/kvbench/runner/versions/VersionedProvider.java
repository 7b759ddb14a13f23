package dev.kvbench.runner.versions;

import dev.kvbench.store.Availability;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import java.util.List;

/**
 * A store provider that runs another version of its library than kvbench bundles: it says so in
 * {@link #libraryVersion()}, which results record, since the adapter itself only knows the version
 * it was built against.
 */
public final class VersionedProvider implements StoreProvider {

  private final StoreProvider adapter;
  private final String version;

  public VersionedProvider(StoreProvider adapter, String version) {
    this.adapter = adapter;
    this.version = version;
  }

  @Override
  public String id() {
    return adapter.id();
  }

  @Override
  public String library() {
    return adapter.library();
  }

  @Override
  public String libraryVersion() {
    return version;
  }

  @Override
  public List<String> versionedArtifacts() {
    return adapter.versionedArtifacts();
  }

  @Override
  public String supportedVersions() {
    return adapter.supportedVersions();
  }

  @Override
  public Capabilities capabilities() {
    return adapter.capabilities();
  }

  @Override
  public Footprint footprint() {
    return adapter.footprint();
  }

  @Override
  public List<SettingSpec> settings() {
    return adapter.settings();
  }

  @Override
  public Availability availability() {
    return adapter.availability();
  }

  @Override
  public Store open(StoreConfig config) {
    return adapter.open(config);
  }
}
