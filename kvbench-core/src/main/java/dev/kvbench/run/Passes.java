package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.store.EntrySource;
import dev.kvbench.store.KeyLookups;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueSource;
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

  /** Told of each commit of a write pass as it returns, with its latency. */
  interface CommitListener {
    CommitListener NONE = latencyNanos -> {};

    void committed(long latencyNanos);
  }

  static WriteOutcome write(
      Session session,
      KeySpace keySpace,
      ValueSource values,
      long batchSize,
      LatencySampler puts,
      LatencySampler commits,
      PhaseProgress progress,
      CommitListener committed) {
    KeyFormat encoding = keySpace.encoding();
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer value = ByteBuffer.allocateDirect(values.size());
    long n = keySpace.count();
    // ascending only where index order is key order: uuid4 keys written in index order are not
    WriteOrder order = keySpace.order() == KeyOrder.SEQ && keySpace.encoding().sortsByIndex()
        ? WriteOrder.ASCENDING : WriteOrder.ANY;
    EntrySource entries = new PassEntries(keySpace, encoding, values);
    long start = System.nanoTime();
    // not try-with-resources: a store whose close rethrows the exception its commit threw (MVStore)
    // would turn it into "Self-suppression not permitted" and hide the store's own words
    Writer writer = session.beginWrite(order);
    try {
      long batchLeft = batchSize;
      long nextPublish = Math.min(n, CHUNK);
      long pos = 0;
      while (pos < n) {
        if (batchLeft == 0) {
          timedCommit(writer, commits, committed);
          batchLeft = batchSize;
        }
        if (pos == nextPublish) {
          progress.publish(pos);
          nextPublish = Math.min(n, pos + CHUNK);
        }
        long sample = puts.nextSample();
        if (pos == sample) {
          entries.fill(pos, key, value);
          long t0 = System.nanoTime();
          writer.put(key, value);
          puts.record(System.nanoTime() - t0);
          pos++;
          batchLeft--;
          continue;
        }
        // the untimed puts up to the next sampled put, commit or progress report: the loop that
        // runs a million times a pass checks nothing else
        long end = Math.min(sample, nextPublish);
        if (end - pos > batchLeft) {
          end = pos + batchLeft;
        }
        batchLeft -= end - pos;
        writer.putAll(entries, pos, end, key, value);
        pos = end;
      }
      if (n > 0) {
        progress.publish(n);
      }
      if (batchLeft < batchSize) {
        timedCommit(writer, commits, committed);
      }
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(writer, e);
      throw e;
    }
    writer.close();
    return new WriteOutcome(n, System.nanoTime() - start);
  }

  /** A write pass's entries: the key and value of the index at each position. */
  private record PassEntries(KeySpace keySpace, KeyFormat encoding, ValueSource values) implements EntrySource {
    @Override
    public void fill(long position, ByteBuffer key, ByteBuffer value) {
      long index = keySpace.indexAt(position);
      encoding.encode(index, key);
      values.valueInto(index, value);
    }
  }

  private static void timedCommit(Writer writer, LatencySampler commits, CommitListener committed) {
    long t0 = System.nanoTime();
    writer.commit();
    long nanos = System.nanoTime() - t0;
    commits.record(nanos);
    committed.committed(nanos);
  }

  static GetOutcome readKeys(
      Reader reader, KeySpace keySpace, LatencySampler gets, PhaseProgress progress) {
    ByteBuffer key = ByteBuffer.allocateDirect(keySpace.encoding().size());
    long n = keySpace.count();
    PassLookups lookups = new PassLookups(keySpace);
    long start = System.nanoTime();
    long nextPublish = Math.min(n, CHUNK);
    long pos = 0;
    while (pos < n) {
      if (pos == nextPublish) {
        progress.publish(pos);
        nextPublish = Math.min(n, pos + CHUNK);
      }
      long sample = gets.nextSample();
      if (pos == sample) {
        lookups.fillKey(pos, key);
        long t0 = System.nanoTime();
        ByteBuffer value = reader.get(key);
        gets.record(System.nanoTime() - t0);
        lookups.tally(pos, value);
        pos++;
        continue;
      }
      // the untimed gets up to the next sampled get or progress report, as in write
      long end = Math.min(sample, nextPublish);
      reader.getAll(lookups, pos, end, key);
      pos = end;
    }
    if (n > 0) {
      progress.publish(n);
    }
    long nanos = System.nanoTime() - start;
    return new GetOutcome(n, nanos, lookups.count, lookups.firstMissing, lookups.valueBytes);
  }

  /** A readKey pass's keys and what it found: one per pass. */
  private static final class PassLookups implements KeyLookups {
    private final KeySpace keySpace;
    private final KeyFormat encoding;
    long count;
    long firstMissing = -1;
    long valueBytes;

    PassLookups(KeySpace keySpace) {
      this.keySpace = keySpace;
      this.encoding = keySpace.encoding();
    }

    @Override
    public void fillKey(long position, ByteBuffer key) {
      encoding.encode(keySpace.indexAt(position), key);
    }

    @Override
    public void found(long position, int valueLength) {
      count++;
      valueBytes += valueLength;
    }

    @Override
    public void missing(long position) {
      if (firstMissing < 0) {
        firstMissing = position;
      }
    }
  }

  /**
   * Figures of a CRUD pass: transactions committed, quadruples done, and the gets that did not find
   * a value of a's length (the writer's own put must be visible to its get).
   */
  record CrudOutcome(long transactions, long quadruples, long nanos, long wrongGets) {}

  /**
   * ioarena's CRUD transactions into an empty store: for each key a, in the key space's order, put
   * b (the key {@code count + a}, which the pass deletes again), put a, delete b and get a,
   * committing every {@code perTransaction} quadruples. Every transaction's time, from its first
   * call to the return of its commit, goes to {@code transactions} (a sampler of every op). The store then holds exactly
   * the key space's entries, as after a write pass.
   */
  static CrudOutcome crud(Session session, KeySpace keySpace, ValueSource values, long perTransaction,
      LatencySampler transactions, PhaseProgress progress) {
    KeyFormat encoding = keySpace.encoding();
    ByteBuffer a = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer b = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer valueA = ByteBuffer.allocateDirect(values.size());
    ByteBuffer valueB = ByteBuffer.allocateDirect(values.size());
    long n = keySpace.count();
    long committed = 0;
    long wrongGets = 0;
    long start = System.nanoTime();
    Writer writer = session.beginWrite(WriteOrder.ANY);
    try {
      long inTransaction = 0;
      long transactionStart = start;
      long pos = 0;
      while (pos < n) {
        long chunkEnd = Math.min(n, pos + CHUNK);
        for (; pos < chunkEnd; pos++) {
          long index = keySpace.indexAt(pos);
          encoding.encode(n + index, b);
          values.valueInto(n + index, valueB);
          encoding.encode(index, a);
          values.valueInto(index, valueA);
          writer.put(b, valueB);
          writer.put(a, valueA);  // a new key: the store grows by one entry per quadruple
          writer.delete(b);
          ByteBuffer got = writer.get(a);
          if (got == null || got.remaining() != valueA.remaining()) {
            wrongGets++;
          }
          if (++inTransaction == perTransaction || pos == n - 1) {
            writer.commit();
            long now = System.nanoTime();
            transactions.record(now - transactionStart);
            transactionStart = now;
            inTransaction = 0;
            committed++;
          }
        }
        progress.publish(pos);
      }
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(writer, e);
      throw e;
    }
    writer.close();
    return new CrudOutcome(committed, n, System.nanoTime() - start, wrongGets);
  }

  /** A full cursor pass; returns its duration in nanoseconds, the checker holds the rest. */
  static long scan(Reader reader, ScanDirection direction, ScanChecker checker) {
    long start = System.nanoTime();
    reader.scan(direction, checker);
    return System.nanoTime() - start;
  }
}
