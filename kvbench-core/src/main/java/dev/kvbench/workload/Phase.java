package dev.kvbench.workload;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/** The seeds' phases, with their names as the seeds wrote them, and the workloads added since. */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum Phase {
  /** Load all N entries into an empty store, committing every batch-size entries. */
  WRITE("write", Kind.LOAD),
  /** Get every key, in the order it was written. */
  READ_KEY("readKey", Kind.READ),
  /** Full forward cursor pass. */
  READ_SEQ("readSeq", Kind.READ),
  /** Full reverse cursor pass. */
  READ_REV("readRev", Kind.READ),
  /** Forward pass computing a CRC32 over keys and values. */
  READ_CRC("readCrc", Kind.READ),
  /** Forward pass computing XXH64 (Zero-Allocation-Hashing) over keys and values. */
  READ_XXH64("readXxh64", Kind.READ),
  /**
   * A get of a key that is not there for every loaded key: keys of the cell's format past the
   * loaded ones (position N + i for loaded key i, the keys ioarena's CRUD uses for its b), in the
   * cell's order; every get must find nothing. What a lookup of an absent key costs (an LSM's
   * bloom filters, a B-tree's descent to a leaf).
   */
  READ_MISSING("readMissing", Kind.READ),
  /**
   * Seeks: a cursor positioned at a key and the next L entries read (L the cell's scan length),
   * every other seek at a key that is not there, so the cursor lands on the next one; N / L seeks a
   * pass, from seeded places in the key order, each timed and its entries counted.
   */
  SEEK("seek", Kind.RANGE),
  /**
   * Bounded range scans: a range [from, to) of a length uniform from 1 to 2L - 1, scanned forward to
   * its end key, every other one backward from its last key to its first; N / L ranges a pass, each
   * timed and its entries counted (lmdbjava/benchmarks' range iterators per KeyRange type, 2025).
   */
  SCAN_RANGE("scanRange", Kind.RANGE),
  /**
   * db_bench's overwrite: put a new value under every loaded key, in a random order of its own,
   * committing every batch-size puts; the store then holds the updated values.
   */
  OVERWRITE("overwrite", Kind.OVERWRITE),
  /**
   * ioarena's CRUD transactions (the libmdbx README's benchmark) into an empty store: for each key
   * a, put b (a key beyond the workload's), put a, delete b, get a, committing every batch-size
   * quadruples; each pass starts empty and ends holding the workload's N entries.
   */
  CRUD("crud", Kind.CRUD),
  /**
   * Open time: the loaded store, closed after the other phases, opened again, the open timed (to a
   * store that serves reads), with the page cache as the load and the phases left it.
   */
  OPEN("open", Kind.REOPEN),
  /** {@link #OPEN} with the page cache dropped before each open: the store's files read from the device. */
  OPEN_COLD("openCold", Kind.REOPEN),
  /**
   * T reader threads, each its own session, each getting every key in an order of its own per
   * pass; scaling is read across cells that differ in threads.
   */
  READERS("readers", Kind.THREADED),
  /** The readers workload beside one writer that overwrites random keys, at full speed or a set rate. */
  READ_WHILE_WRITING("readwhilewriting", Kind.THREADED),
  /** YCSB core workload A: 50 % reads, 50 % updates, zipfian. */
  YCSB_A("ycsb-a", Kind.THREADED),
  /** YCSB core workload B: 95 % reads, 5 % updates, zipfian. */
  YCSB_B("ycsb-b", Kind.THREADED),
  /** YCSB core workload C: reads only, zipfian. */
  YCSB_C("ycsb-c", Kind.THREADED),
  /** YCSB core workload D: 95 % reads, 5 % inserts, the latest keys hottest. */
  YCSB_D("ycsb-d", Kind.THREADED),
  /** YCSB core workload E: 95 % short scans, 5 % inserts, zipfian. */
  YCSB_E("ycsb-e", Kind.THREADED),
  /** YCSB core workload F: 50 % reads, 50 % read-modify-writes, zipfian. */
  YCSB_F("ycsb-f", Kind.THREADED),
  /**
   * The user's own operations ({@link CustomMix}), each op its own transaction, T clients: what
   * the library's {@code Benchmark.operation(...)} runs on the loaded store.
   */
  CUSTOM("custom", Kind.THREADED),
  /**
   * Sustained writes: T writers overwrite uniformly random loaded keys (each writer its own share of
   * them, its own transactions of batch-size puts) for the traffic's duration or operations, at full
   * speed or its rate, recorded as a timeline: ops and latency, storage, device bytes, the clients'
   * and the store's own CPU and the store's statistics, an interval at a time, with its stalls.
   * db_bench's overwrite with {@code --stats_interval}.
   */
  SUSTAIN("sustain", Kind.SUSTAINED),
  /**
   * Constant-size churn, as the insert benchmark's: each op inserts a new key above every loaded one
   * and deletes the lowest remaining key, committing every batch-size ops, for the traffic's
   * duration or operations, recorded as a timeline; the store holds the same number of keys
   * throughout, so its space over time is its space amplification.
   */
  CHURN("churn", Kind.SUSTAINED),
  /**
   * A recorded trace ({@code --trace FILE}, {@link dev.kvbench.workload.trace}) replayed on the
   * store as fast as it goes: loaded first, untimed, with the entries the trace found before it
   * wrote them, then every recorded operation in order on a session per recorded session, each read
   * checked against what the replay wrote, each operation timed by its kind. A pass is the whole
   * trace; the next pass replays it again on what the last one left. Runs alone in its cell.
   */
  REPLAY("replay", Kind.REPLAY);


  /** The six phases of the 2016 reports: what a scenario runs unless it names its phases. */
  public static final List<Phase> LMDBJAVA_2016_PHASES = List.of(WRITE, READ_KEY, READ_SEQ, READ_REV, READ_CRC, READ_XXH64);

  /**
   * What a phase does to the cell's store, which says how it runs: each kind is one way of running
   * (the runner finds a phase's by its kind), and every phase is of one.
   */
  @API(status = API.Status.STABLE, since = "0.7.0")
  public enum Kind {
    /** Loads the entries into the empty store: the cell's first phase, whatever else it runs. */
    LOAD,
    /** One measuring thread reads the loaded store: by key or by cursor. */
    READ,
    /** One measuring thread scans bounded ranges of the loaded store from keys. */
    RANGE,
    /** One measuring thread puts a new value under every loaded key. */
    OVERWRITE,
    /** ioarena's CRUD transactions into an empty store of its own. */
    CRUD,
    /** Opens the closed store again, after every phase on the open store. */
    REOPEN,
    /** The cell's threads, each its own session, on the loaded store. */
    THREADED,
    /** Writers for a duration or a volume, recorded as a timeline. */
    SUSTAINED,
    /** A recorded trace on a store loaded from the trace itself, not the matrix's entries. */
    REPLAY
  }

  private final String id;
  private final Kind kind;

  Phase(String id, Kind kind) {
    this.id = id;
    this.kind = kind;
  }

  /** How the phase runs. */
  public Kind kind() {
    return kind;
  }

  public String id() {
    return id;
  }

  /**
   * The phase's number in its clients' seeds: its place in the enum as it was before seek and
   * scanRange came in among the read phases (they are numbered after the last), so the keys every
   * other phase draws stay those of earlier runs. A cell runs its phases in the enum's order.
   */
  public int seedNumber() {
    return this == SEEK ? REPLAY.ordinal() - 1 : this == SCAN_RANGE ? REPLAY.ordinal()
        : ordinal() > SCAN_RANGE.ordinal() ? ordinal() - 2 : ordinal();
  }

  /** Runs on the loaded store with the cell's threads, each with its own session. */
  public boolean threaded() {
    return kind == Kind.THREADED;
  }

  /** Runs for a duration or a volume and records a timeline: sustain and churn. */
  public boolean sustained() {
    return kind == Kind.SUSTAINED;
  }

  /** Runs client threads driven by the cell's threads and traffic: the threaded and the sustained phases. */
  public boolean usesClients() {
    return threaded() || sustained();
  }

  /** YCSB's core workloads. */
  public boolean ycsb() {
    return ordinal() >= YCSB_A.ordinal() && ordinal() <= YCSB_F.ordinal();
  }

  /** Cursor phases need an ordered store; readRev also a reverse cursor. */
  public boolean needsOrderedScan() {
    return this == READ_SEQ || this == READ_REV || this == READ_CRC || this == READ_XXH64;
  }

  /** Opens the loaded store again once it is closed: runs after every phase on the open store. */
  public boolean reopens() {
    return kind == Kind.REOPEN;
  }

  /** The seed read phases: those a cold read cache drops the page cache before. */
  public boolean dropsCacheWhenCold() {
    return this == READ_KEY || this == READ_MISSING || needsOrderedScan() || kind == Kind.RANGE;
  }

  public static Phase fromId(String id) {
    for (Phase p : values()) {
      if (p.id.equals(id)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown phase '" + id + "'" + dev.kvbench.store.NearestNames.suggestion(id,
        Arrays.stream(values()).map(Phase::id).toList()) + "; valid phases: " + ids());
  }

  public static String ids() {
    return Arrays.stream(values()).map(Phase::id).collect(Collectors.joining(", "));
  }
}
