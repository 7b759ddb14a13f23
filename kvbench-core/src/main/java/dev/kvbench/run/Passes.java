package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueGenerator;
import java.nio.ByteBuffer;

/**
 * The key/value loops, written once for every store. What a pass includes: the write pass times
 * from the start of the first transaction or batch to the return of the last commit; read passes
 * time the loop inside an already-open read transaction, as the seeds did. Each timed pass does
 * what the anchor's did: readKey and the plain cursor passes consume each value as a JMH Blackhole
 * would (count it and note its length, touching no byte of it), readCrc and readXxh64 read every
 * byte; what a timed pass does not read, {@link Verification} checks in an untimed pass. Key and
 * value generation happen inside the write pass (their cost is what the null store measures) and
 * no op allocates.
 */
final class Passes {

  /** Ops between progress publications: large enough to cost nothing per op. */
  private static final int CHUNK = 1 << 16;

  private Passes() {}

  /** Figures of a write pass. */
  record WriteOutcome(long ops, long nanos) {}

  /**
   * Figures of a readKey pass: how many keys were found, the first position whose key was not, and
   * the sum of the lengths of the values found.
   */
  record GetOutcome(long ops, long nanos, long found, long firstMissingPosition, long valueBytes) {}

  static WriteOutcome write(
      Session session,
      KeySpace keySpace,
      ValueGenerator values,
      long batchSize,
      LatencySampler puts,
      LatencySampler commits,
      PhaseProgress progress) {
    KeyEncoding encoding = keySpace.encoding();
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer value = ByteBuffer.allocateDirect(values.size());
    long n = keySpace.count();
    WriteOrder order = keySpace.order() == KeyOrder.SEQ ? WriteOrder.ASCENDING : WriteOrder.ANY;
    long start = System.nanoTime();
    // not try-with-resources: a store whose close rethrows the exception its commit threw (MVStore)
    // would turn it into "Self-suppression not permitted" and hide the store's own words
    Writer writer = session.beginWrite(order);
    try {
      long inBatch = 0;
      long nextSample = puts.nextSample();
      long pos = 0;
      while (pos < n) {
        long chunkEnd = Math.min(n, pos + CHUNK);
        for (; pos < chunkEnd; pos++) {
          long index = keySpace.indexAt(pos);
          encoding.encode(index, key);
          values.fill(index, value);
          if (pos == nextSample) {
            long t0 = System.nanoTime();
            writer.put(key, value);
            puts.record(System.nanoTime() - t0);
            nextSample = puts.nextSample();
          } else {
            writer.put(key, value);
          }
          if (++inBatch == batchSize) {
            timedCommit(writer, commits);
            inBatch = 0;
          }
        }
        progress.publish(pos);
      }
      if (inBatch > 0) {
        timedCommit(writer, commits);
      }
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(writer, e);
      throw e;
    }
    writer.close();
    return new WriteOutcome(n, System.nanoTime() - start);
  }

  private static void timedCommit(Writer writer, LatencySampler commits) {
    long t0 = System.nanoTime();
    writer.commit();
    commits.record(System.nanoTime() - t0);
  }

  static GetOutcome readKeys(
      Reader reader, KeySpace keySpace, LatencySampler gets, PhaseProgress progress) {
    KeyEncoding encoding = keySpace.encoding();
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    long n = keySpace.count();
    long found = 0;
    long firstMissing = -1;
    long valueBytes = 0;
    long nextSample = gets.nextSample();
    long start = System.nanoTime();
    long pos = 0;
    while (pos < n) {
      long chunkEnd = Math.min(n, pos + CHUNK);
      for (; pos < chunkEnd; pos++) {
        long index = keySpace.indexAt(pos);
        encoding.encode(index, key);
        ByteBuffer value;
        if (pos == nextSample) {
          long t0 = System.nanoTime();
          value = reader.get(key);
          gets.record(System.nanoTime() - t0);
          nextSample = gets.nextSample();
        } else {
          value = reader.get(key);
        }
        if (value != null) {
          found++;
          valueBytes += value.remaining();
        } else if (firstMissing < 0) {
          firstMissing = pos;
        }
      }
      progress.publish(pos);
    }
    long nanos = System.nanoTime() - start;
    return new GetOutcome(n, nanos, found, firstMissing, valueBytes);
  }

  /** A full cursor pass; returns its duration in nanoseconds, the checker holds the rest. */
  static long scan(Reader reader, ScanDirection direction, ScanChecker checker) {
    long start = System.nanoTime();
    reader.scan(direction, checker);
    return System.nanoTime() - start;
  }
}
