package dev.kvbench.store;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * An open store. Opened once per cell and shared; each worker thread opens its own {@link
 * Session}. Closing releases every file handle and mapping, so the directory can be deleted.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface Store extends AutoCloseable {

  Session openSession();

  /**
   * The native settings actually in force (flags, map size, options), recorded in the result so
   * every store-specific choice is visible. Called after open, before close.
   */
  Map<String, Object> nativeSettings();

  /**
   * The store's page figures now, outside any transaction of the caller's, where it keeps pages
   * and can tell (LMDB's mdb_env_info and mdb_stat); empty for the rest. A per-commit trace calls
   * it after every commit, so it must be cheap.
   */
  default java.util.Optional<PageCounts> pageCounts() {
    return java.util.Optional.empty();
  }

  /**
   * What the store's own caches and buffers hold now, in bytes, by names the store gives them
   * (RocksDB's {@code rocksdb.block-cache-usage}, its memtables ...): recorded beside the JVM's own
   * memory figures between phases. Empty where the store reports none; heap caches show in the heap
   * figure anyway.
   */
  default Map<String, Long> memoryUsage() {
    return Map.of();
  }

  /**
   * The store's own counters of its background work now, by the store's names (RocksDB's stall
   * and compaction figures, LevelDB's compaction bytes, Xodus' log and GC bytes): recorded every
   * interval of a sustained phase, to explain its stalls. Cumulative counters stay cumulative (the
   * report takes differences); gauges are as they stand. Called from a thread of its own while the
   * writers run, so it must be safe beside them and cheap; empty where the store keeps none.
   */
  default Map<String, Long> statistics() {
    return Map.of();
  }

  @Override
  void close();
}
