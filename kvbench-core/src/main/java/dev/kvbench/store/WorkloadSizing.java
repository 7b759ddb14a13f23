package dev.kvbench.store;

/**
 * The size of what a workload will store: used by stores that must be sized in advance (LMDB's
 * map size, Chronicle Map's entry count) and by nothing else.
 */
public record WorkloadSizing(long entries, int keySize, int valueSize) {

  public WorkloadSizing {
    if (entries < 0 || keySize < 1 || valueSize < 0) {
      throw new IllegalArgumentException(
          "invalid sizing: entries=" + entries + " keySize=" + keySize + " valueSize=" + valueSize);
    }
  }

  /** Bytes of the entries laid out flat, with no overhead: the seeds' "flat array". */
  public long flatBytes() {
    return entries * (keySize + (long) valueSize);
  }
}
