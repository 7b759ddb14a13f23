package dev.kvbench.stores.leveldbjava;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract test's stores stay inside one 4 MiB memtable; this one writes several times that,
 * so iq80 flushes tables (memory-mapped on 64-bit JVMs) and compacts while the data must survive
 * and every file must still be closed and unmapped on close.
 */
class LevelDbJavaFlushTest {

  private static final int N = 120_000;
  private static final int VALUE_SIZE = 100;

  @TempDir Path dir;

  @Test
  void dataSurvivesFlushesAndCloseReleasesTableFiles() throws IOException {
    LevelDbJavaProvider p = new LevelDbJavaProvider();
    StoreSettings s = StoreSettings.defaults(p.id(), p.settings());
    StoreConfig config = new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(N, 4, VALUE_SIZE));
    ByteBuffer key = ByteBuffer.allocateDirect(4);
    ByteBuffer value = ByteBuffer.allocateDirect(VALUE_SIZE);
    try (Store store = p.open(config); Session session = store.openSession();
        Writer w = session.beginWrite(WriteOrder.ANY)) {
      for (int i = 0; i < N; i++) {
        // a scattered order, so compactions merge overlapping tables
        int k = (int) ((i * 2_654_435_761L) % N);
        key.putInt(0, k);
        value.putInt(0, k).putInt(VALUE_SIZE - 4, ~k);
        w.put(key, value);
        if (i % 10_000 == 9_999) {
          w.commit();
        }
      }
      w.commit();
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.filter(f -> f.toString().endsWith(".sst") || f.toString().endsWith(".ldb")).count())
          .as("table files written").isPositive();
    }
    assertThat(openFilesUnder(dir)).isEmpty();

    try (Store store = p.open(config); Session session = store.openSession(); Reader r = session.beginRead()) {
      for (int k = 0; k < N; k += 997) {
        key.putInt(0, k);
        ByteBuffer v = r.get(key);
        assertThat(v).as("key %d", k).isNotNull();
        assertThat(v.getInt(v.position())).isEqualTo(k);
        assertThat(v.getInt(v.position() + VALUE_SIZE - 4)).isEqualTo(~k);
      }
      int[] expected = {0};
      long visited = r.scan(ScanDirection.FORWARD, (k, v) -> {
        assertThat(k.getInt(k.position())).isEqualTo(expected[0]);
        assertThat(v.getInt(v.position())).isEqualTo(expected[0]++);
        return true;
      });
      assertThat(visited).isEqualTo(N);
    }
    assertThat(openFilesUnder(dir)).isEmpty();
  }

  /** Files under {@code dir} this process still has open or memory-mapped. */
  private static List<Path> openFilesUnder(Path dir) throws IOException {
    List<Path> open = new ArrayList<>();
    Path maps = Path.of("/proc/self/maps");
    if (Files.isReadable(maps)) {
      for (String line : Files.readAllLines(maps)) {
        int at = line.indexOf(dir.toString());
        if (at >= 0) {
          open.add(Path.of(line.substring(at)));
        }
      }
    }
    Path fds = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fds)) {
      return open;
    }
    try (Stream<Path> links = Files.list(fds)) {
      links.forEach(l -> {
        try {
          Path target = Files.readSymbolicLink(l);
          if (target.startsWith(dir)) {
            open.add(target);
          }
        } catch (IOException | UnsupportedOperationException e) {
          // closed while we looked: not ours
        }
      });
    }
    return open;
  }
}
