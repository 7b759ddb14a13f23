package dev.kvbench.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.SortedMapStoreProvider;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 67: a recording of a real store's sessions, written and read back, and every way a file is not a whole trace. */
class TraceTest {

  @TempDir Path dir;

  private Store store() {
    SortedMapStoreProvider p = new SortedMapStoreProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of());
    try {
      Files.createDirectories(dir.resolve("store"));
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.open(new StoreConfig(dir.resolve("store"), s, Durability.NOSYNC, new WorkloadSizing(10, 8, 8)));
  }

  private static ByteBuffer bytes(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  /** An application's few operations through a recording store: two puts, a commit, a hit, a miss, a scan. */
  private Path record(KeyMode keys) {
    Path file = dir.resolve("app-" + keys.id() + ".trace");
    try (TraceWriter trace = TraceWriter.create(file, keys, 42, "TraceTest");
        Store store = Recording.of(store(), trace);
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(bytes("order-1"), ByteBuffer.wrap(new byte[100]));
        byte[] random = new byte[300];
        new java.util.Random(1).nextBytes(random);
        w.put(bytes("order-2"), ByteBuffer.wrap(random));
        w.commit();
      }
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(bytes("order-3"), bytes("dropped"));
        // closed without a commit: an abort
      }
      try (Reader r = s.beginRead()) {
        assertThat(r.get(bytes("order-1"))).isNotNull();
        assertThat(r.get(bytes("order-9"))).isNull();
        assertThat(r.scanFrom(bytes("order-1"), (k, v) -> true)).isEqualTo(2);
      }
      assertThat(trace.records()).isEqualTo(12);
      // nothing at the target until the trace is closed: a trace there is whole
      assertThat(file).doesNotExist();
    }
    assertThat(file).exists();
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  private static List<TraceOp> readAll(Path file) {
    List<TraceOp> ops = new ArrayList<>();
    try (TraceReader r = TraceReader.open(file)) {
      for (TraceOp op = r.next(); op != null; op = r.next()) {
        ops.add(op);
      }
    }
    return ops;
  }

  @Test
  void aRecordedSessionReadsBackOperationByOperation() {
    Path file = record(KeyMode.RAW);
    List<TraceOp> ops = readAll(file);
    assertThat(ops).extracting(TraceOp::kind).containsExactly(TraceKind.BEGIN_WRITE, TraceKind.PUT, TraceKind.PUT,
        TraceKind.COMMIT, TraceKind.BEGIN_WRITE, TraceKind.PUT, TraceKind.ABORT, TraceKind.BEGIN_READ, TraceKind.GET,
        TraceKind.GET, TraceKind.SCAN_FROM, TraceKind.END_READ);
    assertThat(new String(ops.get(1).key(), StandardCharsets.UTF_8)).isEqualTo("order-1");
    assertThat(ops.get(1).valueSize()).isEqualTo(100);
    assertThat(ops.get(1).valueClass()).isEqualTo(ValueClass.CONSTANT);
    assertThat(ops.get(2).valueSize()).isEqualTo(300);
    assertThat(ops.get(2).valueClass()).isEqualTo(ValueClass.RANDOM);
    assertThat(ops.get(5).valueClass()).isEqualTo(ValueClass.COMPRESSIBLE);
    assertThat(ops.get(8).found()).isTrue();
    assertThat(ops.get(8).valueSize()).isEqualTo(100);
    assertThat(ops.get(9).found()).isFalse();
    assertThat(ops.get(10).direction()).isEqualTo(ScanDirection.FORWARD);
    assertThat(ops.get(10).entries()).isEqualTo(2);
    assertThat(ops).allSatisfy(op -> assertThat(op.session()).isZero());
    // times never go back
    for (int i = 1; i < ops.size(); i++) {
      assertThat(ops.get(i).offsetNanos()).isGreaterThanOrEqualTo(ops.get(i - 1).offsetNanos());
    }
    try (TraceReader r = TraceReader.open(file)) {
      assertThat(r.header().source()).isEqualTo("TraceTest");
      assertThat(r.header().keyMode()).isEqualTo(KeyMode.RAW);
      assertThat(r.header().formatVersion()).isEqualTo(TraceFormat.VERSION);
    }
  }

  @Test
  void pseudonymsKeepWhichKeysRepeatButNotTheKeys() {
    List<TraceOp> ops = readAll(record(KeyMode.PSEUDONYMS));
    TraceOp put = ops.get(1);
    TraceOp get = ops.get(8);
    assertThat(put.key()).hasSize(TraceFormat.PSEUDONYM_BYTES);
    assertThat(put.keyLength()).isEqualTo("order-1".length());
    // the same key, the same pseudonym; another key, another
    assertThat(get.key()).isEqualTo(put.key());
    assertThat(ops.get(2).key()).isNotEqualTo(put.key());
    byte[] all = readBytes(dir.resolve("app-pseudonyms.trace"));
    assertThat(new String(all, StandardCharsets.ISO_8859_1)).doesNotContain("order-");
  }

  @Test
  void sessionsAreNumberedAsTheyOpen() throws Exception {
    Path file = dir.resolve("threads.trace");
    try (TraceWriter trace = TraceWriter.create(file, "two threads"); Store store = Recording.of(store(), trace)) {
      Thread[] threads = new Thread[2];
      for (int t = 0; t < 2; t++) {
        Session s = store.openSession();
        threads[t] = new Thread(() -> {
          for (int i = 0; i < 500; i++) {
            try (Reader r = s.beginRead()) {
              r.get(bytes("k" + i));
            }
          }
        });
        threads[t].start();
      }
      for (Thread t : threads) {
        t.join();
      }
    }
    List<TraceOp> ops = readAll(file);
    assertThat(ops).hasSize(2 * 3 * 500);
    assertThat(ops.stream().map(TraceOp::session).distinct().sorted()).containsExactly(0, 1);
  }

  private static byte[] readBytes(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path withBytes(String name, byte[] content) throws Exception {
    Path p = dir.resolve(name);
    Files.write(p, content);
    return p;
  }

  @Test
  void aTruncatedTraceSaysWhereItEndsAndGivesNoEndOfTrace() throws Exception {
    byte[] whole = readBytes(record(KeyMode.RAW));
    // cut inside the last records, and just before the end record's checksum
    for (int cut : new int[] {whole.length - 3, whole.length - 20}) {
      Path p = withBytes("cut-" + cut + ".trace", Arrays.copyOf(whole, cut));
      assertThatThrownBy(() -> readAll(p)).isInstanceOf(TraceFormatException.class)
          .hasMessageContaining(p.toString()).hasMessageContaining("truncated")
          .satisfies(e -> assertThat(((TraceFormatException) e).offset()).isBetween(0L, (long) cut));
    }
  }

  @Test
  void anotherFileANewerVersionAndDamageAreEachNamed() throws Exception {
    byte[] whole = readBytes(record(KeyMode.RAW));
    Path zip = withBytes("a.jar", new byte[] {'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0});
    assertThatThrownBy(() -> TraceReader.open(zip)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining(zip.toString()).hasMessageContaining("at byte 0").hasMessageContaining("not a kvbench trace")
        .hasMessageContaining("zip or jar");
    byte[] newer = whole.clone();
    newer[9] = 9; // version 9
    Path v9 = withBytes("v9.trace", newer);
    assertThatThrownBy(() -> TraceReader.open(v9)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining("at byte 8").hasMessageContaining("version 9").hasMessageContaining("newer kvbench");
    byte[] flipped = whole.clone();
    flipped[whole.length - 30] ^= 0x01; // a key or size byte: the checksum catches it, or the record does not parse
    Path damaged = withBytes("damaged.trace", flipped);
    assertThatThrownBy(() -> readAll(damaged)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining(damaged.toString()).hasMessageContaining("damaged");
    byte[] joined = Arrays.copyOf(whole, whole.length + 1);
    Path extra = withBytes("joined.trace", joined);
    assertThatThrownBy(() -> readAll(extra)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining("bytes follow");
    Path missing = dir.resolve("none.trace");
    assertThatThrownBy(() -> TraceReader.open(missing)).hasMessageContaining("no trace at " + missing);
  }

  /** A trace of {@code n} puts of 12-byte keys and 100-byte values, one nanosecond apart: 18 bytes a record. */
  private Path puts(int n) {
    Path file = dir.resolve("puts-" + n + ".trace");
    long[] clock = {0};
    try (TraceWriter trace = TraceWriter.create(file, KeyMode.RAW, 0, "TraceTest", () -> clock[0]++)) {
      for (int i = 0; i < n; i++) {
        trace.put(3, bytes(String.format("key-%08d", i)), ByteBuffer.wrap(new byte[100 + i % 2]));
      }
    }
    return file;
  }

  @Test
  void aTraceLongerThanTheReadersBufferReadsBackWholeAndADamagedRecordInItIsNamedByItsByte() throws Exception {
    int n = 60_000; // about 1 MB: the reader's buffer is refilled several times, most records read in place
    Path file = puts(n);
    List<TraceOp> ops = readAll(file);
    assertThat(ops).hasSize(n);
    for (int i = 0; i < n; i += 997) {
      TraceOp op = ops.get(i);
      assertThat(op.kind()).isEqualTo(TraceKind.PUT);
      assertThat(op.session()).isEqualTo(3);
      assertThat(new String(op.key(), StandardCharsets.UTF_8)).isEqualTo(String.format("key-%08d", i));
      assertThat(op.valueSize()).isEqualTo(100 + i % 2);
      assertThat(op.valueClass()).isEqualTo(ValueClass.CONSTANT);
    }
    byte[] whole = readBytes(file);
    byte[] key = String.format("key-%08d", 30_000).getBytes(StandardCharsets.UTF_8);
    int keyAt = indexOf(whole, key);
    int codeAt = keyAt - 4; // its code, session, time and key length, a byte each
    assertThat(whole[codeAt]).isEqualTo((byte) TraceKind.PUT.code());
    byte[] badCode = whole.clone();
    badCode[codeAt] = 0x7E;
    Path p1 = withBytes("bad-code.trace", badCode);
    assertThatThrownBy(() -> readAll(p1)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining(p1.toString()).hasMessageContaining("0x7e")
        .satisfies(e -> assertThat(((TraceFormatException) e).offset()).isEqualTo(codeAt));
    byte[] badClass = whole.clone();
    int classAt = keyAt + key.length + 1;
    badClass[classAt] = 9;
    Path p2 = withBytes("bad-class.trace", badClass);
    assertThatThrownBy(() -> readAll(p2)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining("no value class")
        .satisfies(e -> assertThat(((TraceFormatException) e).offset()).isEqualTo(classAt));
  }

  private static int indexOf(byte[] in, byte[] part) {
    outer:
    for (int i = 0; i + part.length <= in.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (in[i + j] != part[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }
}
