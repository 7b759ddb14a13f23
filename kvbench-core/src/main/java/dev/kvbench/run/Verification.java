package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.workload.EntryDigest;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;

/**
 * Checks what read passes saw against what the generators predict, outside every timed pass. A
 * timed pass keeps only what costs nothing to keep (counts, value lengths, and the checksum
 * readCrc and readXxh64 compute anyway); the bytes readKey, readSeq and readRev do not touch are
 * checked by one untimed verification pass per phase over the same read transaction. Only on a
 * mismatch does {@link Diagnosis} run, to name the first bad key.
 */
final class Verification {

  private static final int PUBLISH_EVERY = 1 << 16;

  private final ExpectedChecksums expected;

  Verification(ExpectedChecksums expected) {
    this.expected = expected;
  }

  /** The cursor order of {@code keySpace}'s keys. */
  KeyRanks ranks(KeySpace keySpace) {
    return expected.ranks(keySpace.encoding(), keySpace.count());
  }

  /** The cursor order of the first {@code count} keys of {@code keySpace}'s format: the loaded ones and those inserted after. */
  KeyRanks ranks(KeySpace keySpace, long count) {
    return expected.ranks(keySpace.encoding(), count);
  }

  /**
   * Null when a timed readKey pass found every key with a value of the right length, else what is
   * wrong.
   */
  String checkGets(Passes.GetOutcome o, Reader reader, KeySpace keySpace, ValueSource values, CellParams cell) {
    return checkGets(o, reader, keySpace, values, cell, dev.kvbench.workload.MissFraction.NONE);
  }

  /**
   * readKey's check, {@code miss}'s share of its gets having asked for absent keys: every loaded
   * key asked for found with its value's bytes, every absent one found nothing.
   */
  String checkGets(Passes.GetOutcome o, Reader reader, KeySpace keySpace, ValueSource values, CellParams cell,
      dev.kvbench.workload.MissFraction miss) {
    long n = keySpace.count();
    if (o.firstWrongHit() >= 0) {
      long index = keySpace.count() + keySpace.indexAt(o.firstWrongHit());
      return "verification failed: an absent key mixed into readKey's gets was found: key "
          + Diagnosis.describe(keySpace.encoding(), index) + " at position " + o.firstWrongHit() + ", which no phase wrote";
    }
    if (o.firstMissingPosition() >= 0) {
      long index = keySpace.indexAt(o.firstMissingPosition());
      long asked = n - o.misses();
      return "verification failed: " + (asked - o.found()) + " of " + asked + " keys not found; first: key "
          + Diagnosis.describe(keySpace.encoding(), index) + " at position " + o.firstMissingPosition();
    }
    long valueBytes = expected.of(cell).valueBytes();
    // untimed: the values of the positions that asked for an absent key instead were not read
    for (long p = 0; miss.any() && p < n; p++) {
      if (miss.misses(p)) {
        valueBytes -= values.sizeOf(keySpace.indexAt(p));
      }
    }
    if (o.valueBytes() != valueBytes) {
      return "verification failed: the values read add up to " + o.valueBytes() + " bytes, expected "
          + valueBytes + "; " + firstBadGet(reader, keySpace, values);
    }
    return null;
  }

  /** readMissing's check, as its gets ran: none found anything. Null when none did. */
  String checkMissing(Passes.GetOutcome o, KeySpace keySpace) {
    if (o.found() == 0) {
      return null;
    }
    long index = keySpace.count() + keySpace.indexAt(o.firstFoundPosition());
    return "verification failed: " + o.found() + " of " + o.ops() + " absent keys were found; first: key "
        + Diagnosis.describe(keySpace.encoding(), index) + " at position " + o.firstFoundPosition()
        + ", which no phase wrote";
  }

  /**
   * The untimed pass behind readKey: gets every key again, in the order the keys were generated
   * (ascending for int and long keys, so a store larger than memory reads its pages in order rather
   * than faulting each in again at random), and digests every byte of every value. Null when all
   * match the generated values.
   */
  String verifyGets(Reader reader, KeySpace keySpace, ValueSource values, CellParams cell,
      PhaseProgress progress) {
    KeyFormat encoding = keySpace.encoding();
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    EntryDigest entryDigest = new EntryDigest();
    long n = keySpace.count();
    long digest = 0;
    for (long index = 0; index < n; index++) {
      encoding.encode(index, key);
      ByteBuffer value = reader.get(key);
      if (value == null) {
        return "verification failed: key " + Diagnosis.describe(encoding, index)
            + " not found on the verification pass (unstable reads)";
      }
      digest += entryDigest.entry(index, value);
      if (((index + 1) & (PUBLISH_EVERY - 1)) == 0) {
        progress.publish(index + 1);
      }
    }
    progress.publish(n);
    if (digest == expected.of(cell).entryDigest()) {
      return null;
    }
    return "verification failed: checksum of the values read differs from the generated one; "
        + firstBadGet(reader, keySpace, values);
  }

  private static String firstBadGet(Reader reader, KeySpace keySpace, ValueSource values) {
    String bad = Diagnosis.firstBadGet(reader, keySpace, values);
    return bad == null ? "no single bad key found on a second pass (unstable reads)" : "first bad " + bad;
  }

  /**
   * Null when a timed cursor pass saw every entry once, with the predicted value lengths (CONSUME)
   * or the predicted checksum (CRC32, XXH64), else what is wrong.
   */
  String checkScan(ScanChecker checker, ScanChecker.Work work, Reader reader, ScanDirection direction,
      KeySpace keySpace, ValueSource values, CellParams cell) {
    long n = keySpace.count();
    ExpectedChecksums.Totals want = expected.of(cell);
    boolean sumOk = switch (work) {
      case CONSUME -> checker.valueBytes == want.valueBytes();
      case CRC32 -> checker.crcValue() == want.crc32();
      case XXH64 -> checker.fold == want.xxh64Fold();
      case VERIFY -> checker.firstOutOfOrder < 0 && checker.digest == want.entryDigest();
    };
    if (checker.count == n && sumOk) {
      return null;
    }
    String what = switch (work) {
      case CONSUME -> "the values' lengths add up to " + checker.valueBytes + " bytes, expected "
          + want.valueBytes() + "; ";
      case VERIFY -> (checker.firstOutOfOrder >= 0 ? "entry " + checker.firstOutOfOrder + " out of order; " : "")
          + (checker.digest != want.entryDigest() ? "checksum of the values read differs; " : "");
      case CRC32, XXH64 -> work.name() + " checksum differs; ";
    };
    String bad = Diagnosis.firstBadScan(reader, direction, expected.ranks(keySpace.encoding(), n), values, n);
    return "verification failed: "
        + (checker.count != n ? "saw " + checker.count + " of " + n + " entries; " : "")
        + (sumOk ? "" : what)
        + (bad == null ? "no single bad entry found on a second pass (unstable reads)" : "first bad " + bad);
  }

  /**
   * The untimed pass behind readSeq and readRev: the same cursor pass again, checking each key is
   * the next in order and digesting every value's bytes.
   */
  String verifyScan(Reader reader, ScanDirection direction, KeySpace keySpace, ValueSource values,
      CellParams cell, PhaseProgress progress) {
    ScanChecker checker = new ScanChecker(ranks(keySpace), keySpace.count(),
        direction == ScanDirection.FORWARD, ScanChecker.Work.VERIFY, progress);
    reader.scan(direction, checker);
    return checkScan(checker, ScanChecker.Work.VERIFY, reader, direction, keySpace, values, cell);
  }
}
