package dev.kvbench.run;

import dev.kvbench.store.EntryVisitor;
import dev.kvbench.workload.EntryDigest;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import net.openhft.hashing.LongHashFunction;

/**
 * The one visitor every cursor pass uses, whatever the store, timed or not: it does the pass's
 * {@link Work} on each entry and counts them. One final class keeps the store's call site
 * monomorphic, so the JIT inlines it into the adapter's cursor loop.
 */
final class ScanChecker implements EntryVisitor {

  /** What a pass computes over each entry. */
  enum Work {
    /**
     * readSeq, readRev: the anchor's {@code bh.consume(value)}. Counts the entry and adds up the
     * value's length, touching none of its bytes.
     */
    CONSUME,
    /** CRC32 over key then value, in order (readCrc): order and bytes are checked by the total. */
    CRC32,
    /** XXH64 of key and of value, folded in order (readXxh64): checked by the total, as CRC32. */
    XXH64,
    /**
     * The untimed verification pass behind CONSUME: each key must be the next in order and every
     * value's bytes go into the order-free entry digest.
     */
    VERIFY
  }

  private static final int PUBLISH_EVERY = 1 << 16;

  private final KeyRanks ranks;
  private final long entries;
  private final boolean forward;
  private final Work work;
  private final PhaseProgress progress;
  private final CRC32 crc = new CRC32();
  private final EntryDigest entryDigest = new EntryDigest();
  private final LongHashFunction xx = LongHashFunction.xx();

  long count;
  long valueBytes;
  long firstOutOfOrder = -1;
  long digest;
  long fold;

  ScanChecker(KeyRanks ranks, long entries, boolean forward, Work work, PhaseProgress progress) {
    this.ranks = ranks;
    this.entries = entries;
    this.forward = forward;
    this.work = work;
    this.progress = progress;
  }

  @Override
  public boolean visit(ByteBuffer key, ByteBuffer value) {
    switch (work) {
      case CONSUME -> valueBytes += value.remaining();
      case VERIFY -> {
        long index = ranks.indexAt(forward ? count : entries - 1 - count);
        if (firstOutOfOrder < 0 && !ranks.encoding().matches(index, key)) {
          firstOutOfOrder = count;
        }
        digest += entryDigest.entry(index, value);
      }
      case CRC32 -> {
        int kp = key.position();
        int vp = value.position();
        crc.update(key);
        crc.update(value);
        key.position(kp);
        value.position(vp);
      }
      case XXH64 -> fold = fold(fold, xx.hashBytes(key), xx.hashBytes(value));
    }
    if ((++count & (PUBLISH_EVERY - 1)) == 0) {
      progress.publish(count);
    }
    return true;
  }

  /** Only the plain cursor passes look at values alone, as the anchor's did. */
  @Override
  public boolean readsKeys() {
    return work != Work.CONSUME;
  }

  long crcValue() {
    return crc.getValue();
  }

  /** Order-sensitive fold of per-entry hashes, so swapped values change the result. */
  static long fold(long acc, long keyHash, long valueHash) {
    return Long.rotateLeft(acc, 1) + keyHash + valueHash;
  }
}
