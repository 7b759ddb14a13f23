package dev.kvbench.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB 0.17.0's own CoreWorkload, driven as its client drives it, against a database that only
 * records what it is asked: the reference the ycsb workloads are compared with.
 */
public final class YcsbReference {

  /** What the recording database is told, one call at a time. */
  public interface Calls {
    default void read(String key) {}

    default void update(String key, Map<String, ByteIterator> values) {}

    default void insert(String key, Map<String, ByteIterator> values) {}

    default void scan(String start, int count) {}
  }

  /** A DB that hands every call to {@link Calls} and counts them. */
  public static final class RecordingDb extends DB {
    public final Calls calls;
    public long reads;
    public long updates;
    public long inserts;
    public long scans;

    RecordingDb(Calls calls) {
      this.calls = calls;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      reads++;
      calls.read(key);
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      scans++;
      calls.scan(startkey, recordcount);
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      updates++;
      calls.update(key, values);
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      inserts++;
      calls.insert(key, values);
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }

    /** Gets per op through a key-value binding (YCSB's RocksDB binding: an update reads the record first). */
    public double getsPerOp(long ops) {
      return (reads + updates) / (double) ops;
    }

    /** Puts per op through a key-value binding: each update and insert writes the record. */
    public double putsPerOp(long ops) {
      return (updates + inserts) / (double) ops;
    }
  }

  private YcsbReference() {}

  /** One of YCSB's workload files a..f, as its {@code workloads/} folder gives them, with these sizes. */
  public static Properties workload(char letter, long records, long ops) {
    Properties p = new Properties();
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("operationcount", Long.toString(ops));
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("readallfields", "true");
    p.setProperty("measurementtype", "histogram");
    String[] mix = switch (letter) {
      case 'a' -> new String[] {"0.5", "0.5", "0", "0", "0", "zipfian"};
      case 'b' -> new String[] {"0.95", "0.05", "0", "0", "0", "zipfian"};
      case 'c' -> new String[] {"1", "0", "0", "0", "0", "zipfian"};
      case 'd' -> new String[] {"0.95", "0", "0.05", "0", "0", "latest"};
      case 'e' -> new String[] {"0", "0", "0.05", "0.95", "0", "zipfian"};
      case 'f' -> new String[] {"0.5", "0", "0", "0", "0.5", "zipfian"};
      default -> throw new IllegalArgumentException("workload " + letter);
    };
    p.setProperty("readproportion", mix[0]);
    p.setProperty("updateproportion", mix[1]);
    p.setProperty("insertproportion", mix[2]);
    p.setProperty("scanproportion", mix[3]);
    p.setProperty("readmodifywriteproportion", mix[4]);
    p.setProperty("requestdistribution", mix[5]);
    if (letter == 'e') {
      p.setProperty("maxscanlength", "100");
      p.setProperty("scanlengthdistribution", "uniform");
    }
    return p;
  }

  /** Runs {@code ops} of YCSB's transactions (after no load: its key choice does not read the store). */
  public static RecordingDb run(Properties p, Calls calls) throws Exception {
    Measurements.setProperties(p);
    CoreWorkload w = new CoreWorkload();
    w.init(p);
    RecordingDb db = new RecordingDb(calls);
    Object state = w.initThread(p, 0, 1);
    long ops = Long.parseLong(p.getProperty("operationcount"));
    for (long i = 0; i < ops; i++) {
      w.doTransaction(db, state);
    }
    return db;
  }

  /** YCSB's load of the first {@code count} records, as its client's load phase does them. */
  public static RecordingDb load(Properties p, long count, Calls calls) throws Exception {
    Measurements.setProperties(p);
    CoreWorkload w = new CoreWorkload();
    w.init(p);
    RecordingDb db = new RecordingDb(calls);
    Object state = w.initThread(p, 0, 1);
    for (long i = 0; i < count; i++) {
      w.doInsert(db, state);
    }
    return db;
  }
}
