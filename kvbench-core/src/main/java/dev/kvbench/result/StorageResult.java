package dev.kvbench.result;

import dev.kvbench.measure.StorageSize;

/**
 * Storage of a store's directory just before and just after close.
 *
 * @param flatBytes entries x (key + value): the seeds' "flat array" the overhead is relative to
 */
public record StorageResult(Figure allocatedBytes, Figure apparentBytes, long flatBytes) {

  public static StorageResult of(StorageSize beforeClose, StorageSize afterClose, long flatBytes) {
    return new StorageResult(
        new Figure(beforeClose.allocatedBytes(), afterClose.allocatedBytes()),
        new Figure(beforeClose.apparentBytes(), afterClose.apparentBytes()),
        flatBytes);
  }

  /** Overhead of the allocated bytes after close against the flat array, in percent. */
  public double overheadPercent() {
    return flatBytes == 0 ? 0 : (allocatedBytes.afterClose() - flatBytes) * 100.0 / flatBytes;
  }

  public record Figure(long beforeClose, long afterClose) {}
}
