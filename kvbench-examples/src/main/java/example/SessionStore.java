package example;

import dev.kvbench.bench.Benchmark;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.workload.CustomMix.Access;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.OperationContext;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * A web application's session store, modelled with custom operations: a request touches its
 * session (reads the record, sets its last-seen field, writes it back), an expiry job deletes
 * sessions, and an admin page reads a range of sessions from a key. Each operation is a class of
 * its own, so every cell can run in a fresh JVM.
 */
public class SessionStore {

  /** The last-seen field: the record's first 8 bytes. */
  static final int LAST_SEEN = 0;

  /** Where a touched record marks itself: 8 bytes no loaded (random) value holds there by chance. */
  static final int MARK = 8;

  /** A touched record's CRC-32 of everything after it. */
  static final int CHECKSUM = 16;

  static final long TOUCHED = 0x5E55_1011_5E55_1011L;

  /**
   * 70 % of the ops: read the session, set its last-seen time, write it back. A record an earlier
   * touch wrote carries a checksum, which this read checks: what the operation writes is checked by
   * what it reads back.
   */
  public static class Touch implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      long session = op.randomKey();
      ByteBuffer found = op.get(session);
      ByteBuffer record = ByteBuffer.allocate(found == null ? 100 : found.remaining());
      if (found != null) {
        record.put(found.duplicate()).flip();
        if (record.getLong(MARK) == TOUCHED && record.getInt(CHECKSUM) != checksum(record)) {
          throw new IllegalStateException("session " + session + " does not hold what the last touch wrote");
        }
      }
      record.putLong(LAST_SEEN, System.nanoTime());
      record.putLong(MARK, TOUCHED);
      record.putInt(CHECKSUM, checksum(record));
      op.put(session, record);
    }
  }

  static int checksum(ByteBuffer record) {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(record.duplicate().position(0).limit(MARK));
    crc.update(record.duplicate().position(CHECKSUM + 4));
    return (int) crc.getValue();
  }

  /** 10 % of the ops: the expiry job deletes a session. */
  public static class Expire implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      op.delete(op.randomKey());
    }
  }

  /** 20 % of the ops: the admin page lists up to 20 sessions from one on. */
  public static class ListSessions implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      long[] listed = {0};
      op.scan(op.randomKey(), ScanDirection.FORWARD, 20, (key, value) -> {
        listed[0]++;
        return true;
      });
      if (listed[0] == 0) {
        throw new IllegalStateException("no session listed");
      }
    }
  }

  public static Benchmark benchmark() {
    return Benchmark.named("sessions").stores("lmdbjava-bb", "rocksdb").entries(50_000).valueSize(100)
        .operation("touch", 0.7, Access.READ_WRITE, new Touch())
        .operation("expire", 0.1, Access.READ_WRITE, new Expire())
        .operation("list", 0.2, Access.READ_ONLY, new ListSessions())
        .warmup(1, Duration.ofSeconds(1)).measuredPasses(3).forks(1);
  }

  public static void main(String[] args) throws Exception {
    System.out.print(benchmark().run().tables());
  }
}
