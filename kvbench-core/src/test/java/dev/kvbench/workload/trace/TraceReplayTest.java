package dev.kvbench.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.CorruptingStoreProvider;
import dev.kvbench.testing.SortedMapStoreProvider;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 67: a recorded application replayed on another store, every read checked against what the replay wrote. */
class TraceReplayTest {

  @TempDir Path dir;
  private final AtomicInteger stores = new AtomicInteger();

  /** A sorted map with deletes and gets inside a write. */
  static final class FullProvider extends SortedMapStoreProvider {
    @Override
    public Capabilities capabilities() {
      return super.capabilities().withWriteOperations(EnumSet.of(WriteOperation.OVERWRITE, WriteOperation.DELETE,
          WriteOperation.GET_IN_WRITE));
    }
  }

  private Store open(StoreProvider p) throws Exception {
    Path d = Files.createDirectories(dir.resolve("store-" + stores.incrementAndGet()));
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of());
    return p.open(new StoreConfig(d, s, Durability.NOSYNC, new WorkloadSizing(100, 8, 100)));
  }

  private static ByteBuffer key(long k) {
    return ByteBuffer.allocate(8).putLong(0, k);
  }

  /**
   * An application on a store that already holds keys 0-99: it reads some of them, overwrites,
   * deletes, aborts a write, reads its own write inside a transaction, and scans forward and back.
   */
  private Path recordApplication(KeyMode keys) throws Exception {
    Store before = open(new FullProvider());
    try (Session s = before.openSession(); Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
      for (long k = 0; k < 100; k++) {
        w.put(key(k), ByteBuffer.wrap(new byte[40]));
      }
      w.commit();
    }
    Path file = dir.resolve("app-" + keys.id() + ".trace");
    try (TraceWriter trace = TraceWriter.create(file, keys, 7, "TraceReplayTest")) {
      Store store = Recording.of(before, trace);
      try (Session s = store.openSession()) {
        try (Reader r = s.beginRead()) {
          for (long k = 0; k < 120; k += 3) {
            r.get(key(k)); // 0-99 found, 102-117 missed
          }
        }
        try (Writer w = s.beginWrite(WriteOrder.ANY)) {
          w.put(key(5), ByteBuffer.wrap("a new value".getBytes()));
          w.put(key(200), ByteBuffer.wrap(new byte[300]));
          w.delete(key(6));
          assertThat(w.get(key(200))).isNotNull();
          w.commit();
        }
        try (Writer w = s.beginWrite(WriteOrder.ANY)) {
          w.put(key(300), ByteBuffer.wrap(new byte[10]));
        }
        try (Reader r = s.beginRead()) {
          r.get(key(5));
          r.get(key(6));
          r.get(key(300));
          r.scanFrom(key(3), (k, v) -> true);
          r.scanFrom(key(50), ScanDirection.REVERSE, (k, v) -> k.getLong(0) > 40);
        }
      }
      store.close();
    }
    return file;
  }

  @Test
  void aRecordedApplicationReplaysOnAFreshStoreAndEveryReadFindsWhatTheReplayWrote() throws Exception {
    Path file = recordApplication(KeyMode.RAW);
    TracePlan plan = TracePlan.of(file);
    // the keys read before any write (0, 3, ..., 99 found), not the ones missed or written first
    assertThat(plan.preload()).hasSize(34).allSatisfy((k, size) -> assertThat(size).isEqualTo(40));
    assertThat(plan.needs()).containsExactlyInAnyOrder(TracePlan.Need.ORDERED_SCAN, TracePlan.Need.REVERSE_SCAN,
        TracePlan.Need.DELETE, TracePlan.Need.GET_IN_WRITE);
    assertThat(plan.overlap()).isNull();
    FullProvider full = new FullProvider();
    assertThat(plan.unsupportedReason(full.capabilities())).isNull();
    TraceReplay replay = new TraceReplay(plan, TraceReplay.Checks.AGAINST_WHAT_WAS_WRITTEN);
    assertThat(replay.unsupportedReason(full.capabilities())).isNull();
    try (Store fresh = open(full)) {
      replay.load(fresh);
      TraceReplay.Outcome o = replay.replay(fresh);
      assertThat(o.failure()).isNull();
      assertThat(o.operations()).isEqualTo(plan.operations());
      assertThat(o.byKind()).containsEntry(TraceKind.GET, 43L).containsEntry(TraceKind.PUT, 3L)
          .containsEntry(TraceKind.ABORT, 1L).containsEntry(TraceKind.SCAN_FROM, 2L);
      // the store held only the keys the trace read: its scans visit fewer entries than when recorded
      assertThat(o.scannedEntries()).isPositive().isLessThan(o.recordedScanEntries());
    }
  }

  @Test
  void aPseudonymisedTraceReplaysToo() throws Exception {
    TracePlan plan = TracePlan.of(recordApplication(KeyMode.PSEUDONYMS));
    try (Store fresh = open(new FullProvider())) {
      TraceReplay replay = new TraceReplay(plan, TraceReplay.Checks.AGAINST_WHAT_WAS_WRITTEN);
      replay.load(fresh);
      assertThat(replay.replay(fresh).failure()).isNull();
    }
  }

  @Test
  void aStoreThatReturnsAWrongValueFailsTheReplay() throws Exception {
    TracePlan plan = TracePlan.of(recordApplication(KeyMode.RAW));
    TraceReplay replay = new TraceReplay(plan, TraceReplay.Checks.AGAINST_WHAT_WAS_WRITTEN);
    try (Store bad = open(new CorruptingStoreProvider(key(9), 0))) {
      replay.load(bad);
      TraceReplay.Outcome o = replay.replay(bad);
      assertThat(o.failure()).contains("get of session 0").contains("the value under 0000000000000009 is not the one"
          + " the replay wrote");
      assertThat(o.operations()).isLessThan(plan.operations());
    }
  }

  @Test
  void aStoreWithoutWhatTheTraceUsesIsToldWhyAndOverlappingSessionsNeedOneThatServesThemAtOnce() throws Exception {
    TracePlan plan = TracePlan.of(recordApplication(KeyMode.RAW));
    assertThat(plan.unsupportedReason(new SortedMapStoreProvider().capabilities()))
        .contains("deletes").contains("gets of a write transaction's own writes").contains("which the store does not declare");
    Path file = dir.resolve("overlap.trace");
    try (TraceWriter w = TraceWriter.create(file, "overlap")) {
      w.record(TraceKind.BEGIN_READ, 0);
      w.record(TraceKind.BEGIN_READ, 1);
      w.record(TraceKind.END_READ, 0);
      w.record(TraceKind.END_READ, 1);
    }
    TracePlan overlap = TracePlan.of(file);
    assertThat(overlap.sessions()).isEqualTo(2);
    assertThat(overlap.overlap().reads()).isEqualTo(2);
    assertThat(Replayer.of(overlap, TraceReplay.Checks.AGAINST_WHAT_WAS_WRITTEN, true, ReplayPace.AS_FAST_AS_POSSIBLE,
        new SortedMapStoreProvider().capabilities()).unsupportedReason(new SortedMapStoreProvider().capabilities())).contains("session 1 began a transaction")
        .contains("a thread per session").contains("one session at a time");
  }

  @Test
  void aTraceNoRecordingWritesIsNamedWithTheByteOfItsFirstMisplacedOperation() throws Exception {
    Path file = dir.resolve("hand-made.trace");
    try (TraceWriter w = TraceWriter.create(file, "hand-made")) {
      w.record(TraceKind.BEGIN_READ, 0);
      w.get(TraceKind.GET, 0, key(1), null);
      w.put(0, key(1), ByteBuffer.allocate(10)); // a put inside a read transaction
    }
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> TracePlan.of(file))
        .isInstanceOf(TraceFormatException.class)
        .hasMessageContaining(file.toString()).hasMessageMatching(".*at byte [1-9][0-9]*: operation 3 of session 0, a put"
            + " outside a write transaction.*");
  }
}
