package dev.kvbench.measure;

/**
 * Bytes a directory tree takes: allocated ({@code st_blocks} x 512, what {@code du -B1} prints)
 * and apparent (sum of sizes, what {@code du -B1 --apparent-size} prints). They differ most for
 * sparse files such as LMDB's data file under the write map.
 */
public record StorageSize(long allocatedBytes, long apparentBytes) {}
