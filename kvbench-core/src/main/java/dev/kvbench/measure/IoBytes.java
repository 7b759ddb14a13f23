package dev.kvbench.measure;

/**
 * Bytes the process made the storage layer read and write (Linux /proc/self/io read_bytes and
 * write_bytes): what reached or would have reached a disk. A tmpfs has no disk under it, so on
 * one both stay near zero whatever a store writes.
 *
 * @param readBytes bytes fetched from storage
 * @param writeBytes bytes sent to storage (dirtied page cache included, once written back)
 */
public record IoBytes(long readBytes, long writeBytes) {

  public IoBytes minus(IoBytes before) {
    return new IoBytes(readBytes - before.readBytes, writeBytes - before.writeBytes);
  }
}
