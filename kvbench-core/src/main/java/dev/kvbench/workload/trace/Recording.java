package dev.kvbench.workload.trace;

import dev.kvbench.store.EntrySource;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.KeyLookups;
import dev.kvbench.store.PageCounts;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;

/**
 * A store that records what its sessions do: {@code Recording.of(store, writer)} behaves as {@code
 * store} and writes each operation, once the store has done it, to the trace. Sessions are
 * numbered as they open (one per thread, as the SPI has them). A batch put ({@code putAll}) and
 * lookup ({@code getAll}) are recorded as the single operations they are made of, so the store's
 * own batch path is not taken while recording; recording costs each operation a lock and a few
 * dozen bytes. Closing the recording store closes the store, not the trace. The application's
 * buffers pass through as they are: direct ones, as the SPI wants ({@link Writer}).
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public final class Recording implements Store {

  private final Store store;
  private final TraceWriter trace;
  private final AtomicInteger sessions = new AtomicInteger();

  private Recording(Store store, TraceWriter trace) {
    this.store = java.util.Objects.requireNonNull(store, "store");
    this.trace = java.util.Objects.requireNonNull(trace, "trace");
  }

  /** {@code store}, its operations written to {@code trace}. */
  public static Store of(Store store, TraceWriter trace) {
    return new Recording(store, trace);
  }

  @Override
  public Session openSession() {
    return new RecordingSession(store.openSession(), sessions.getAndIncrement());
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return store.nativeSettings();
  }

  @Override
  public Optional<PageCounts> pageCounts() {
    return store.pageCounts();
  }

  @Override
  public Map<String, Long> memoryUsage() {
    return store.memoryUsage();
  }

  @Override
  public Map<String, Long> statistics() {
    return store.statistics();
  }

  @Override
  public void close() {
    store.close();
  }

  private final class RecordingSession implements Session {
    private final Session session;
    private final int id;

    RecordingSession(Session session, int id) {
      this.session = session;
      this.id = id;
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      Writer w = session.beginWrite(order);
      trace.record(TraceKind.BEGIN_WRITE, id);
      return new RecordingWriter(w, id);
    }

    @Override
    public Reader beginRead() {
      Reader r = session.beginRead();
      trace.record(TraceKind.BEGIN_READ, id);
      return new RecordingReader(r, id);
    }

    @Override
    public void close() {
      session.close();
    }
  }

  private final class RecordingWriter implements Writer {
    private final Writer writer;
    private final int id;
    private boolean committed;

    RecordingWriter(Writer writer, int id) {
      this.writer = writer;
      this.id = id;
    }

    @Override
    public void put(ByteBuffer key, ByteBuffer value) {
      writer.put(key, value);
      trace.put(id, key, value);
    }

    @Override
    public void putAll(EntrySource entries, long from, long end, ByteBuffer key, ByteBuffer value) {
      for (long position = from; position < end; position++) {
        entries.fill(position, key, value);
        put(key, value);
      }
    }

    @Override
    public void delete(ByteBuffer key) {
      writer.delete(key);
      trace.delete(id, key);
    }

    @Override
    public ByteBuffer get(ByteBuffer key) {
      ByteBuffer found = writer.get(key);
      trace.get(TraceKind.WRITE_GET, id, key, found);
      return found;
    }

    @Override
    public void commit() {
      writer.commit();
      committed = true;
      trace.record(TraceKind.COMMIT, id);
    }

    @Override
    public void close() {
      writer.close();
      if (!committed) {
        trace.record(TraceKind.ABORT, id);
      }
    }
  }

  private final class RecordingReader implements Reader {
    private final Reader reader;
    private final int id;

    RecordingReader(Reader reader, int id) {
      this.reader = reader;
      this.id = id;
    }

    @Override
    public ByteBuffer get(ByteBuffer key) {
      ByteBuffer found = reader.get(key);
      trace.get(TraceKind.GET, id, key, found);
      return found;
    }

    @Override
    public void getAll(KeyLookups lookups, long from, long end, ByteBuffer key) {
      for (long position = from; position < end; position++) {
        lookups.fillKey(position, key);
        lookups.tally(position, get(key));
      }
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      long n = reader.scan(direction, visitor);
      trace.scan(id, direction, n);
      return n;
    }

    @Override
    public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
      return scanFrom(start, ScanDirection.FORWARD, visitor);
    }

    @Override
    public long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
      // the start key is copied first: a visitor may reuse its buffer
      ByteBuffer from = ByteBuffer.wrap(Writer.copyOf(start));
      long n = direction == ScanDirection.FORWARD ? reader.scanFrom(start, visitor)
          : reader.scanFrom(start, direction, visitor);
      trace.scanFrom(id, from, direction, n);
      return n;
    }

    @Override
    public void close() {
      reader.close();
      trace.record(TraceKind.END_READ, id);
    }
  }
}
