package dev.kvbench.workload.trace;

import dev.kvbench.store.ScanDirection;
import org.apiguardian.api.API;

/**
 * One traced operation, as a {@link TraceReader} gives it back.
 *
 * @param kind what it was
 * @param session which session made it: sessions are per thread, numbered from 0 as they opened
 * @param offsetNanos when, in nanoseconds from the trace's start
 * @param key the key's bytes (its pseudonym's 8 where the trace keeps {@link KeyMode#PSEUDONYMS}),
 *     empty for an operation without a key
 * @param keyLength the key's own length, also where only its pseudonym was kept
 * @param valueSize a put's value size; a get's found value size, or {@link #MISSING}; 0 otherwise
 * @param valueClass a put's value class, else null
 * @param direction a scan's direction, else null
 * @param entries the entries a scan visited, else 0
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public record TraceOp(TraceKind kind, int session, long offsetNanos, byte[] key, int keyLength, int valueSize,
    ValueClass valueClass, ScanDirection direction, long entries) {

  /** A get's value size where the key was not there. */
  public static final int MISSING = -1;

  /** Whether a get found its key. */
  public boolean found() {
    return valueSize != MISSING;
  }
}
