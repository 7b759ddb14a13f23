package dev.kvbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.ExpectedChecksums;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.UnsupportedCapabilityException;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.OperationMix;
import dev.kvbench.workload.Phase;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every store adapter passes. A store module extends this class and names its
 * provider; capabilities the store does not declare are checked to be reported, not thrown.
 */
public abstract class StoreContractTest {

  @TempDir protected Path temp;

  /** The provider under test. */
  protected abstract StoreProvider provider();

  /** Settings for the store under test, as {@code -o} would give them. */
  protected Map<String, String> settings() {
    return Map.of();
  }

  private Capabilities caps() {
    return provider().capabilities();
  }

  private Store open(Path dir, WorkloadSizing sizing) {
    StoreProvider p = provider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), settings());
    return p.open(new StoreConfig(dir, s, Durability.NOSYNC, sizing));
  }

  private Path newDir(String name) throws IOException {
    return Files.createDirectories(temp.resolve(name));
  }

  private static ByteBuffer direct(byte[] bytes) {
    ByteBuffer b = ByteBuffer.allocateDirect(bytes.length);
    b.put(bytes).flip();
    return b;
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  private List<byte[][]> scanAll(Reader r, ScanDirection d) {
    List<byte[][]> seen = new ArrayList<>();
    r.scan(d, (k, v) -> seen.add(new byte[][] {bytes(k), bytes(v)}));
    return seen;
  }

  @Test
  void providerDescribesItself() {
    StoreProvider p = provider();
    assertThat(p.id()).matches("[a-z0-9][a-z0-9-]*");
    assertThat(p.library()).contains(":");
    assertThat(p.libraryVersion()).isNotBlank().isNotEqualTo("unknown");
    assertThat(caps().maxKeySize()).isGreaterThanOrEqualTo(16);
    assertThat(caps().durabilities()).isNotEmpty();
    StoreSettings defaults = StoreSettings.defaults(p.id(), p.settings());
    assertThat(defaults.asText().keySet()).hasSize(p.settings().size());
  }

  @Test
  void emptyStoreFindsNothing() throws IOException {
    try (Store store = open(newDir("empty"), new WorkloadSizing(10, 4, 8));
        Session s = store.openSession();
        Reader r = s.beginRead()) {
      assertThat(r.get(direct(new byte[] {0, 0, 0, 1}))).isNull();
      if (caps().orderedScan()) {
        assertThat(r.scan(ScanDirection.FORWARD, (k, v) -> true)).isZero();
      }
      assertThat(store.nativeSettings()).isNotNull();
    }
  }

  @Test
  void singleEntryRoundTrips() throws IOException {
    assumeThat(caps().retainsData()).isTrue();
    byte[] key = {1, 2, 3, 4};
    byte[] value = "one value".getBytes();
    try (Store store = open(newDir("single"), new WorkloadSizing(1, 4, value.length));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(direct(key), direct(value));
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        assertThat(bytes(r.get(direct(key)))).isEqualTo(value);
        assertThat(r.get(direct(new byte[] {1, 2, 3, 5}))).isNull();
        if (caps().orderedScan()) {
          List<byte[][]> all = scanAll(r, ScanDirection.FORWARD);
          assertThat(all).hasSize(1);
          assertThat(all.get(0)[0]).isEqualTo(key);
          assertThat(all.get(0)[1]).isEqualTo(value);
        }
      }
    }
  }

  /**
   * The puts a write pass makes between its sampled ones go through putAll, which a store may run
   * its own way: every entry of runs over the same two buffers reads back as written. Values of
   * changing lengths are checked where a store's settings need int keys ({@link IntKeySettingsTest}):
   * Chronicle Map holds values of one length only.
   */
  @ParameterizedTest
  @EnumSource(WriteOrder.class)
  void putAllPutsEveryEntryOfItsRuns(WriteOrder order) throws IOException {
    assumeThat(caps().retainsData()).isTrue();
    try (Store store = open(newDir("runs-" + order), new WorkloadSizing(PutAllRuns.ENTRIES, 4, PutAllRuns.MAX_VALUE));
        Session s = store.openSession()) {
      PutAllRuns.writeInRunsAndReadBack(s, order, PutAllRuns.ValueLengths.CONSTANT);
    }
  }

  /** Writes key -> value for each pair in one committed write. */
  private static void putAll(Session s, WriteOrder order, byte[]... keysAndValues) {
    try (Writer w = s.beginWrite(order)) {
      for (int i = 0; i < keysAndValues.length; i += 2) {
        w.put(direct(keysAndValues[i]), direct(keysAndValues[i + 1]));
      }
      w.commit();
    }
  }

  @Test
  void declaredOverwriteReplacesTheValue() throws IOException {
    assumeThat(caps().supports(WriteOperation.OVERWRITE) && caps().retainsData()).isTrue();
    byte[] key = {0, 0, 0, 7};
    // values of one length: Chronicle Map holds only the workload's constant size
    byte[] second = "second v".getBytes();
    try (Store store = open(newDir("overwrite"), new WorkloadSizing(2, 4, 8));
        Session s = store.openSession()) {
      putAll(s, WriteOrder.ANY, key, "first va".getBytes(), new byte[] {0, 0, 0, 8}, "other va".getBytes());
      putAll(s, WriteOrder.ANY, key, second);
      try (Reader r = s.beginRead()) {
        assertThat(bytes(r.get(direct(key)))).isEqualTo(second);
        if (caps().orderedScan()) {
          assertThat(scanAll(r, ScanDirection.FORWARD)).hasSize(2);
        }
      }
    }
  }

  @Test
  void declaredDeleteRemovesOnlyThatKey() throws IOException {
    assumeThat(caps().supports(WriteOperation.DELETE) && caps().retainsData()).isTrue();
    byte[] a = {0, 0, 0, 1};
    byte[] b = {0, 0, 0, 2};
    try (Store store = open(newDir("delete"), new WorkloadSizing(2, 4, 8));
        Session s = store.openSession()) {
      putAll(s, WriteOrder.ANY, a, "value a1".getBytes(), b, "value b2".getBytes());
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.delete(direct(b));
        w.delete(direct(new byte[] {0, 0, 0, 3})); // absent: nothing to do, no error
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        assertThat(r.get(direct(b))).isNull();
        assertThat(bytes(r.get(direct(a)))).isEqualTo("value a1".getBytes());
        if (caps().orderedScan()) {
          List<byte[][]> all = scanAll(r, ScanDirection.FORWARD);
          assertThat(all).hasSize(1);
          assertThat(all.get(0)[0]).isEqualTo(a);
        }
      }
    }
  }

  /** ioarena's CRUD transaction: set b, set a, delete b, get a, the get seeing the writer's own put. */
  @Test
  void declaredGetInWriteSeesTheWritersOwnWrites() throws IOException {
    assumeThat(caps().supports(WriteOperation.GET_IN_WRITE) && caps().supports(WriteOperation.DELETE)
        && caps().retainsData()).isTrue();
    byte[] a = {0, 0, 0, 1};
    byte[] b = {0, 0, 0, 2};
    try (Store store = open(newDir("crud"), new WorkloadSizing(2, 4, 8));
        Session s = store.openSession()) {
      putAll(s, WriteOrder.ANY, a, "old a123".getBytes());
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        assertThat(bytes(w.get(direct(a)))).isEqualTo("old a123".getBytes());
        w.put(direct(b), direct("new b123".getBytes()));
        w.put(direct(a), direct("new a123".getBytes()));
        assertThat(bytes(w.get(direct(b)))).isEqualTo("new b123".getBytes());
        w.delete(direct(b));
        assertThat(w.get(direct(b))).isNull();
        assertThat(bytes(w.get(direct(a)))).isEqualTo("new a123".getBytes());
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        assertThat(bytes(r.get(direct(a)))).isEqualTo("new a123".getBytes());
        assertThat(r.get(direct(b))).isNull();
      }
    }
  }

  /** YCSB's short ranges: from a key, or the next one after it, for as many entries as wanted. */
  @Test
  void orderedStoresScanFromAKey() throws IOException {
    assumeThat(caps().orderedScan() && caps().retainsData()).isTrue();
    try (Store store = open(newDir("range"), new WorkloadSizing(10, 4, 8));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
        for (int i = 2; i <= 20; i += 2) {  // even keys only
          w.put(direct(ByteBuffer.allocate(4).putInt(i).array()), direct(String.format("value%03d", i).getBytes()));
        }
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        List<Integer> seen = new ArrayList<>();
        long visited = r.scanFrom(direct(ByteBuffer.allocate(4).putInt(5).array()), (k, v) -> {
          int key = k.getInt(k.position());
          seen.add(key);
          assertThat(bytes(v)).isEqualTo(String.format("value%03d", key).getBytes());
          return seen.size() < 3;
        });
        assertThat(seen).containsExactly(6, 8, 10);
        assertThat(visited).isEqualTo(3);
        List<Integer> fromExisting = new ArrayList<>();
        r.scanFrom(direct(ByteBuffer.allocate(4).putInt(16).array()), (k, v) -> fromExisting.add(k.getInt(k.position())));
        assertThat(fromExisting).containsExactly(16, 18, 20);
        assertThat(r.scanFrom(direct(ByteBuffer.allocate(4).putInt(21).array()), (k, v) -> true)).isZero();
        assertThat(r.scanFrom(direct(new byte[] {0, 0, 0, 0}), (k, v) -> true)).isEqualTo(10);
      }
    }
  }

  /**
   * A custom operation's reverse range: from the last key at or before a key, descending. A store
   * whose cursor cannot step back from a key refuses it with UnsupportedCapabilityException.
   */
  @Test
  void aReverseScanFromAKeyDescendsOrIsRefused() throws IOException {
    assumeThat(caps().orderedScan() && caps().retainsData()).isTrue();
    try (Store store = open(newDir("reverse-range"), new WorkloadSizing(10, 4, 8));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
        for (int i = 2; i <= 20; i += 2) {
          w.put(direct(ByteBuffer.allocate(4).putInt(i).array()), direct(String.format("value%03d", i).getBytes()));
        }
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        List<Integer> seen = new ArrayList<>();
        long visited;
        try {
          visited = r.scanFrom(direct(ByteBuffer.allocate(4).putInt(15).array()), ScanDirection.REVERSE, (k, v) -> {
            int key = k.getInt(k.position());
            seen.add(key);
            assertThat(bytes(v)).isEqualTo(String.format("value%03d", key).getBytes());
            return seen.size() < 3;
          });
        } catch (UnsupportedCapabilityException refused) {
          assertThat(refused).hasMessageContaining("reverse scan from a key");
          return;
        }
        assertThat(seen).containsExactly(14, 12, 10);
        assertThat(visited).isEqualTo(3);
        List<Integer> fromExisting = new ArrayList<>();
        r.scanFrom(direct(ByteBuffer.allocate(4).putInt(6).array()), ScanDirection.REVERSE,
            (k, v) -> fromExisting.add(k.getInt(k.position())));
        assertThat(fromExisting).containsExactly(6, 4, 2);
        assertThat(r.scanFrom(direct(ByteBuffer.allocate(4).putInt(1).array()), ScanDirection.REVERSE, (k, v) -> true))
            .isZero();
        assertThat(r.scanFrom(direct(new byte[] {0, 0, 1, 0}), ScanDirection.REVERSE, (k, v) -> true)).isEqualTo(10);
        // the forward direction is the scan from a key
        List<Integer> forward = new ArrayList<>();
        r.scanFrom(direct(ByteBuffer.allocate(4).putInt(15).array()), ScanDirection.FORWARD,
            (k, v) -> forward.add(k.getInt(k.position())) && forward.size() < 2);
        assertThat(forward).containsExactly(16, 18);
      }
    }
  }

  @Test
  void unorderedStoresRefuseAScanFromAKey() throws IOException {
    assumeThat(caps().orderedScan()).isFalse();
    try (Store store = open(newDir("norange"), new WorkloadSizing(1, 4, 8));
        Session s = store.openSession();
        Reader r = s.beginRead()) {
      assertThatThrownBy(() -> r.scanFrom(direct(new byte[] {0, 0, 0, 1}), (k, v) -> true))
          .isInstanceOf(UnsupportedCapabilityException.class);
    }
  }

  /**
   * The declared concurrency holds: reader threads, each with its own session, read every key
   * while one writer overwrites them all (and, where several writers are declared, a second one
   * adds keys at the same time); every read finds the old or the new value, never another, and
   * at the end every write is there.
   */
  @Test
  void declaredConcurrentSessionsReadWhileWriting() throws Exception {
    assumeThat(caps().retainsData() && caps().supports(WriteOperation.OVERWRITE)
        && caps().concurrency().concurrent()).isTrue();
    int keys = 300;
    int readers = Math.min(caps().concurrency().readers(), 3);
    boolean twoWriters = caps().concurrency().writers() > 1;
    // the pool's threads outlive the store, as a user's would: a thread that read from LMDB and is
    // still exiting while its environment closes crashes the JVM (see ReaderThreads), which the
    // shutdown of a pool racing the close did once in CI
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(readers + 2);
    try {
      try (Store store = open(newDir("concurrent"), new WorkloadSizing(keys * 2L, 4, 8));
          Session loader = store.openSession()) {
        try (Writer w = loader.beginWrite(WriteOrder.ASCENDING)) {
          for (int i = 0; i < keys; i++) {
            w.put(direct(intKey(i)), direct(String.format("o%07d", i).getBytes(StandardCharsets.US_ASCII)));
          }
          w.commit();
        }
        java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<java.util.concurrent.Future<?>> work = new ArrayList<>();
        for (int t = 0; t < readers; t++) {
          work.add(pool.submit(() -> {
            try (Session s = store.openSession()) {
              do {  // at least one whole pass, more while the writer runs
                try (Reader r = s.beginRead()) {
                  for (int i = 0; i < keys; i++) {
                    ByteBuffer v = r.get(direct(intKey(i)));
                    assertThat(v).as("key %d", i).isNotNull();
                    assertThat(new String(bytes(v), StandardCharsets.US_ASCII)).as("key %d", i)
                        .isIn(String.format("o%07d", i), String.format("n%07d", i));
                  }
                }
              } while (writing.get());
            }
            return null;
          }));
        }
        java.util.concurrent.Future<?> overwrite = pool.submit(() -> {
          try (Session s = store.openSession()) {
            try (Writer w = s.beginWrite(WriteOrder.ANY)) {
              for (int i = 0; i < keys; i++) {
                w.put(direct(intKey(i)), direct(String.format("n%07d", i).getBytes(StandardCharsets.US_ASCII)));
                if (i % 30 == 29) {  // ten commits, each seen whole or not at all by a reader
                  w.commit();
                }
              }
              w.commit();
            }
          }
          return null;
        });
        java.util.concurrent.Future<?> adder = !twoWriters ? null : pool.submit(() -> {
          try (Session s = store.openSession()) {
            try (Writer w = s.beginWrite(WriteOrder.ANY)) {
              for (int i = keys; i < 2 * keys; i++) {
                w.put(direct(intKey(i)), direct(String.format("a%07d", i).getBytes(StandardCharsets.US_ASCII)));
                if (i % 30 == 29) {  // ten commits, each seen whole or not at all by a reader
                  w.commit();
                }
              }
              w.commit();
            }
          }
          return null;
        });
        try {
          overwrite.get(60, TimeUnit.SECONDS);
          if (adder != null) {
            adder.get(60, TimeUnit.SECONDS);
          }
        } finally {
          writing.set(false);
          work.add(overwrite);
          if (adder != null) {
            work.add(adder);
          }
          finishAll(work);  // rethrows a reader's failed assertion, once no thread uses the store
        }
        try (Reader r = loader.beginRead()) {
          for (int i = 0; i < keys; i++) {
            assertThat(bytes(r.get(direct(intKey(i))))).isEqualTo(String.format("n%07d", i).getBytes(StandardCharsets.US_ASCII));
          }
          for (int i = keys; twoWriters && i < 2 * keys; i++) {
            assertThat(bytes(r.get(direct(intKey(i))))).isEqualTo(String.format("a%07d", i).getBytes(StandardCharsets.US_ASCII));
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Waits for every task, so that none runs once the store closes, then throws the first failure. */
  private static void finishAll(List<java.util.concurrent.Future<?>> tasks) throws Exception {
    Exception first = null;
    for (java.util.concurrent.Future<?> f : tasks) {
      try {
        f.get(60, TimeUnit.SECONDS);
      } catch (Exception e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private static byte[] intKey(int i) {
    return ByteBuffer.allocate(4).putInt(i).array();
  }

  /** A cell that runs crud alone fills its own stores and reports the last one's storage. */
  @Test
  void crudAloneFillsVerifiesAndMeasuresItsOwnStore() {
    assumeThat(caps().supports(WriteOperation.DELETE) && caps().supports(WriteOperation.GET_IN_WRITE)
        && caps().retainsData()).isTrue();
    CellResult result = runCell(KeyEncoding.STR, KeyOrder.RND, 2_000, 32, 1, List.of(Phase.CRUD));
    assertThat(result.error()).isNull();
    assertThat(result.phases()).hasSize(1);
    PhaseResult crud = result.phases().get(0);
    assertThat(crud.status()).as(crud.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(crud.verified()).isTrue();
    assertThat(crud.ops()).isEqualTo(2_000);  // one quadruple per transaction
    assertThat(result.storage().allocatedBytes().afterClose()).isPositive();
    assertThat(result.nativeSettings()).isNotEmpty();
  }

  @Test
  void undeclaredWriteOperationsThrowUnsupported() throws IOException {
    assumeThat(caps().writeOperations()).isNotEqualTo(EnumSet.allOf(WriteOperation.class));
    try (Store store = open(newDir("undeclared"), new WorkloadSizing(1, 4, 8));
        Session s = store.openSession();
        Writer w = s.beginWrite(WriteOrder.ANY)) {
      if (!caps().supports(WriteOperation.DELETE)) {
        assertThatThrownBy(() -> w.delete(direct(new byte[] {0, 0, 0, 1})))
            .isInstanceOf(UnsupportedCapabilityException.class);
      }
      if (!caps().supports(WriteOperation.GET_IN_WRITE)) {
        assertThatThrownBy(() -> w.get(direct(new byte[] {0, 0, 0, 1})))
            .isInstanceOf(UnsupportedCapabilityException.class);
      }
    }
  }

  /**
   * The key workloads every store runs through the harness. The fast loop ({@code ./mvnw test}, the
   * parent pom's kvbench.contract.firstAndLast) and the assembled-jar check (kvbench-cli's
   * AssembledJarContractIT, which looks for classes that clash in the flat jar) set
   * {@value #FIRST_AND_LAST_WORKLOADS} to run the first and the last only; {@code -Pall-tests} (CI)
   * runs all six in each store's module.
   */
  static Stream<Arguments> workloads() {
    List<Arguments> all = allWorkloads().toList();
    return Boolean.getBoolean(FIRST_AND_LAST_WORKLOADS) ? Stream.of(all.get(0), all.get(all.size() - 1)) : all.stream();
  }

  /** The system property that cuts {@link #workloads()} to its first and last. */
  public static final String FIRST_AND_LAST_WORKLOADS = "kvbench.contract.firstAndLastWorkloads";

  private static Stream<Arguments> allWorkloads() {
    return Stream.of(
        Arguments.of(KeyEncoding.INT, KeyOrder.SEQ, 3_000L),
        Arguments.of(KeyEncoding.INT, KeyOrder.RND, 3_000L),
        Arguments.of(KeyEncoding.STR, KeyOrder.SEQ, 3_000L),
        Arguments.of(KeyEncoding.STR, KeyOrder.RND, 3_000L),
        // uuid4 in index order is a random key order: no append, and the cursors' order comes from sorting
        Arguments.of(KeyEncoding.UUID4, KeyOrder.SEQ, 3_000L),
        Arguments.of(KeyEncoding.UUID7, KeyOrder.RND, 3_000L));
  }

  /** N entries through the real harness: every phase ok and verified, or reported unsupported. */
  @ParameterizedTest
  @MethodSource("workloads")
  void harnessPhasesPassOnNEntries(KeyEncoding keys, KeyOrder order, long entries) {
    CellResult result = runCell(keys, order, entries, 100, 701);
    assertThat(result.error()).isNull();
    assertThat(result.phases()).extracting(PhaseResult::phase)
        .containsExactly("write", "readKey", "readSeq", "readRev", "readCrc", "readXxh64", "readMissing", "seek",
            "scanRange", "overwrite", "crud",
            "readers", "readwhilewriting", "ycsb-a", "ycsb-b", "ycsb-c", "ycsb-d", "ycsb-e", "ycsb-f", "custom",
            "sustain", "open");
    for (PhaseResult p : result.phases()) {
      boolean crud = p.phase().equals("crud");
      boolean open = p.phase().equals("open");
      boolean range = Phase.fromId(p.phase()).kind() == Phase.Kind.RANGE;
      if (!declaresSupportFor(Phase.fromId(p.phase()))) {
        assertThat(p.status()).as(p.phase()).isEqualTo(PhaseStatus.UNSUPPORTED);
        continue;
      }
      if (p.phase().equals("scanRange") && !scansBackFromAKey()) {
        // a cursor that seeks only forward: half of scanRange's ranges go back from a key
        assertThat(p.status()).as(p.phase()).isEqualTo(PhaseStatus.UNSUPPORTED);
        assertThat(p.note()).contains("cannot scan back from a key");
        continue;
      }
      assertThat(p.status()).as(p.phase() + ": " + p.failure()).isEqualTo(PhaseStatus.OK);
      if (caps().retainsData()) {
        // crud's op is a transaction of batch-size (701) quadruples
        // an open pass is one open of the loaded store
        // a range phase's op is a seek or a range: N / L of them (L the default scan length, 10)
        assertThat(p.ops()).as(p.phase()).isEqualTo(open ? 1 : crud ? (entries + 700) / 701 : range ? (entries + 9) / 10
            : entries);
        assertThat(p.verified()).as(p.phase()).isEqualTo(!p.phase().equals("write"));
      }
    }
    assertThat(result.storage().allocatedBytes().afterClose()).isGreaterThanOrEqualTo(0);
  }

  /**
   * A store module's library facts come from the library's metadata, never typed: the licenses its
   * POM names (the module's build lists them) and the day its classes were built (the class its
   * library.properties names). A store with no Maven library (the null store, libmdbx's C library)
   * has none to read.
   */
  @Test
  void theLibrarysLicensesAndReleaseDateAreReadFromItsMetadata() {
    String library = provider().library();
    assumeThat(provider().getClass().getName()).as("a store module's provider, not a test's").startsWith(
        "dev.kvbench.stores.");
    assertThat(caps().engine()).as("the engine the adapter declares").isNotNull();
    assumeThat(library).as("a Maven library").doesNotStartWith("native:");
    dev.kvbench.store.LibraryFacts facts = caps().libraryFacts();
    assertThat(facts.licenses()).as(library + "'s licenses").isNotEmpty();
    if (facts.releaseDate() == null) {
      // only a reproducible build's jar, whose entries carry a placeholder time, has no date to read
      assertThat(libraryClassTime()).as(library + "'s class time in its jar").isBefore(java.time.Instant.parse(
          "1981-01-01T00:00:00Z"));
    } else {
      assertThat(facts.releaseDate()).as(library + "'s release date").matches("\\d{4}-\\d{2}-\\d{2}");
    }
  }

  private java.time.Instant libraryClassTime() {
    try (java.io.InputStream in = provider().getClass().getResourceAsStream("library.properties")) {
      java.util.Properties p = new java.util.Properties();
      p.load(in);
      java.net.URL url = provider().getClass().getClassLoader().getResource(
          p.getProperty("libraryClass").replace('.', '/') + ".class");
      java.net.JarURLConnection jar = (java.net.JarURLConnection) url.openConnection();
      jar.setUseCaches(false);
      try (java.util.jar.JarFile file = jar.getJarFile()) {
        return java.time.Instant.ofEpochMilli(file.getJarEntry(jar.getEntryName()).getTime());
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Churn through the real harness: as many inserts above the loaded keys as there are loaded keys,
   * each with a delete of the lowest, checked afterwards (the remaining keys hold their values, every
   * deleted one is gone); unsupported for a store without deletes.
   */
  @Test
  void churnReplacesEveryLoadedKeyAndKeepsTheRest() {
    CellResult result = runCell(KeyEncoding.INT, KeyOrder.RND, 2_000, 100, 100, List.of(Phase.WRITE, Phase.CHURN));
    PhaseResult churn = result.phases().get(1);
    if (!declaresSupportFor(Phase.CHURN)) {
      assertThat(churn.status()).isEqualTo(PhaseStatus.UNSUPPORTED);
      return;
    }
    assertThat(churn.status()).as(churn.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(churn.ops()).isEqualTo(2_000);
    assertThat(churn.verified()).isEqualTo(caps().retainsData());
    assertThat(churn.passes().get(0).timeline().points()).isNotEmpty();
  }

  /**
   * Whether the store's declared capabilities let it run {@code phase} with one thread: what the
   * harness must report unsupported otherwise.
   */
  private boolean declaresSupportFor(Phase phase) {
    Capabilities c = caps();
    if (phase == Phase.CRUD) {
      return c.supports(WriteOperation.DELETE) && c.supports(WriteOperation.GET_IN_WRITE);
    }
    if (phase == Phase.READ_REV) {
      return c.reverseScan();
    }
    if (phase == Phase.OVERWRITE) {
      return c.supports(WriteOperation.OVERWRITE);
    }
    if (phase.needsOrderedScan() || phase.kind() == Phase.Kind.RANGE) {
      return c.orderedScan();
    }
    if (phase == Phase.READ_WHILE_WRITING) {
      return c.concurrency().concurrent() && c.supports(WriteOperation.OVERWRITE);
    }
    if (phase == Phase.CUSTOM || phase == Phase.SUSTAIN) {
      return c.supports(WriteOperation.OVERWRITE);
    }
    if (phase == Phase.CHURN) {
      return c.supports(WriteOperation.DELETE);
    }
    if (phase.threaded()) {
      OperationMix mix = OperationMix.of(phase);
      boolean overwrites = mix.share(Operation.UPDATE) > 0 || mix.share(Operation.READ_MODIFY_WRITE) > 0;
      return (!overwrites || c.supports(WriteOperation.OVERWRITE))
          && (mix.share(Operation.SCAN) == 0 || c.orderedScan());
    }
    return true;
  }

  /** Whether the store steps back from a key, as a reverse scan from a key does (some cursors seek only forward). */
  private boolean scansBackFromAKey() {
    try (Store store = open(newDir("steps-back"), new WorkloadSizing(2, 4, 8)); Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
        w.put(direct(new byte[] {0, 0, 0, 1}), direct(new byte[] {1}));
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        r.scanFrom(direct(new byte[] {0, 0, 0, 2}), ScanDirection.REVERSE, (k, v) -> false);
        return true;
      } catch (UnsupportedCapabilityException refused) {
        return false;
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The custom phase every store runs: a transaction that reads two keys and updates the first
   * (a write transaction's gets read the writer where the store can, the latest commit where it
   * cannot), and a read-only lookup.
   */
  static final CustomMix CONTRACT_OPERATIONS = new CustomMix(List.of(
      // every get is counted: one that finds no value of the right length fails the phase
      new CustomMix.Entry("transfer", CustomMix.Access.READ_WRITE, 0.5, op -> {
        long from = op.randomKey();
        op.get(from);
        op.get(op.randomKey());
        op.put(from);
        op.get(from);
      }),
      new CustomMix.Entry("lookup", CustomMix.Access.READ_ONLY, 0.5, op -> op.get(op.randomKey()))),
      dev.kvbench.workload.RequestDistribution.ZIPFIAN);

  /** The same data written with several commits (batch size 701) must all be visible. */
  protected CellResult runCell(KeyEncoding keys, KeyOrder order, long entries, int valueSize, long batch) {
    // every phase but openCold, which drops the machine's page cache (a test touches only what it made),
    // churn, which deletes the keys open reads back (churnKeepsTheStoreItsSize runs it), and replay, which
    // runs alone (aRecordedTraceReplays... runs it)
    return runCell(keys, order, entries, valueSize, batch,
        Arrays.stream(Phase.values()).filter(p -> p != Phase.OPEN_COLD && p != Phase.CHURN && p != Phase.REPLAY).toList());
  }

  private CellResult runCell(KeyEncoding keys, KeyOrder order, long entries, int valueSize, long batch,
      List<Phase> phases) {
    return runCell(keys, order, entries, valueSize, batch, phases, dev.kvbench.scenario.PassPlan.SINGLE_COLD);
  }

  private CellResult runCell(KeyEncoding keys, KeyOrder order, long entries, int valueSize, long batch,
      List<Phase> phases, dev.kvbench.scenario.PassPlan plan) {
    CellParams cell = new CellParams(provider().id(),
        new dev.kvbench.scenario.DataSet(entries, keys, valueSize, dev.kvbench.workload.ValueContent.RANDOM, 42),
        new dev.kvbench.scenario.WriteShape(order, batch),
        new dev.kvbench.scenario.StoreSetup(settings(), Durability.NOSYNC, dev.kvbench.codec.ValueCodecs.NONE),
        new dev.kvbench.scenario.PhasePlan(phases, plan, 4),
        new dev.kvbench.scenario.Load(1, dev.kvbench.workload.Traffic.DEFAULT, CONTRACT_OPERATIONS), Map.of());
    try (WorkArea work = WorkArea.open(temp.resolve("work-" + keys.id() + "-" + order.id()))) {
      CellRunner runner = new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
          RunListener.NONE, 40);
      return runner.run(provider(), cell, work);
    }
  }

  /**
   * Issue 67: a recorded application (gets found and missed, puts, a delete, a get in a write, a
   * forward scan from a key) replayed through the harness as {@code run --trace} replays it: ok
   * and verified on a store that has what the trace uses, else unsupported naming what it lacks.
   */
  @Test
  void aRecordedTraceReplaysVerifiedOrIsUnsupportedNamingWhatTheStoreLacks() throws Exception {
    Path file = temp.resolve("contract.kvbtrace");
    LockingStoreProvider app = new LockingStoreProvider();
    Path appDir = Files.createDirectories(temp.resolve("recorded-app"));
    Store before = app.open(new StoreConfig(appDir, dev.kvbench.store.StoreSettings.resolve(app.id(), app.settings(),
        Map.of()), Durability.NOSYNC, new WorkloadSizing(300, 8, 100)));
    try (dev.kvbench.store.Session s = before.openSession(); Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
      for (long k = 0; k < 300; k++) {
        w.put(direct(ByteBuffer.allocate(8).putLong(k).array()), direct(new byte[100]));
      }
      w.commit();
    }
    try (dev.kvbench.workload.trace.TraceWriter trace = dev.kvbench.workload.trace.TraceWriter.create(file,
        dev.kvbench.workload.trace.KeyMode.RAW, 1, "contract")) {
      Store store = dev.kvbench.workload.trace.Recording.of(before, trace);
      try (dev.kvbench.store.Session s = store.openSession()) {
        for (long round = 0; round < 10; round++) {
          try (Reader r = s.beginRead()) {
            for (long k = round; k < 330; k += 11) {
              r.get(direct(ByteBuffer.allocate(8).putLong(k).array()));
            }
            long from = round * 20;
            r.scanFrom(direct(ByteBuffer.allocate(8).putLong(from).array()), (k, v) -> k.getLong(k.position()) < from + 5);
          }
          try (Writer w = s.beginWrite(WriteOrder.ANY)) {
            w.put(direct(ByteBuffer.allocate(8).putLong(round * 7).array()), direct(new byte[50 + (int) round]));
            w.put(direct(ByteBuffer.allocate(8).putLong(1_000 + round).array()), direct(new byte[100]));
            w.delete(direct(ByteBuffer.allocate(8).putLong(299 - round).array()));
            w.get(direct(ByteBuffer.allocate(8).putLong(1_000 + round).array()));
            w.commit();
          }
        }
      }
      store.close();
    }
    CellParams cell = new CellParams(provider().id(),
        new dev.kvbench.scenario.DataSet(1, KeyEncoding.INT, 100, dev.kvbench.workload.ValueContent.RANDOM, 42),
        new dev.kvbench.scenario.WriteShape(KeyOrder.SEQ, 1),
        new dev.kvbench.scenario.StoreSetup(settings(), Durability.NOSYNC, dev.kvbench.codec.ValueCodecs.NONE),
        new dev.kvbench.scenario.PhasePlan(List.of(Phase.REPLAY), new dev.kvbench.scenario.PassPlan(0, 0, 2,
            dev.kvbench.scenario.ReadCache.WARM, false), 4),
        dev.kvbench.scenario.Load.SINGLE, Map.of(dev.kvbench.scenario.Axes.TRACES.key(),
            dev.kvbench.scenario.Axes.TRACES.parse(file.toString())));
    CellResult result;
    try (WorkArea work = WorkArea.open(temp.resolve("work-replay"))) {
      result = new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
          RunListener.NONE, 40).run(provider(), cell, work);
    }
    String lacks = dev.kvbench.workload.trace.TracePlan.of(file).unsupportedReason(caps());
    PhaseResult p = result.phases().get(0);
    if (lacks != null) {
      assertThat(p.status()).isEqualTo(PhaseStatus.UNSUPPORTED);
      assertThat(p.note()).isEqualTo(lacks);
      return;
    }
    assertThat(p.status()).as(p.failure()).isEqualTo(PhaseStatus.OK);
    assertThat(p.verified()).isEqualTo(caps().retainsData());
    assertThat(p.passes()).hasSize(2);
    assertThat(p.threaded().latencyNanosByOperation()).containsKeys("get", "put", "commit");
  }

  @Test
  void aTracedWritePassRecordsEveryCommitAndThePagesWhereTheStoreTellsThem() throws IOException {
    assumeThat(new dev.kvbench.measure.IoMeter().read()).as("/proc/self/io readable").isNotNull();
    CellResult result = runCell(KeyEncoding.UUID4, KeyOrder.SEQ, 1_000, 100, 100, List.of(Phase.WRITE),
        new dev.kvbench.scenario.PassPlan(0, 0, 1, dev.kvbench.scenario.ReadCache.WARM, true));
    dev.kvbench.result.CommitTrace trace = result.phases().get(0).passes().get(0).commitTrace();

    assertThat(trace.commits()).isEqualTo(10);
    assertThat(trace.points()).extracting(dev.kvbench.result.CommitTrace.Point::commits).containsOnly(1L);
    assertThat(trace.points()).allMatch(p -> p.meanLatencyNanos() > 0 && p.meanWriteBytes() >= 0);
    boolean tellsPages;
    try (Store store = open(newDir("pages"), new WorkloadSizing(1, 4, 4))) {
      tellsPages = store.pageCounts().isPresent();
    }
    var last = trace.points().get(trace.points().size() - 1);
    if (tellsPages) {
      // 1,000 entries of 116 bytes fill more than one page, and the file only grows in a load
      assertThat(trace.pageSize()).isPositive();
      assertThat(last.treePages()).isGreaterThan(1);
      assertThat(trace.points()).extracting(dev.kvbench.result.CommitTrace.Point::lastPageNumber).isSorted();
    } else {
      assertThat(trace.pageSize()).isZero();
      assertThat(last.lastPageNumber()).isEqualTo(-1);
    }
  }

  @Test
  void largestDeclaredKeyAndLargeValueRoundTrip() throws IOException {
    assumeThat(caps().retainsData()).isTrue();
    int keySize = Math.min(caps().maxKeySize(), 64 * 1024);
    int valueSize = Math.min(caps().maxValueSize(), 1 << 20);
    byte[] key = new byte[keySize];
    byte[] value = new byte[valueSize];
    new Random(7).nextBytes(key);
    new Random(8).nextBytes(value);
    try (Store store = open(newDir("max"), new WorkloadSizing(2, keySize, valueSize));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(direct(key), direct(value));
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        assertThat(bytes(r.get(direct(key)))).isEqualTo(value);
      }
    }
  }

  /**
   * The harness rewrites one key buffer and one value buffer before every put; a store that keeps
   * references instead of copying returns the last bytes for every key. Positions and limits of
   * the harness's buffers must survive every call.
   */
  @Test
  void reusedBuffersAreCopiedAndLeftAsTheyWere() throws IOException {
    assumeThat(caps().retainsData()).isTrue();
    int n = 500;
    ByteBuffer key = ByteBuffer.allocateDirect(8);
    ByteBuffer value = ByteBuffer.allocateDirect(32);
    try (Store store = open(newDir("reuse"), new WorkloadSizing(n, 8, 32));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
        for (int i = 0; i < n; i++) {
          key.putLong(0, i);
          for (int j = 0; j < 32; j += 4) {
            value.putInt(j, i * 31 + j);
          }
          w.put(key, value);
          assertThat(key.position()).isZero();
          assertThat(key.limit()).isEqualTo(8);
          assertThat(value.position()).isZero();
          assertThat(value.limit()).isEqualTo(32);
        }
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        for (int i = 0; i < n; i++) {
          key.putLong(0, i);
          ByteBuffer v = r.get(key);
          assertThat(key.position()).isZero();
          assertThat(key.limit()).isEqualTo(8);
          assertThat(v).as("key %d", i).isNotNull();
          assertThat(v.remaining()).isEqualTo(32);
          for (int j = 0; j < 32; j += 4) {
            assertThat(v.duplicate().order(java.nio.ByteOrder.BIG_ENDIAN).getInt(v.position() + j))
                .as("key %d byte %d", i, j).isEqualTo(i * 31 + j);
          }
        }
      }
    }
  }

  @Test
  void reopenAfterCloseKeepsData() throws IOException {
    assumeThat(caps().retainsData()).isTrue();
    Path dir = newDir("reopen");
    WorkloadSizing sizing = new WorkloadSizing(100, 4, 16);
    try (Store store = open(dir, sizing); Session s = store.openSession(); Writer w = s.beginWrite(WriteOrder.ANY)) {
      for (int i = 0; i < 100; i++) {
        w.put(KeyEncoding.INT.keyOf(i), direct(String.format("value-%010d", i).getBytes()));
      }
      w.commit();
    }
    try (Store store = open(dir, sizing); Session s = store.openSession(); Reader r = s.beginRead()) {
      for (int i = 0; i < 100; i++) {
        assertThat(new String(bytes(r.get(KeyEncoding.INT.keyOf(i)))))
            .isEqualTo(String.format("value-%010d", i));
      }
    }
  }

  @Test
  void cursorsFollowUnsignedByteOrderBothWays() throws IOException {
    assumeThat(caps().retainsData()).isTrue();
    assumeThat(caps().orderedScan()).isTrue();
    List<byte[]> keys = new ArrayList<>(List.of(
        new byte[] {0}, new byte[] {0, 0}, new byte[] {1}, new byte[] {0x7F}, new byte[] {(byte) 0x80},
        new byte[] {(byte) 0x80, 0}, new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xFF, (byte) 0xFF},
        new byte[] {0x10, (byte) 0xF0}, new byte[] {0x10, 0x0F}));
    try (Store store = open(newDir("order"), new WorkloadSizing(keys.size(), 2, 4));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        for (byte[] k : keys) {
          w.put(direct(k), direct(new byte[] {k[0], 1, 2, 3}));
        }
        w.commit();
      }
      keys.sort(Arrays::compareUnsigned);
      try (Reader r = s.beginRead()) {
        assertThat(scanAll(r, ScanDirection.FORWARD)).extracting(e -> e[0])
            .containsExactlyElementsOf(keys);
        if (caps().reverseScan()) {
          List<byte[]> reversed = new ArrayList<>(keys);
          java.util.Collections.reverse(reversed);
          assertThat(scanAll(r, ScanDirection.REVERSE)).extracting(e -> e[0])
              .containsExactlyElementsOf(reversed);
        }
        long[] visited = {0};
        long returned = r.scan(ScanDirection.FORWARD, (k, v) -> ++visited[0] < 3);
        assertThat(visited[0]).as("a visitor returning false stops the pass").isEqualTo(3);
        assertThat(returned).isEqualTo(3);
      }
    }
  }

  /** A visitor that reads no keys (the timed readSeq and readRev) still gets every value, in key order. */
  @Test
  void cursorsHandEveryValueToAVisitorThatReadsNoKeys() throws IOException {
    assumeThat(caps().retainsData()).isTrue();
    assumeThat(caps().orderedScan()).isTrue();
    int n = 300;
    try (Store store = open(newDir("values-only"), new WorkloadSizing(n, 4, 8));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        for (int i = n - 1; i >= 0; i--) {
          w.put(KeyEncoding.INT.keyOf(i), direct(java.nio.ByteBuffer.allocate(8).putLong(0, i * 31L).array()));
        }
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        for (ScanDirection d : caps().reverseScan() ? ScanDirection.values() : new ScanDirection[] {ScanDirection.FORWARD}) {
          List<Long> values = new ArrayList<>();
          long visited = r.scan(d, new dev.kvbench.store.EntryVisitor() {
            @Override
            public boolean visit(ByteBuffer key, ByteBuffer value) {
              return values.add(value.getLong(value.position()));
            }

            @Override
            public boolean readsKeys() {
              return false;
            }
          });
          List<Long> expected = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            expected.add((d == ScanDirection.FORWARD ? i : n - 1 - i) * 31L);
          }
          assertThat(visited).as(d.name()).isEqualTo(n);
          assertThat(values).as(d.name()).containsExactlyElementsOf(expected);
        }
      }
    }
  }

  @Test
  void undeclaredCursorsAreReportedUnsupportedNotThrown() {
    assumeThat(caps().orderedScan() && caps().reverseScan()).isFalse();
    CellResult result = runCell(KeyEncoding.INT, KeyOrder.SEQ, 100, 16, 100);
    assertThat(result.error()).isNull();
    for (PhaseResult p : result.phases()) {
      if (p.phase().equals("crud") || p.phase().equals("overwrite") || Phase.fromId(p.phase()).usesClients()) {
        continue;  // write, threaded and sustained workloads; harnessPhasesPassOnNEntries checks them
      }
      Phase phase = Phase.fromId(p.phase());
      if (p.phase().equals("readRev") && !caps().reverseScan()
          || (phase.needsOrderedScan() || phase.kind() == Phase.Kind.RANGE) && !caps().orderedScan()) {
        assertThat(p.status()).as(p.phase()).isEqualTo(PhaseStatus.UNSUPPORTED);
      } else if (p.phase().equals("scanRange") && !scansBackFromAKey()) {
        assertThat(p.status()).as(p.phase()).isEqualTo(PhaseStatus.UNSUPPORTED);
      } else {
        assertThat(p.status()).as(p.phase()).isEqualTo(PhaseStatus.OK);
      }
    }
  }

  @Test
  void closeReleasesEveryFile() throws IOException {
    Path dir = newDir("release");
    try (Store store = open(dir, new WorkloadSizing(1000, 4, 100)); Session s = store.openSession();
        Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
      for (int i = 0; i < 1000; i++) {
        w.put(KeyEncoding.INT.keyOf(i), ByteBuffer.allocateDirect(100));
      }
      w.commit();
    }
    Path fds = Path.of("/proc/self/fd");
    if (Files.isDirectory(fds)) {
      List<Path> open = new ArrayList<>();
      try (Stream<Path> links = Files.list(fds)) {
        links.forEach(l -> {
          try {
            Path target = Files.readSymbolicLink(l);
            if (target.startsWith(dir)) {
              open.add(target);
            }
          } catch (IOException | UnsupportedOperationException e) {
            // the fd closed while we looked: not ours
          }
        });
      }
      assertThat(open).as("files still open after close").isEmpty();
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
    assertThat(dir).doesNotExist();
  }

  /**
   * Many bindings unpack native libraries or write caches (LWJGL, HawtJNI, JNA, Chronicle): a
   * store, run in a fresh JVM, must leave nothing in java.io.tmpdir, the home directory or the
   * working directory, neither while that JVM runs nor after it exits. Only providers registered
   * with ServiceLoader can be started in another JVM; test-only providers skip this.
   */
  @Test
  void leavesNothingInTempHomeOrWorkingDirectory() throws Exception {
    StoreProvider p = provider();
    assumeThat(StoreRegistry.load().find(p.id()).map(Object::getClass)).contains(p.getClass());
    Path tmp = newDir("child-tmp");
    Path home = newDir("child-home");
    Path cwd = newDir("child-cwd");
    Path store = newDir("child-store");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports") || arg.startsWith("--enable-native-access")) {
        command.add(arg);
      }
    }
    command.add("-XX:-UsePerfData");
    // as kvbench's own cell JVMs run: a directory of their own that goes with them (ForkedCells)
    command.addAll(dev.kvbench.runner.fork.CellJvm.ownDirectoryFlags(newDir("child-own")));
    command.add("-Djava.io.tmpdir=" + tmp);
    command.add("-Duser.home=" + home);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(LeftoverProbe.class.getName());
    command.add(p.id());
    command.add(store.toString());
    settings().forEach((k, v) -> command.add(k + "=" + v));
    Process child = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(output).isZero();
    assertThat(output).contains("probe ok").doesNotContain("left behind:");
    assertThat(LeftoverProbe.listing(tmp)).as("java.io.tmpdir after exit").isEmpty();
    assertThat(LeftoverProbe.listing(home)).as("user.home after exit").isEmpty();
    assertThat(LeftoverProbe.listing(cwd)).as("working directory after exit").isEmpty();
  }
}
