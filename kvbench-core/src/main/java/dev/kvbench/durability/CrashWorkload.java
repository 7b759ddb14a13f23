package dev.kvbench.durability;

import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.ValueGenerator;
import java.nio.ByteBuffer;

/**
 * What the crash test's writer commits: commit c (from 1) puts {@code putsPerCommit} new keys,
 * indexes (c - 1) x puts to c x puts - 1, as 4-byte big-endian integers, each with the value the
 * generator predicts for its index; so a checker knows every byte every commit wrote.
 *
 * @param maxCommits the writer stops here if it was not killed first; sizes the store
 */
public record CrashWorkload(long seed, int putsPerCommit, int valueSize, long maxCommits) {

  public static final KeyEncoding KEYS = KeyEncoding.INT;

  public CrashWorkload {
    if (putsPerCommit < 1) {
      throw new IllegalArgumentException("putsPerCommit must be at least 1, got " + putsPerCommit);
    }
    if (valueSize < 8) {
      throw new IllegalArgumentException("valueSize must be at least 8 bytes for the crash test, got " + valueSize);
    }
    if (maxCommits < 1 || maxCommits * putsPerCommit > KEYS.capacity()) {
      throw new IllegalArgumentException("max commits must be 1 to " + KEYS.capacity() / putsPerCommit + ", got "
          + maxCommits);
    }
  }

  public ValueGenerator values() {
    return new ValueGenerator(valueSize, seed);
  }

  /** The index of commit {@code commit}'s put {@code put} (both from their first: commit 1, put 0). */
  public long index(long commit, int put) {
    return (commit - 1) * putsPerCommit + put;
  }

  public WorkloadSizing sizing() {
    return new WorkloadSizing(maxCommits * putsPerCommit, KEYS.size(), valueSize);
  }

  /** Writes commit {@code commit}'s put {@code put}'s key into {@code key} and value into {@code value}. */
  void fill(long commit, int put, ValueGenerator values, ByteBuffer key, ByteBuffer value) {
    long index = index(commit, put);
    KEYS.encode(index, key);
    values.fill(index, value);
  }
}
