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
 * The key/value loops, written once for every store and run by the {@link ClientDriver} (the
 * sampled ops one by one, the ops between them in one bulk call of the store's: {@code putAll},
 * {@code getAll}). What a pass includes: the write pass times
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

  /** A pass's ops for the driver, publishing its progress every {@link #CHUNK} ops, at each look at the signals. */
  private abstract static class Published implements ClientDriver.Client {
    private final PhaseProgress progress;

    Published(PhaseProgress progress) {
      this.progress = progress;
    }

    @Override
    public boolean stopAt(long done) {
      if (done > 0) {
        progress.publish(done);
      }
      return false;
    }
  }

  /** Figures of a write pass. */
  record WriteOutcome(long ops, long nanos) {}

  /**
   * Figures of a readKey or readMissing pass: how many keys were found, the first position whose
   * key was not, the sum of the lengths of the values found, and the first position whose key was
   * found (-1: none; for readMissing, the first wrong answer).
   */
  record GetOutcome(long ops, long nanos, long found, long firstMissingPosition, long valueBytes,
      long firstFoundPosition, long misses, long firstWrongHit) {}

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
    long n = keySpace.count();
    // ascending only where index order is key order: uuid4 keys written in index order are not
    WriteOrder order = keySpace.order() == KeyOrder.SEQ && keySpace.encoding().sortsByIndex()
        ? WriteOrder.ASCENDING : WriteOrder.ANY;
    ClientDriver driver = new ClientDriver(n, CHUNK, puts);
    WritePass pass = new WritePass(new PassEntries(keySpace, encoding, values), encoding, values, batchSize, puts,
        commits, progress, committed);
    long start = System.nanoTime();
    // not try-with-resources: a store whose close rethrows the exception its commit threw (MVStore)
    // would turn it into "Self-suppression not permitted" and hide the store's own words
    Writer writer = session.beginWrite(order);
    try {
      driver.run(pass.into(writer));
      if (n > 0) {
        progress.publish(n);
      }
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(writer, e);
      throw e;
    }
    writer.close();
    return new WriteOutcome(n, System.nanoTime() - start);
  }

  /**
   * A write pass's ops for the driver: the sampled puts one by one, the puts between them in one
   * {@code putAll} of the store's own, a commit every {@code batchSize} puts and after the last.
   */
  private static final class WritePass extends Published {
    private Writer writer;
    private final EntrySource entries;
    private final ByteBuffer key;
    private final ByteBuffer value;
    private final long batchSize;
    private final LatencySampler puts;
    private final LatencySampler commits;
    private final CommitListener committed;
    private long batchLeft;

    WritePass(EntrySource entries, KeyFormat encoding, ValueSource values, long batchSize,
        LatencySampler puts, LatencySampler commits, PhaseProgress progress, CommitListener committed) {
      super(progress);
      this.entries = entries;
      this.key = ByteBuffer.allocateDirect(encoding.size());
      this.value = ByteBuffer.allocateDirect(values.size());
      this.batchSize = batchSize;
      this.puts = puts;
      this.commits = commits;
      this.committed = committed;
      this.batchLeft = batchSize;
    }

    /** The pass into the write transaction or batch the timed pass began. */
    WritePass into(Writer writer) {
      this.writer = writer;
      return this;
    }

    @Override
    public void prepare(long n) {
      commitIfFull();
      entries.fill(n, key, value);
    }

    @Override
    public int op(long n) {
      writer.put(key, value);
      batchLeft--;
      return 0;
    }

    @Override
    public void timed(int slot, long latencyNanos, long serviceNanos) {
      puts.histogram().recordValue(latencyNanos);
    }

    @Override
    public long untimed(long from, long to) {
      // the loop that runs a million times a pass checks nothing else
      long pos = from;
      while (pos < to) {
        commitIfFull();
        long end = Math.min(to, pos + batchLeft);
        writer.putAll(entries, pos, end, key, value);
        batchLeft -= end - pos;
        pos = end;
      }
      return to;
    }

    @Override
    public void finish() {
      if (batchLeft < batchSize) {
        timedCommit();
      }
    }

    private void commitIfFull() {
      if (batchLeft == 0) {
        timedCommit();
        batchLeft = batchSize;
      }
    }

    private void timedCommit() {
      long t0 = System.nanoTime();
      writer.commit();
      long nanos = System.nanoTime() - t0;
      commits.record(nanos);
      committed.committed(nanos);
    }
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

  static GetOutcome readKeys(
      Reader reader, KeySpace keySpace, LatencySampler gets, PhaseProgress progress) {
    return readKeys(reader, keySpace, dev.kvbench.workload.MissFraction.NONE, gets, progress);
  }

  /**
   * readKey with {@code miss}'s share of its gets asking for the absent key {@code count} past
   * the position's key instead (readMissing's): the outcome counts them apart ({@code misses}; one
   * that found something is a wrong hit).
   */
  static GetOutcome readKeys(Reader reader, KeySpace keySpace, dev.kvbench.workload.MissFraction miss,
      LatencySampler gets, PhaseProgress progress) {
    return gets(reader, new PassLookups(keySpace, 0, miss), keySpace, gets, progress);
  }

  /**
   * readMissing: a get per loaded key of the key {@code count} past it (absent: the store holds
   * positions 0 to count - 1), in the key space's order; the outcome's found gets are those that
   * found something, each a wrong answer.
   */
  static GetOutcome readMissingKeys(
      Reader reader, KeySpace keySpace, LatencySampler gets, PhaseProgress progress) {
    return gets(reader, new PassLookups(keySpace, keySpace.count(), dev.kvbench.workload.MissFraction.NONE), keySpace,
        gets, progress);
  }

  private static GetOutcome gets(Reader reader, PassLookups lookups, KeySpace keySpace, LatencySampler gets,
      PhaseProgress progress) {
    long n = keySpace.count();
    ReadPass pass = new ReadPass(reader, lookups, keySpace.encoding(), gets, progress);
    ClientDriver driver = new ClientDriver(n, CHUNK, gets);
    long start = System.nanoTime();
    driver.run(pass);
    if (n > 0) {
      progress.publish(n);
    }
    long nanos = System.nanoTime() - start;
    return new GetOutcome(n, nanos, lookups.count, lookups.firstMissing, lookups.valueBytes, lookups.firstFound,
        lookups.misses, lookups.firstWrongHit);
  }

  /** A readKey pass's ops for the driver: the sampled gets one by one, the gets between them in one {@code getAll}. */
  private static final class ReadPass extends Published {
    private final Reader reader;
    final PassLookups lookups;
    private final ByteBuffer key;
    private final LatencySampler gets;
    private long position;
    private ByteBuffer found;

    ReadPass(Reader reader, PassLookups lookups, KeyFormat encoding, LatencySampler gets, PhaseProgress progress) {
      super(progress);
      this.reader = reader;
      this.lookups = lookups;
      this.key = ByteBuffer.allocateDirect(encoding.size());
      this.gets = gets;
    }

    @Override
    public void prepare(long n) {
      position = n;
      lookups.fillKey(n, key);
    }

    @Override
    public int op(long n) {
      found = reader.get(key);
      return 0;
    }

    @Override
    public void timed(int slot, long latencyNanos, long serviceNanos) {
      gets.histogram().recordValue(latencyNanos);
      lookups.tally(position, found);
    }

    @Override
    public long untimed(long from, long to) {
      reader.getAll(lookups, from, to, key);
      return to;
    }
  }

  /** A readKey pass's keys and what it found: one per pass. */
  private static final class PassLookups implements KeyLookups {
    private final KeySpace keySpace;
    private final KeyFormat encoding;
    /** Added to each key's index: 0 for the loaded keys, the key count for absent ones. */
    private final long shift;
    /** The positions whose get asks for the absent key instead (readKey's mixed-in misses). */
    private final dev.kvbench.workload.MissFraction miss;
    long count;
    long firstMissing = -1;
    long firstFound = -1;
    long valueBytes;
    long misses;
    long firstWrongHit = -1;

    PassLookups(KeySpace keySpace, long shift, dev.kvbench.workload.MissFraction miss) {
      this.keySpace = keySpace;
      this.encoding = keySpace.encoding();
      this.shift = shift;
      this.miss = miss;
    }

    @Override
    public void fillKey(long position, ByteBuffer key) {
      long index = keySpace.indexAt(position);
      encoding.encode(shift + (miss.misses(position) ? keySpace.count() + index : index), key);
    }

    @Override
    public void found(long position, int valueLength) {
      if (miss.misses(position)) {
        firstWrongHit = firstWrongHit < 0 ? position : firstWrongHit;
        return;
      }
      if (firstFound < 0) {
        firstFound = position;
      }
      count++;
      valueBytes += valueLength;
    }

    @Override
    public void missing(long position) {
      if (miss.misses(position)) {
        misses++;
        return;
      }
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
    CrudPass pass = new CrudPass(keySpace, values, perTransaction, transactions, progress);
    // every transaction is timed by the pass itself, from its first call to its commit's return
    ClientDriver driver = new ClientDriver(keySpace.count(), CHUNK, null);
    long start = System.nanoTime();
    pass.transactionStart = start;
    pass.writer = session.beginWrite(WriteOrder.ANY);
    try {
      driver.run(pass);
      if (keySpace.count() > 0) {
        progress.publish(keySpace.count());
      }
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(pass.writer, e);
      throw e;
    }
    pass.writer.close();
    return new CrudOutcome(pass.committed, keySpace.count(), System.nanoTime() - start, pass.wrongGets);
  }

  /** A CRUD pass's quadruples for the driver, which times none of them: the pass times each transaction. */
  private static final class CrudPass extends Published {
    private final KeySpace keySpace;
    private final long count;
    private final KeyFormat encoding;
    private final ValueSource values;
    private final long perTransaction;
    private final LatencySampler transactions;
    private final ByteBuffer a;
    private final ByteBuffer b;
    private final ByteBuffer valueA;
    private final ByteBuffer valueB;
    Writer writer;
    long transactionStart;
    private long inTransaction;
    long committed;
    long wrongGets;

    CrudPass(KeySpace keySpace, ValueSource values, long perTransaction, LatencySampler transactions,
        PhaseProgress progress) {
      super(progress);
      this.keySpace = keySpace;
      this.count = keySpace.count();
      this.encoding = keySpace.encoding();
      this.values = values;
      this.perTransaction = perTransaction;
      this.transactions = transactions;
      this.a = ByteBuffer.allocateDirect(encoding.size());
      this.b = ByteBuffer.allocateDirect(encoding.size());
      this.valueA = ByteBuffer.allocateDirect(values.size());
      this.valueB = ByteBuffer.allocateDirect(values.size());
    }

    @Override
    public int op(long pos) {
      long n = count;
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
      return 0;
    }

    @Override
    public void timed(int slot, long latencyNanos, long serviceNanos) {
      throw new IllegalStateException("a CRUD pass's driver times no op");
    }
  }

  /** A full cursor pass; returns its duration in nanoseconds, the checker holds the rest. */
  static long scan(Reader reader, ScanDirection direction, ScanChecker checker) {
    long start = System.nanoTime();
    reader.scan(direction, checker);
    return System.nanoTime() - start;
  }
}
