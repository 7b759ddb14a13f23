package dev.kvbench.durability;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.workload.ValueGenerator;
import java.nio.ByteBuffer;

/**
 * Reads a store back after a crash: every acknowledged commit must be present and whole; past the
 * last acknowledged commit, a commit may be whole (committed, not yet acknowledged) or absent, never
 * partly there; no value may differ from what was put.
 */
public final class CrashChecker {

  /** Commits past the last acknowledged one that are all absent before the checker stops looking. */
  static final int ABSENT_RUN_TO_STOP = 100;

  private final CrashWorkload workload;

  public CrashChecker(CrashWorkload workload) {
    this.workload = workload;
  }

  /** Checks {@code store} against {@code acknowledged} commits; the recovery time is the caller's. */
  public CrashCheck check(Store store, long acknowledged) {
    ValueGenerator values = workload.values();
    ByteBuffer key = ByteBuffer.allocateDirect(CrashWorkload.KEYS.size());
    ByteBuffer want = ByteBuffer.allocateDirect(workload.valueSize());
    long ackedLost = 0;
    long torn = 0;
    long partial = 0;
    long unackedPresent = 0;
    try (Session session = store.openSession(); Reader reader = session.beginRead()) {
      int absentRun = 0;
      for (long commit = 1; commit <= workload.maxCommits(); commit++) {
        int present = 0;
        for (int put = 0; put < workload.putsPerCommit(); put++) {
          workload.fill(commit, put, values, key, want);
          ByteBuffer got = reader.get(key);
          if (got != null) {
            present++;
            if (!got.equals(want)) {
              torn++;
            }
          }
        }
        boolean whole = present == workload.putsPerCommit();
        if (present > 0 && !whole) {
          partial++;
        }
        if (commit <= acknowledged) {
          if (!whole) {
            ackedLost++;
          }
        } else if (whole) {
          unackedPresent++;
          absentRun = 0;
        } else if (present == 0 && ++absentRun >= ABSENT_RUN_TO_STOP) {
          break;
        }
      }
    }
    return new CrashCheck(acknowledged, ackedLost, torn, partial, unackedPresent, 0, null);
  }
}
