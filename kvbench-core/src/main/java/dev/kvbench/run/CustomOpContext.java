package dev.kvbench.run;

import dev.kvbench.store.Reader;
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
  }

  /** The op about to run: its session, the client's buffers and the keys present. */
  void begin(Session session, ByteBuffer key, ByteBuffer value, long present) {
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
    if (writer == null) {
      throw new IllegalStateException("put in a read-only custom operation; declare it Access.READ_WRITE");
    }
    encoding.encode(index, key);
    updates.valueInto(index, value);
    writer.put(key, value);
    loop.puts++;
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
