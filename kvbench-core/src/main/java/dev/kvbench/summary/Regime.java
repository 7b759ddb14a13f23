package dev.kvbench.summary;

import dev.kvbench.published.PublishedSet;
import dev.kvbench.published.PublishedTiming;
import dev.kvbench.result.CellResult;
import dev.kvbench.store.ByteSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a run's size puts its data on the same side of a store's cache and of memory as the
 * seed's was: a run at a tenth of the seed's entries may fit a cache the seed's overflowed (MVStore's
 * 16 MiB page cache holds 100,000 x 100-byte entries, not 1,000,000), and then its ratios answer
 * another question than the seed's. A store's cache is its {@code cacheSize} setting, as the
 * adapters that have one record it (MVStore, LevelDB JNI, SQLite, BDB JE); memory is the host's.
 */
final class Regime {

  private Regime() {}

  /** What {@code ran} holds on another side of a cache or of memory than the seed's data, said; null for nothing. */
  static String note(PublishedSet set, List<CellResult> ran, long hostMemoryBytes) {
    List<String> sides = new ArrayList<>();
    Map<String, String> seen = new LinkedHashMap<>();
    for (CellResult c : ran) {
      var p = c.parameters();
      PublishedTiming seed = set.timings().stream().filter(t -> t.keys().equals(p.keys()) && t.order().equals(p.order())
          && t.valueSize() == p.valueSize()).findFirst().orElse(null);
      if (seed == null || seed.entries() == p.entries()) {
        continue;
      }
      long entryBytes = p.keySize() + (long) p.valueSize();
      long seedData = seed.entries() * entryBytes;
      long hereData = p.entries() * entryBytes;
      String cache = c.settings().get("cacheSize");
      if (cache != null && !seen.containsKey(c.store())) {
        long cacheBytes = bytes(cache);
        if (cacheBytes > 0 && (seedData > cacheBytes) != (hereData > cacheBytes)) {
          seen.put(c.store(), cache);
          sides.add(String.format(Locale.ROOT, "%s's cacheSize %s holds %s data (%s) but not %s (%s)", c.store(), cache,
              hereData <= cacheBytes ? "this run's" : "the seed's", size(Math.min(hereData, seedData)),
              hereData <= cacheBytes ? "the seed's" : "this run's", size(Math.max(hereData, seedData))));
        }
      }
      if (hostMemoryBytes > 0 && set.hostMemoryBytes() > 0 && !seen.containsKey("memory")
          && (seedData > set.hostMemoryBytes()) != (hereData > hostMemoryBytes)) {
        seen.put("memory", "");
        sides.add(String.format(Locale.ROOT, "the seed's data (%s) %s its host's %s of memory, this run's (%s) %s this"
            + " host's %s", size(seedData), seedData > set.hostMemoryBytes() ? "outgrew" : "fit in",
            size(set.hostMemoryBytes()), size(hereData), hereData > hostMemoryBytes ? "outgrows" : "fits in",
            size(hostMemoryBytes)));
      }
    }
    if (sides.isEmpty()) {
      return null;
    }
    return "Another regime: this run's size puts its data on another side than the seed's: " + String.join("; ", sides)
        + ". Those rows measure another question than the seed's, and may disagree for that reason alone; run at the"
        + " seed's size (scale 1) to compare like with like.";
  }

  private static long bytes(String setting) {
    try {
      return ByteSize.parse(setting);
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }

  private static String size(long bytes) {
    return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
  }
}
