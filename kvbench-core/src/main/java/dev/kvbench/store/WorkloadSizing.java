package dev.kvbench.store;

import org.apiguardian.api.API;

/**
 * The size of what a workload will store: used by stores that must be sized in advance (LMDB's
 * map size, Chronicle Map's entry count) and by nothing else.
 *
 * @param keySize every key's length, or the longest's where {@code keyLengths} is {@link KeyLengths#VARYING}
 * @param keyLengths whether every key is {@code keySize} bytes (YCSB's key names are not)
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record WorkloadSizing(long entries, int keySize, int valueSize, KeyLengths keyLengths) {

  /** Whether the keys of a workload all have one length. */
  @API(status = API.Status.STABLE, since = "0.6.0")
  public enum KeyLengths {
    /** Every key is {@code keySize} bytes. */
    FIXED,
    /** Keys are 1 to {@code keySize} bytes. */
    VARYING
  }

  public WorkloadSizing {
    if (entries < 0 || keySize < 1 || valueSize < 0 || keyLengths == null) {
      throw new IllegalArgumentException(
          "invalid sizing: entries=" + entries + " keySize=" + keySize + " valueSize=" + valueSize + " keyLengths="
              + keyLengths);
    }
  }

  /** Keys of one length. */
  public WorkloadSizing(long entries, int keySize, int valueSize) {
    this(entries, keySize, valueSize, KeyLengths.FIXED);
  }

  /** Bytes of the entries laid out flat, with no overhead: the seeds' "flat array" (longest keys where they vary). */
  public long flatBytes() {
    return entries * (keySize + (long) valueSize);
  }
}
