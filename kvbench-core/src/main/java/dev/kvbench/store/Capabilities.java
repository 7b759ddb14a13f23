package dev.kvbench.store;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a store can do, declared up front so the harness reports unsupported phases instead of
 * catching exceptions or branching on adapter classes.
 *
 * @param orderedScan forward cursor over keys in unsigned byte order, from the first key or from
 *     any key ({@link Reader#scanFrom})
 * @param reverseScan cursor in descending key order
 * @param transactions reads and writes happen inside transactions
 * @param batches writes can be grouped into batches committed together
 * @param durabilities the durability modes the store can honour
 * @param zeroCopyReads a read hands out the store's own memory, no copy
 * @param retainsData false only for stores that discard what they are given (the null store)
 * @param maxKeySize largest key in bytes
 * @param maxValueSize largest value in bytes
 * @param writeOperations what a writer does besides putting new keys (overwrite, delete, get)
 * @param concurrency how many reader and writer sessions the store serves at once
 * @param origin what the store's engine is written in and what its library says of itself; the
 *     result document holds its two fields beside the others
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record Capabilities(
    boolean orderedScan,
    boolean reverseScan,
    boolean transactions,
    boolean batches,
    Set<Durability> durabilities,
    boolean zeroCopyReads,
    boolean retainsData,
    int maxKeySize,
    int maxValueSize,
    Set<WriteOperation> writeOperations,
    Concurrency concurrency,
    @JsonUnwrapped Origin origin) {

  /**
   * Where a store comes from, which it declares beside what it can do.
   *
   * @param engine what the store's engine is written in; null in results of kvbench before it was declared
   * @param libraryFacts the library's licenses and release date, from its metadata; null where not read
   */
  @API(status = API.Status.STABLE, since = "0.7.0")
  public record Origin(Engine engine, LibraryFacts libraryFacts) {
    /** Neither declared (results of kvbench before them). */
    public static final Origin UNDECLARED = new Origin(null, null);
  }

  /** What the store's engine is written in; null in results of kvbench before it was declared. */
  public Engine engine() {
    return origin.engine();
  }

  /** The library's licenses and release date, from its metadata; null where not read. */
  public LibraryFacts libraryFacts() {
    return origin.libraryFacts();
  }

  /** Capabilities that declare no engine and no library facts (results of kvbench before them). */
  public Capabilities(boolean orderedScan, boolean reverseScan, boolean transactions, boolean batches,
      Set<Durability> durabilities, boolean zeroCopyReads, boolean retainsData, int maxKeySize, int maxValueSize,
      Set<WriteOperation> writeOperations, Concurrency concurrency) {
    this(orderedScan, reverseScan, transactions, batches, durabilities, zeroCopyReads, retainsData, maxKeySize,
        maxValueSize, writeOperations, concurrency, Origin.UNDECLARED);
  }

  public Capabilities {
    durabilities = inOrder(durabilities, Durability.class);
    // results written before write operations were declared have none
    writeOperations = inOrder(writeOperations == null ? Set.of() : writeOperations, WriteOperation.class);
    concurrency = concurrency == null ? Concurrency.ONE_SESSION : concurrency;
    origin = origin == null ? Origin.UNDECLARED : origin;
    if (maxKeySize < 1 || maxValueSize < 0) {
      throw new IllegalArgumentException("max key size must be >= 1 and max value size >= 0");
    }
  }

  // in the enum's order, so a result document lists them the same way from one JVM to the next
  private static <E extends Enum<E>> Set<E> inOrder(Set<E> values, Class<E> type) {
    EnumSet<E> copy = EnumSet.noneOf(type);
    copy.addAll(values);
    return Collections.unmodifiableSet(copy);
  }

  /** A store that declares no write operation besides putting new keys, and one session at a time. */
  public Capabilities(boolean orderedScan, boolean reverseScan, boolean transactions, boolean batches,
      Set<Durability> durabilities, boolean zeroCopyReads, boolean retainsData, int maxKeySize, int maxValueSize) {
    this(orderedScan, reverseScan, transactions, batches, durabilities, zeroCopyReads, retainsData, maxKeySize,
        maxValueSize, Set.of(), Concurrency.ONE_SESSION);
  }

  /**
   * Named capabilities, for providers: {@code Capabilities.builder().orderedScan().reverseScan()
   * .batches().durabilities(EnumSet.allOf(Durability.class)).maxKeySize(511).maxValueSize(...)
   * .build()}. What is not named is absent: no cursor, no transactions, no batches, no zero-copy
   * reads, no write operation besides putting new keys, one session at a time; a store retains
   * data unless it says {@link Builder#discardsData()}.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link Capabilities} by name; see {@link Capabilities#builder()}. Not thread-safe. */
  @API(status = API.Status.STABLE, since = "0.6.0")
  public static final class Builder {
    private boolean orderedScan;
    private boolean reverseScan;
    private boolean transactions;
    private boolean batches;
    private Set<Durability> durabilities = Set.of();
    private boolean zeroCopyReads;
    private boolean retainsData = true;
    private int maxKeySize;
    private int maxValueSize = -1;
    private Set<WriteOperation> writeOperations = Set.of();
    private Concurrency concurrency = Concurrency.ONE_SESSION;
    private Engine engine = Engine.JAVA;
    private LibraryFacts libraryFacts = LibraryFacts.UNKNOWN;

    private Builder() {}

    /** What the store's engine is written in (Java unless named). */
    public Builder engine(Engine written) {
      engine = written;
      return this;
    }

    /** The library's licenses and release date, read from its metadata ({@link LibraryFacts#of}). */
    public Builder libraryFacts(LibraryFacts facts) {
      libraryFacts = facts;
      return this;
    }

    /** A forward cursor in unsigned byte order, from the first key or any key. */
    public Builder orderedScan() {
      orderedScan = true;
      return this;
    }

    /** A cursor in descending key order. */
    public Builder reverseScan() {
      reverseScan = true;
      return this;
    }

    /** Reads and writes happen inside transactions. */
    public Builder transactions() {
      transactions = true;
      return this;
    }

    /** Writes can be grouped into batches committed together. */
    public Builder batches() {
      batches = true;
      return this;
    }

    /** The durability modes the store can honour. */
    public Builder durabilities(Set<Durability> modes) {
      durabilities = modes;
      return this;
    }

    /** A read hands out the store's own memory, no copy. */
    public Builder zeroCopyReads() {
      zeroCopyReads = true;
      return this;
    }

    /** The store discards what it is given (the null store): nothing read can be verified. */
    public Builder discardsData() {
      retainsData = false;
      return this;
    }

    public Builder maxKeySize(int bytes) {
      maxKeySize = bytes;
      return this;
    }

    public Builder maxValueSize(int bytes) {
      maxValueSize = bytes;
      return this;
    }

    /** What a writer does besides putting new keys (overwrite, delete, get inside a write). */
    public Builder writeOperations(Set<WriteOperation> operations) {
      writeOperations = operations;
      return this;
    }

    /** How many reader and writer sessions the store serves at once. */
    public Builder concurrency(Concurrency sessions) {
      concurrency = sessions;
      return this;
    }

    /** The capabilities; throws IllegalArgumentException without a key size, a value size or a durability. */
    public Capabilities build() {
      if (durabilities.isEmpty()) {
        throw new IllegalArgumentException("a store honours at least one durability mode; name it with durabilities");
      }
      return new Capabilities(orderedScan, reverseScan, transactions, batches, durabilities, zeroCopyReads,
          retainsData, maxKeySize, maxValueSize, writeOperations, concurrency, new Origin(engine, libraryFacts));
    }
  }

  /** The same capabilities with these write operations. */
  public Capabilities withWriteOperations(Set<WriteOperation> operations) {
    return new Capabilities(orderedScan, reverseScan, transactions, batches, durabilities, zeroCopyReads, retainsData,
        maxKeySize, maxValueSize, operations, concurrency, origin);
  }

  /** The same capabilities with this concurrency. */
  public Capabilities withConcurrency(Concurrency sessions) {
    return new Capabilities(orderedScan, reverseScan, transactions, batches, durabilities, zeroCopyReads, retainsData,
        maxKeySize, maxValueSize, writeOperations, sessions, origin);
  }

  /** The same capabilities with this engine and these library facts. */
  public Capabilities withFacts(Engine written, LibraryFacts facts) {
    return new Capabilities(orderedScan, reverseScan, transactions, batches, durabilities, zeroCopyReads, retainsData,
        maxKeySize, maxValueSize, writeOperations, concurrency, new Origin(written, facts));
  }

  public boolean supports(WriteOperation operation) {
    return writeOperations.contains(operation);
  }

  public boolean supports(ScanDirection direction) {
    return direction == ScanDirection.FORWARD ? orderedScan : reverseScan;
  }
}
