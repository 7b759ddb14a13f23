package dev.kvbench.published;

/**
 * A time a seed published for one store and phase: ms per pass over {@code entries} entries.
 *
 * @param store kvbench's id of the store the seed measured
 * @param phase kvbench's phase id (the seeds' own names)
 * @param keys kvbench's key type, {@code int} or {@code str}
 * @param order {@code seq} or {@code rnd}
 * @param samples how many passes the seed timed
 */
public record PublishedTiming(String store, String phase, String keys, String order, long entries, int valueSize,
    double msPerPass, int samples) {}
