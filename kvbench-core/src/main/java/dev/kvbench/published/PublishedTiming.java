package dev.kvbench.published;

import java.util.Map;

/**
 * A time a seed published for one store and phase: ms per pass over {@code entries} entries.
 *
 * @param store kvbench's id of the store the seed measured
 * @param phase kvbench's phase id (the seeds' own names)
 * @param keys kvbench's key type, {@code int} or {@code str}
 * @param order {@code seq} or {@code rnd}
 * @param conditions what else the seed set for this figure, by kvbench's names: a store setting
 *     (e.g. {@code writeMap=false}), {@code durability} or {@code batchSize}; a cell shows this
 *     figure only where it ran with the same (see {@link PublishedSet#timing})
 * @param samples how many passes the seed timed
 */
public record PublishedTiming(String store, String phase, String keys, String order, long entries, int valueSize,
    Map<String, String> conditions, double msPerPass, int samples) {

  public PublishedTiming {
    conditions = Map.copyOf(conditions);
  }
}
