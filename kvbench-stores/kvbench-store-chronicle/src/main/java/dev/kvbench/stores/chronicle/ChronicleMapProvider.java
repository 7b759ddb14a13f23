package dev.kvbench.stores.chronicle;

import dev.kvbench.store.Availability;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;

/**
 * Chronicle Map, an off-heap hash map persisted to a memory-mapped file, configured as its
 * maintainers recommend and the seeds did: constant key and value sizes taken from samples, sized
 * for the workload's entry count. It has no ordered cursor, so the harness reports the cursor
 * phases unsupported.
 *
 * <p>This class must not mention a Chronicle class: ServiceLoader loads every provider to list
 * them, and the analytics kill switch below has to be in place before any Chronicle class runs.
 */
public final class ChronicleMapProvider extends DeclaredProvider {

  /** Chronicle's switch for its usage analytics (read by chronicle-core's AnalyticsFacade). */
  static final String ANALYTICS_KILL_SWITCH = "chronicle.analytics.disable";

  static {
    // Chronicle Map sends usage analytics to Google and writes ~/.chronicle.analytics.client.id
    // and ~/.chronicle.analytics.last the first time a map is built, unless this property is set
    // then. kvbench must never phone home from a user's machine, and a system property is the
    // only switch Chronicle reads, so it is set here, once and unconditionally, before open() can
    // reach any Chronicle class. This is the one piece of global state the module touches.
    System.setProperty(ANALYTICS_KILL_SWITCH, "true");
  }

  /** Largest key and value this adapter declares; the contract test writes both. */
  static final int MAX_KEY_SIZE = 64 << 10;

  static final int MAX_VALUE_SIZE = 1 << 20;

  public ChronicleMapProvider() {
    super(declare("chronicle-map", "net.openhft:chronicle-map")
        // a hash map: no cursor in key order. No transactions or batches: every put is visible at
        // once. Writes land in a shared memory map that Chronicle never flushes, so only NOSYNC is
        // honoured.
        .capabilities(Capabilities.builder()
            .durabilities(EnumSet.of(Durability.NOSYNC))
            .maxKeySize(MAX_KEY_SIZE).maxValueSize(MAX_VALUE_SIZE)
            .writeOperations(EnumSet.allOf(WriteOperation.class))
            // segment locks: readers and writers from many threads
            .concurrency(Concurrency.unlimited())
            .build())
        // Chronicle Map's segments: 1.35 x the flat bytes at 1M random int keys
        .footprint(new Footprint(1.35, 0, 0))
        .settings(SettingSpec.count("entries", "auto",
            "entries the map is sized for (ChronicleMapBuilder.entries); auto uses the workload's count, as the seeds did")));
  }

  @Override
  public Availability availability() {
    // Chronicle generates and compiles classes with javac at run time, which a JRE lacks
    if (ModuleLayer.boot().findModule("jdk.compiler").isEmpty()) {
      return Availability.unavailable(
          "Chronicle Map compiles code at run time and needs a full JDK; this JVM has no jdk.compiler module");
    }
    return Availability.AVAILABLE;
  }

  @Override
  public Store open(StoreConfig config) {
    return new ChronicleMapStore(id(), config);
  }
}
