package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.DataSet;
import dev.kvbench.workload.EntryDigest;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32;
import net.openhft.hashing.LongHashFunction;

/**
 * What a correct store must give back, computed from the generators in an untimed pass and kept
 * per key set (the visiting order does not change them: cursors always see keys sorted, and the
 * entry digest is order-free).
 */
public final class ExpectedChecksums {

  /** The three checks of a full, correct read, and the bytes of all its values. */
  public record Totals(long entryDigest, long crc32, long xxh64Fold, long valueBytes) {}

  private record KeySet(long entries, KeyFormat keys) {}

  // by data set: the keys and values, whatever order they were written in
  private final Map<DataSet, Totals> cache = new HashMap<>();
  private final Map<KeySet, KeyRanks> ranks = new HashMap<>();

  public synchronized Totals of(CellParams cell) {
    return cache.computeIfAbsent(cell.data(), data -> compute(ranks(data.keys(), data.entries()), data.values()));
  }

  /** The cursor order of {@code entries} keys of {@code keys}, computed once per key set. */
  synchronized KeyRanks ranks(KeyFormat keys, long entries) {
    return ranks.computeIfAbsent(new KeySet(entries, keys), k -> new KeyRanks(k.keys, k.entries));
  }

  private static Totals compute(KeyRanks order, ValueSource values) {
    long entries = order.count();
    KeyFormat keys = order.encoding();
    ByteBuffer key = ByteBuffer.allocateDirect(keys.size());
    ByteBuffer value = ByteBuffer.allocateDirect(values.size());
    CRC32 crc = new CRC32();
    LongHashFunction xx = LongHashFunction.xx();
    EntryDigest entryDigest = new EntryDigest();
    long digest = 0;
    long fold = 0;
    long valueBytes = 0;
    for (long rank = 0; rank < entries; rank++) {
      long i = order.indexAt(rank);
      keys.encode(i, key);
      values.valueInto(i, value);
      digest += entryDigest.entry(i, value);
      crc.update(key);
      crc.update(value);
      key.clear();
      value.position(0);
      valueBytes += value.remaining();
      fold = ScanChecker.fold(fold, xx.hashBytes(key), xx.hashBytes(value));
    }
    return new Totals(digest, crc.getValue(), fold, valueBytes);
  }
}
