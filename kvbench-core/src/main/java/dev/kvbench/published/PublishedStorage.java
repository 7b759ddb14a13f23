package dev.kvbench.published;

/** The bytes a seed published for one store's files after its load. */
public record PublishedStorage(String store, String keys, long entries, int valueSize, long bytes) {}
