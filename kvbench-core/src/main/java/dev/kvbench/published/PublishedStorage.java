package dev.kvbench.published;

/**
 * The bytes a seed published for one store's files after its load.
 *
 * @param order the key order of the load the bytes are from ({@code seq} or {@code rnd}): a B-tree
 *     filled in random order leaves pages part-empty, so only the same order compares
 */
public record PublishedStorage(String store, String keys, String order, long entries, int valueSize, long bytes) {}
