package dev.kvbench.run;

import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.FieldWrites;
import dev.kvbench.workload.KeyChooser;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.RecordFields;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One client thread's ops over a pass, run by {@link ClientDriver}, and its per-op state. The
 * client's own thread allocates it, so no two threads' counters share a cache line; the pool reads
 * what it recorded after joining the thread.
 */
final class ClientLoop implements ClientDriver.Client {

  /**
   * A client's part of a pass, set by the pool before its thread starts.
   *
   * @param passSeed the seed of this pass of the phase: warm-up and measured passes each their own,
   *     so no measured pass replays a warm-up pass op for op
   */
  record Plan(int thread, long quota, boolean timed, long base, long passSeed, int sampleEvery) {}

  private final ThreadedWorkload workload;
  private final ClientCounts counts;
  final int thread;
  private final long quota;
  private final boolean timed;
  private final long base;
  private final int threads;
  private final KeyFormat encoding;
  private final ValueSource values;
  private final ValueSource updates;
  final KeyChooser chooser;
  private final int sampleEvery;
  private final long sampleSeed;
  private final int readsPerTransaction;
  private final boolean single;
  private final List<OpSlots.Body> bodies;
  private final OpSlots.Body only;
  // per slot; service times only with a target rate
  final Histogram[] latency;
  final Histogram[] service;
  private final double[] cumulativeShares;
  private final CustomOpContext context;
  // the mix inserts: only then can the keys present grow during a pass
  private final boolean insertsKeys;
  // ycsb-e's longest scan; 0 where the mix scans nothing
  private final int maxScanLength;
  // a scan's visitor, reused: it stops after the drawn number of entries
  private final ScanLength scan = new ScanLength();
  // the update values' fields, where values are records of fields: an update replaces one
  private final RecordFields fields;
  // keys custom operations own: their reads are the operation's to check
  private final OperationKeys operationKeys;
  // writeallfields=true: an update still reads the record (as YCSB's binding does), then writes all of it
  private final boolean allFields;
  // every key below it exists: the loaded ones and the inserts seen so far
  private long present;
  // readwhilewriting's timeline: every latency recorded, an interval at a time; null elsewhere (set before run)
  org.HdrHistogram.SingleWriterRecorder intervals;
  long ops;
  long endNanos;
  long inserts;
  long puts;
  long reads;
  long missing;
  long firstMissing = -1;
  // set by run, for the driver's calls
  private Session session;
  private PassSignals signals;
  private ByteBuffer key;
  private ByteBuffer value;
  // the readers workload's snapshot and the gets made in it so far
  private Reader reader;
  private int readsInTransaction;

  ClientLoop(ThreadedWorkload workload, Plan plan, ClientCounts counts) {
    this.workload = workload;
    this.counts = counts;
    this.thread = plan.thread();
    this.quota = plan.quota();
    this.timed = plan.timed();
    this.base = plan.base();
    this.threads = workload.threads();
    this.encoding = workload.encoding();
    this.values = workload.values();
    this.updates = workload.updates();
    this.insertsKeys = workload.insertsKeys();
    this.maxScanLength = workload.mix().map(dev.kvbench.workload.OperationMix::maxScanLength).orElse(0);
    long seed = plan.passSeed();
    this.chooser = new KeyChooser(workload.draws(), seed, thread);
    this.fields = workload.updates() instanceof RecordFields f ? f : null;
    this.operationKeys = workload.operationKeys();
    this.allFields = workload.traffic().fieldWrites() == FieldWrites.ALL;
    this.sampleEvery = plan.sampleEvery();
    this.sampleSeed = seed ^ thread;
    this.readsPerTransaction = workload.readsPerTransaction();
    this.context = new CustomOpContext(this, workload);
    OpSlots slots = workload.slots();
    int n = slots.ids().size();
    this.cumulativeShares = new double[n];
    this.latency = new Histogram[n];
    this.service = new Histogram[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += slots.shares()[i];
      cumulativeShares[i] = sum;
      latency[i] = ThreadedResults.newHistogram();
      if (workload.traffic().hasRate()) {
        service[i] = ThreadedResults.newHistogram();
      }
    }
    cumulativeShares[n - 1] = 1.0;
    this.single = n == 1;
    this.bodies = slots.bodies();
    this.only = bodies.get(0);
  }

  void run(Session session, PassSignals signals) {
    this.session = session;
    this.signals = signals;
    key = Pacing.ownCacheLines(encoding.size());
    value = Pacing.ownCacheLines(workload.cell().data().valueSize());
    // each thread's share of the rate
    Schedule schedule = Schedule.of(signals.startNanos, workload.traffic().hasRate() ? workload.traffic().rate() : 0,
        threads, workload.cell().value(dev.kvbench.scenario.Axes.RATE_SHAPES));
    ClientDriver driver = new ClientDriver(schedule, timed ? ClientDriver.NONE : quota,
        timed ? signals.deadlineNanos : ClientDriver.NONE, ClientCounts.PUBLISH_EVERY, sampleEvery, sampleSeed);
    present = base;
    try {
      driver.run(this);
    } finally {
      ops = driver.ops();
      endNanos = driver.endNanos();
      counts.publishOps(thread, ops);
      if (reader != null) {
        reader.close();
      }
    }
  }

  @Override
  public boolean stopAt(long done) {
    counts.publishOps(thread, done);
    if (signals.stop) {
      return true;
    }
    present = present(present);
    return false;
  }

  @Override
  public int op(long n) {
    int slot = single ? 0 : pick();
    if (readsPerTransaction > 1) {
      // the readers workload: its only op is a get, many to a snapshot
      if (reader == null || readsInTransaction == readsPerTransaction) {
        if (reader != null) {
          reader.close();
        }
        reader = session.beginRead();
        readsInTransaction = 0;
      }
      readsInTransaction++;
      long index = chooser.next(present);
      encoding.encode(index, key);
      check(reader.get(key), index);
    } else {
      (single ? only : bodies.get(slot)).run(this, session, key, value, present);
    }
    return slot;
  }

  @Override
  public void timed(int slot, long latencyNanos, long serviceNanos) {
    latency[slot].recordValue(latencyNanos);
    if (service[slot] != null) {
      service[slot].recordValue(serviceNanos);
    }
    if (intervals != null) {
      intervals.recordValue(latencyNanos);
    }
  }

  private int pick() {
    double u = chooser.nextShare();
    int i = 0;
    while (u >= cumulativeShares[i]) {
      i++;
    }
    return i;
  }

  /** Every key below the returned index exists: the base and each thread's inserts so far. */
  private long present(long current) {
    if (!insertsKeys) {
      return current;
    }
    return base + counts.leastInserted() * threads;
  }

  void execute(Operation op, Session session, ByteBuffer key, ByteBuffer value, long present) {
    switch (op) {
      case READ -> read(session, key, chooser.next(present));
      case UPDATE -> update(session, key, value, chooser.next(present));
      case INSERT -> {
        long index = base + thread + (long) threads * inserts;
        encoding.encode(index, key);
        values.valueInto(index, value);
        Writer w = session.beginWrite(WriteOrder.ANY);
        put(w, key, value);
        puts++;
        inserts++;
        counts.publishInserts(thread, inserts);
        // YCSB acknowledges an insert at once: the next op can read it
        this.present = present(this.present);
      }
      case SCAN -> {
        long index = chooser.next(present);
        encoding.encode(index, key);
        scan.left = chooser.nextScanLength(maxScanLength);
        try (Reader r = session.beginRead()) {
          r.scanFrom(key, scan);
        }
      }
      case READ_MODIFY_WRITE -> {
        // YCSB's: a read of the record, then an update, which its key-value binding does as a
        // read and a write: two gets and a put
        long index = chooser.next(present);
        read(session, key, index);
        update(session, key, value, index);
      }
    }
  }

  /**
   * One custom op in its own transaction: a write transaction committed after it returns, or a
   * read; its gets and puts use the loop's key and value buffers.
   */
  void custom(CustomMix.Entry entry, Session session, ByteBuffer key, ByteBuffer value, long present) {
    context.begin(entry.name(), session, key, value, present);
    if (entry.access() == CustomMix.Access.READ_WRITE) {
      Writer w = session.beginWrite(WriteOrder.ANY);
      context.writer = w;
      try {
        entry.operation().run(context);
        w.commit();
      } catch (RuntimeException | Error e) {
        context.end();
        Failures.closeAfter(w, e);
        throw e;
      }
      context.end();
      w.close();
    } else {
      try (Reader r = session.beginRead()) {
        context.reader = r;
        entry.operation().run(context);
      } finally {
        context.end();
      }
    }
  }

  private void read(Session session, ByteBuffer key, long index) {
    encoding.encode(index, key);
    try (Reader r = session.beginRead()) {
      check(r.get(key), index);
    }
  }

  /**
   * YCSB's update through a key-value binding (its RocksDB binding's): get the record, replace the
   * updated field (one, drawn uniformly: writeallfields=false; the whole value where values have no
   * fields), put it back. Two requests, timed as one op.
   */
  private void update(Session session, ByteBuffer key, ByteBuffer value, long index) {
    encoding.encode(index, key);
    boolean read = false;
    try (Reader r = session.beginRead()) {
      ByteBuffer found = r.get(key);
      check(found, index);
      if (fields != null && found != null && found.remaining() == updates.sizeOf(index)) {
        value.clear();
        value.put(0, found, found.position(), found.remaining());
        value.limit(found.remaining());
        read = true;
      }
    }
    if (read && !allFields) {
      fields.replaceField(index, chooser.nextField(fields.fields()), value);
    } else {
      // writeallfields=true, values without fields, or no record to read: the whole update value
      updates.valueInto(index, value);
    }
    put(session.beginWrite(WriteOrder.ANY), key, value);
    puts++;
  }

  /** Counts a read; one that found no value of the loaded or the updated length is missing. */
  void check(ByteBuffer found, long index) {
    reads++;
    if (operationKeys.taken(index)) {
      return;
    }
    if (found == null || (found.remaining() != values.sizeOf(index) && found.remaining() != updates.sizeOf(index))) {
      if (missing++ == 0) {
        firstMissing = index;
      }
    }
  }

  /** One put, committed, the writer closed: a request's own transaction. */
  static void put(Writer w, ByteBuffer key, ByteBuffer value) {
    try {
      w.put(key, value);
      w.commit();
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(w, e);
      throw e;
    }
    w.close();
  }

  /** Visits entries until {@code left} of them have been visited: one scan's length. */
  private static final class ScanLength implements EntryVisitor {
    int left;

    @Override
    public boolean visit(ByteBuffer key, ByteBuffer value) {
      return --left > 0;
    }
  }
}
