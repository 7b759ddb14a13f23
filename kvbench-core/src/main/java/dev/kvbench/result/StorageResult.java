package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.kvbench.measure.StorageSize;
import java.util.List;

/**
 * Storage of a store's directory just before and just after close.
 *
 * @param flatBytes entries x (key + value): the seeds' "flat array" the overhead is relative to
 * @param spaceAmplification allocated bytes / flat bytes, before and after close; null in results
 *     from before it was recorded
 * @param lifetimeWrites what the store wrote from open to after close against what the workload put
 *     into it: catches the flushes and compactions a write pass leaves for later; null where not
 *     measured
 * @param allocatedBytesByFork each fork's allocated bytes after close, in fork order, where a
 *     cell's forks were merged (the figures above are the last fork's): the samples a comparison of
 *     storage judges, since a store that compacts or grows its file on its own schedule need not
 *     leave the same bytes twice; empty for a cell of one fork and in results before 0.7
 */
public record StorageResult(Figure allocatedBytes, Figure apparentBytes, long flatBytes,
    SpaceAmplification spaceAmplification, LifetimeWrites lifetimeWrites,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> allocatedBytesByFork) {

  public StorageResult {
    allocatedBytesByFork = allocatedBytesByFork == null ? List.of() : List.copyOf(allocatedBytesByFork);
  }

  public static StorageResult of(StorageSize beforeClose, StorageSize afterClose, long flatBytes) {
    return new StorageResult(
        new Figure(beforeClose.allocatedBytes(), afterClose.allocatedBytes()),
        new Figure(beforeClose.apparentBytes(), afterClose.apparentBytes()),
        flatBytes,
        flatBytes == 0 ? null : new SpaceAmplification((double) beforeClose.allocatedBytes() / flatBytes,
            (double) afterClose.allocatedBytes() / flatBytes),
        null, List.of());
  }

  /** These figures with the store's write amplification over its life; unchanged for null. */
  public StorageResult withLifetimeWrites(LifetimeWrites writes) {
    return writes == null ? this
        : new StorageResult(allocatedBytes, apparentBytes, flatBytes, spaceAmplification, writes, allocatedBytesByFork);
  }

  /** These figures with each of the cell's forks' allocated bytes after close, in fork order. */
  public StorageResult withForks(List<Long> allocatedAfterClose) {
    return new StorageResult(allocatedBytes, apparentBytes, flatBytes, spaceAmplification, lifetimeWrites,
        allocatedAfterClose);
  }

  /**
   * The allocated bytes after close of each fork: the samples storage is judged on; this result's
   * own where its forks' were not kept (one fork, results before 0.7).
   */
  public List<Long> forkSamples() {
    return allocatedBytesByFork.isEmpty() ? List.of(allocatedBytes.afterClose()) : allocatedBytesByFork;
  }

  /** Overhead of the allocated bytes after close against the flat array, in percent. */
  public double overheadPercent() {
    return flatBytes == 0 ? 0 : (allocatedBytes.afterClose() - flatBytes) * 100.0 / flatBytes;
  }

  /** One measure taken twice: with the store open, and after it closed. */
  public record Figure(long beforeClose, long afterClose) {}

  /**
   * Write amplification over a store's life, open to after close: the load, every overwrite pass
   * (warm-up ones too) and whatever the store flushed or compacted, in the pass or after it.
   *
   * @param workloadBytes keys and values put into the store
   * @param deviceBytes /proc/self/io write_bytes from open to after close (0 on a tmpfs)
   * @param factor deviceBytes / workloadBytes
   */
  public record LifetimeWrites(long workloadBytes, long deviceBytes, double factor) {

    public static LifetimeWrites of(long workloadBytes, long deviceBytes) {
      return new LifetimeWrites(workloadBytes, deviceBytes, workloadBytes == 0 ? 0 : (double) deviceBytes / workloadBytes);
    }
  }

  /** Allocated bytes over flat bytes: 1.0 stores the data and nothing else. */
  public record SpaceAmplification(double beforeClose, double afterClose) {}
}
