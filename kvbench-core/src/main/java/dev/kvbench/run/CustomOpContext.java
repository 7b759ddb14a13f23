package dev.kvbench.run;

import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.UnsupportedCapabilityException;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.OperationContext;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;

/**
 * A client's {@link OperationContext}: the open transaction of the custom op in flight, the
 * client's buffers, and its read counts, so custom reads are checked as the built-in ones are.
 */
final class CustomOpContext implements OperationContext {
  private final ClientLoop loop;
  private final KeyFormat encoding;
  private final ValueSource updates;
  private final boolean writerReads;
  private final boolean deletes;
  // a store without transactions cannot make several writes one op
  private final boolean transactions;
  private final String storeId;
  private final OperationKeys operationKeys;
  private final LimitedVisitor limited = new LimitedVisitor();
  // the op's own bytes, copied into a direct buffer for the store; grown when an op's value is larger
  private ByteBuffer own;
  // writes in the op in flight
  private int writes;
  private String opName;
  private long present;
  Writer writer;
  Reader reader;
  // a write op's reads on a store whose batches cannot be read: the latest committed data
  private Reader sideReader;
  private Session session;
  private ByteBuffer key;
  private ByteBuffer value;

  CustomOpContext(ClientLoop loop, ThreadedWorkload workload) {
    this.loop = loop;
    this.encoding = workload.encoding();
    this.updates = workload.updates();
    this.writerReads = workload.caps().supports(WriteOperation.GET_IN_WRITE);
    this.deletes = workload.caps().supports(WriteOperation.DELETE);
    this.transactions = workload.caps().transactions() || workload.caps().batches();
    this.storeId = workload.cell().storeId();
    this.operationKeys = workload.operationKeys();
  }

  /** The op about to run: its session, the client's buffers and the keys present. */
  void begin(String name, Session session, ByteBuffer key, ByteBuffer value, long present) {
    this.opName = name;
    this.writes = 0;
    this.present = present;
    this.session = session;
    this.key = key;
    this.value = value;
  }

  @Override
  public long randomKey() {
    return loop.chooser.next(present);
  }

  @Override
  public ByteBuffer get(long index) {
    encoding.encode(index, key);
    ByteBuffer found;
    if (writer == null) {
      found = reader.get(key);
    } else if (writerReads) {
      found = writer.get(key);
    } else {
      if (sideReader == null) {
        sideReader = session.beginRead();
      }
      found = sideReader.get(key);
    }
    loop.check(found, index);
    return found;
  }

  @Override
  public void put(long index) {
    requireWriter("put");
    encoding.encode(index, key);
    updates.valueInto(index, value);
    writer.put(key, value);
    loop.puts++;
  }

  @Override
  public void put(long index, ByteBuffer bytes) {
    requireWriter("put");
    operationKeys.take(index);
    encoding.encode(index, key);
    // stores take the harness's direct buffers only (LmdbJava's ByteBuffer proxy casts to one): copy the op's bytes
    int n = bytes.remaining();
    if (own == null || own.capacity() < n) {
      own = ByteBuffer.allocateDirect(Math.max(n, value.capacity()));
    }
    own.clear();
    own.put(0, bytes, bytes.position(), n);
    own.limit(n);
    writer.put(key, own);
    loop.puts++;
  }

  @Override
  public void delete(long index) {
    requireWriter("delete");
    if (!deletes) {
      throw new UnsupportedCapabilityException(storeId, "a delete (custom operation " + opName + ")");
    }
    operationKeys.take(index);
    encoding.encode(index, key);
    writer.delete(key);
  }

  @Override
  public long scan(long index, ScanDirection direction, int limit, EntryVisitor visitor) {
    if (limit < 1) {
      throw new IllegalArgumentException("custom operation " + opName + ": a scan's limit must be at least 1, got "
          + limit);
    }
    encoding.encode(index, key);
    Reader r = reader;
    if (r == null) {
      // a write op scans what is committed, as its gets do on a store whose batches cannot be read
      if (sideReader == null) {
        sideReader = session.beginRead();
      }
      r = sideReader;
    }
    limited.start(limit, visitor);
    try {
      return r.scanFrom(key, direction, limited);
    } finally {
      limited.start(0, null);
    }
  }

  /** A write op may write once on any store, several times only where writes commit together. */
  private void requireWriter(String what) {
    if (writer == null) {
      throw new IllegalStateException(what + " in a read-only custom operation (" + opName
          + "); declare it Access.READ_WRITE");
    }
    if (++writes > 1 && !transactions) {
      throw new UnsupportedCapabilityException(storeId, "several writes in one transaction (custom operation "
          + opName + " wrote " + writes + " times in one op; " + storeId + " has neither transactions nor batches)");
    }
  }

  /** Stops the user's visitor after the scan's limit. */
  private static final class LimitedVisitor implements EntryVisitor {
    private int left;
    private EntryVisitor inner;

    void start(int limit, EntryVisitor visitor) {
      left = limit;
      inner = visitor;
    }

    @Override
    public boolean visit(ByteBuffer key, ByteBuffer value) {
      return inner.visit(key, value) && --left > 0;
    }
  }

  @Override
  public int thread() {
    return loop.thread;
  }

  /** The op is over: its transaction is the loop's to close, the side reader this context's. */
  void end() {
    writer = null;
    reader = null;
    if (sideReader != null) {
      sideReader.close();
      sideReader = null;
    }
  }
}
