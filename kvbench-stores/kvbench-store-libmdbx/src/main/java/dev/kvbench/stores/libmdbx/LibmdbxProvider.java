package dev.kvbench.stores.libmdbx;

import dev.kvbench.store.Availability;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreProvider;
import java.util.EnumSet;
import java.util.List;

/**
 * libmdbx, the seeds' fifth engine, kept visible: no JVM binding is published on Maven Central
 * (com.castortech:mdbxjni is not there) and Debian packages no libmdbx, so it is listed as
 * unavailable with that reason instead of silently missing.
 */
public final class LibmdbxProvider implements StoreProvider {

  static final String REASON =
      "no JVM binding for libmdbx is published on Maven Central (com.castortech:mdbxjni is not there)"
          + " and Debian packages no libmdbx; kvbench does not ship its own binding";

  @Override
  public String id() {
    return "libmdbx";
  }

  @Override
  public String library() {
    return "com.castortech:mdbxjni";
  }

  @Override
  public String libraryVersion() {
    return "not on Maven Central";
  }

  @Override
  public Capabilities capabilities() {
    // what libmdbx itself offers, for the listing; nothing here runs
    return new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), true, true, 2022, Integer.MAX_VALUE - 8);
  }

  @Override
  public List<SettingSpec> settings() {
    return List.of();
  }

  @Override
  public Availability availability() {
    return Availability.unavailable(REASON);
  }

  @Override
  public Store open(StoreConfig config) {
    throw new StoreException("libmdbx is unavailable: " + REASON);
  }
}
