package dev.kvbench.run;

import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueGenerator;

/**
 * Checks a measured pass against the totals the generators predict, after the pass's clock and
 * meters have stopped; only on a mismatch does it run the untimed {@link Diagnosis} pass that
 * names the first bad key.
 */
final class Verification {

  private final ExpectedChecksums expected;

  Verification(ExpectedChecksums expected) {
    this.expected = expected;
  }

  /** Null when the readKey pass found every key with the predicted values, else what is wrong. */
  String checkGets(Passes.GetOutcome o, Reader reader, KeySpace keySpace, ValueGenerator values, CellParams cell) {
    long n = keySpace.count();
    if (o.firstMissingPosition() >= 0) {
      long index = keySpace.indexAt(o.firstMissingPosition());
      return "verification failed: " + (n - o.found()) + " of " + n + " keys not found; first: key "
          + Diagnosis.describe(keySpace.encoding(), index) + " at position " + o.firstMissingPosition();
    }
    if (o.digest() != expected.of(cell).entryDigest()) {
      String bad = Diagnosis.firstBadGet(reader, keySpace, values);
      return "verification failed: checksum of the values read differs from the generated one; "
          + (bad == null ? "no single bad key found on a second pass (unstable reads)" : "first bad " + bad);
    }
    return null;
  }

  /** Null when the cursor pass saw every entry once, in order, with the predicted checksum. */
  String checkScan(ScanChecker checker, ScanChecker.Work work, Reader reader, ScanDirection direction,
      KeySpace keySpace, ValueGenerator values, CellParams cell) {
    long n = keySpace.count();
    ExpectedChecksums.Totals want = expected.of(cell);
    boolean sumOk = switch (work) {
      case DIGEST -> checker.digest == want.entryDigest();
      case CRC32 -> checker.crcValue() == want.crc32();
      case XXH64 -> checker.fold == want.xxh64Fold();
    };
    if (checker.count == n && checker.firstOutOfOrder < 0 && sumOk) {
      return null;
    }
    String bad = Diagnosis.firstBadScan(reader, direction, keySpace.encoding(), values, n);
    return "verification failed: "
        + (checker.count != n ? "saw " + checker.count + " of " + n + " entries; " : "")
        + (checker.firstOutOfOrder >= 0 ? "entry " + checker.firstOutOfOrder + " out of order; " : "")
        + (!sumOk ? work.name() + " checksum differs; " : "")
        + (bad == null ? "no single bad entry found on a second pass (unstable reads)" : "first bad " + bad);
  }
}
