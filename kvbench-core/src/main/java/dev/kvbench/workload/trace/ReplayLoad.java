package dev.kvbench.workload.trace;

import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/** Loads the entries a trace found before it wrote them, untimed, in transactions of {@link #BATCH}: every replay's first step. */
final class ReplayLoad {

  /** Entries loaded per transaction. */
  static final int BATCH = 10_000;

  private ReplayLoad() {}

  /**
   * Puts each of {@code plan}'s preload entries into {@code store} with a value of the recorded
   * size, a random class and the next of {@code versions}, telling {@code loaded} each key and value.
   */
  static void into(Store store, TracePlan plan, LongSupplier versions, BiConsumer<TracePlan.Key, long[]> loaded) {
    ReplayValues values = new ReplayValues();
    ByteBuffer key = ByteBuffer.allocateDirect(64);
    try (Session s = store.openSession()) {
      int inBatch = 0;
      Writer w = s.beginWrite(WriteOrder.ASCENDING);
      try {
        for (Map.Entry<TracePlan.Key, Integer> e : plan.preload().entrySet()) {
          long[] value = {e.getValue(), ValueClass.RANDOM.code(), versions.getAsLong()};
          key = TraceReplay.fill(key, e.getKey().bytes());
          w.put(key, values.of(e.getKey(), value));
          loaded.accept(e.getKey(), value);
          if (++inBatch == BATCH) {
            w.commit();
            w.close();
            w = s.beginWrite(WriteOrder.ASCENDING);
            inBatch = 0;
          }
        }
        w.commit();
      } finally {
        w.close();
      }
    }
  }
}
