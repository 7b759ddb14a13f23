package dev.kvbench.stores.libmdbx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

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
import dev.kvbench.testing.Mappings;
import dev.kvbench.stores.lmdb.LmdbSettings;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LibmdbxSettingsTest {

  @TempDir Path dir;

  private static void assumeBundled() {
    assumeThat(MdbxNatives.get().availability().reason()).as("libmdbx bundled in this build").isEmpty();
  }

  private Map<String, Object> nativeSettings(Map<String, String> given, Durability durability) {
    assumeBundled();
    LibmdbxProvider p = new LibmdbxProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), given);
    try (Store store = p.open(new StoreConfig(dir, s, durability, new WorkloadSizing(1000, 4, 100)))) {
      return store.nativeSettings();
    }
  }

  /** The LMDB stores' settings and durability, as libmdbx's flags. */
  @ParameterizedTest
  @CsvSource({
    "true,  true,  utterly, NOSYNC, MDBX_WRITEMAP MDBX_UTTERLY_NOSYNC",
    "true,  true,  safe,    NOSYNC, MDBX_WRITEMAP MDBX_SAFE_NOSYNC",
    "true,  false, utterly, NOSYNC, MDBX_WRITEMAP MDBX_UTTERLY_NOSYNC",
    "true,  true,  utterly, LAZY,   MDBX_WRITEMAP MDBX_NOMETASYNC",
    "true,  true,  utterly, SYNC,   MDBX_WRITEMAP MDBX_SYNC_DURABLE",
    "true,  false, utterly, SYNC,   MDBX_WRITEMAP MDBX_NOMETASYNC",
    "false, true,  utterly, SYNC,   MDBX_SYNC_DURABLE",
    "false, true,  safe,    NOSYNC, MDBX_SAFE_NOSYNC",
  })
  void envFlagsFollowSettingsAndDurability(
      boolean writeMap, boolean metaSync, String nosync, Durability durability, String flags) {
    Map<String, Object> n = nativeSettings(Map.of("writeMap", Boolean.toString(writeMap),
        "metaSync", Boolean.toString(metaSync), "nosync", nosync), durability);
    assertThat(n.get("envFlags")).isEqualTo(List.of(flags.split(" ")));
  }

  @Test
  void recordsTheVersionTheLibraryReportsAndTheGeometry() {
    Map<String, Object> n = nativeSettings(Map.of(), Durability.NOSYNC);
    // the wheel's libmdbx is v0.13.12 plus 15 commits; mdbx_version says so, not the wheel's name
    assertThat(n.get("libmdbxVersion")).isEqualTo("0.13.12");
    assertThat(n.get("libmdbxGitDescribe").toString()).startsWith("v0.13.12-");
    assertThat(n.get("libmdbxGitCommit").toString()).matches("[0-9a-f]{40}");
    assertThat(n.get("libmdbxBuild").toString()).contains("x86_64", "Linux");
    assertThat(n.get("libmdbxBuildOptions").toString()).contains("MDBX_DEBUG=0");
    assertThat(n.get("nativeLibrary").toString()).contains("bundled from PyPI's libmdbx 0.3.2 wheel");
    assertThat(n.get("sizeUpperBytes")).isEqualTo(LmdbSettings.autoMapSize(new WorkloadSizing(1000, 4, 100)));
    assertThat(n.get("maxKeySize")).isEqualTo(LibmdbxProvider.MAX_KEY_SIZE);
    assertThat(n.get("pageSize")).isEqualTo(4096);
    // the reader slots the capabilities declare are the ones the library gives
    assertThat(n.get("maxReaders")).isEqualTo(new LibmdbxProvider().capabilities().concurrency().readers());
    assertThat(n.get("dbiFlags")).isEqualTo(List.of("MDBX_CREATE"));
    assertThat(n.get("readKeyCall").toString()).contains("MDBX_SET_KEY");
    // issue 42, 19: the library's version, and the wheel's, each named as what it is
    assertThat(new LibmdbxProvider().libraryVersion()).isEqualTo("0.13.12 (PyPI wheel 0.3.2)");
    assertThat(new LibmdbxProvider().library()).isEqualTo("native:libmdbx");
  }

  @Test
  void theAutosyncThresholdIsSetOnTheOpenEnvironmentOnlyWhenAsked() {
    assertThat(nativeSettings(Map.of(), Durability.NOSYNC).get("syncBytes")).isEqualTo("off");
    assertThat(nativeSettings(Map.of("syncBytes", "1m"), Durability.NOSYNC).get("syncBytes")).isEqualTo(1L << 20);
  }

  /**
   * Inserts 30,000 keys of 1,000 bytes in random order, one put per transaction, in nosync mode
   * with the map kvbench sizes for them (as {@code run --phases write --batch-size 1} does):
   * without an autosync libmdbx fills the map; the error says which setting lets it finish, and
   * with that setting it does.
   */
  @Test
  void smallNosyncTransactionsNeedTheAutosyncThresholdAndTheErrorSaysSo() {
    assumeBundled();
    assertThat(insertOnePutPerTransaction(Map.of(), dir.resolve("off")))
        .contains("upper size bound", "-o libmdbx.syncBytes=4m");
    assertThat(insertOnePutPerTransaction(Map.of("syncBytes", "4m"), dir.resolve("4m"))).isEqualTo("finished");
  }

  private String insertOnePutPerTransaction(Map<String, String> given, Path where) {
    LibmdbxProvider p = new LibmdbxProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), given);
    int entries = 30_000;
    ByteBuffer key = ByteBuffer.allocateDirect(4);
    ByteBuffer value = ByteBuffer.allocateDirect(1000);
    try (Store store = p.open(new StoreConfig(where, s, Durability.NOSYNC, new WorkloadSizing(entries, 4, 1000)));
        Session session = store.openSession()) {
      for (int i = 0; i < entries; i++) {
        key.putInt(0, (int) (i * 7919L % entries)); // 7919 is prime to 30,000: every key once
        try (Writer w = session.beginWrite(WriteOrder.ANY)) {
          w.put(key, value);
          w.commit();
        }
      }
      return "finished";
    } catch (dev.kvbench.store.StoreException e) {
      return e.getMessage();
    }
  }

  @Test
  void explicitMapSizeIsTheUpperBound() {
    assertThat(nativeSettings(Map.of("mapSize", "256m"), Durability.SYNC).get("sizeUpperBytes")).isEqualTo(256L << 20);
  }

  @Test
  void aLibraryNamedByTheEnvironmentIsLoadedAndRecorded() throws Exception {
    assumeBundled();
    Path copy = dir.resolve("elsewhere").resolve("libmdbx.so");
    Files.createDirectories(copy.getParent());
    try (InputStream in = MdbxNatives.class.getResourceAsStream(MdbxNatives.BUNDLED)) {
      Files.copy(in, copy);
    }
    MdbxNatives other = MdbxNatives.load(copy.toString());
    assertThat(other.availability().available()).as(other.availability().reason()).isTrue();
    assertThat(other.source()).isEqualTo(MdbxNatives.LIBRARY_ENV + "=" + copy.toAbsolutePath());
    assertThat(other.version().release()).isEqualTo("0.13.12");
  }

  @Test
  void aMissingOrWrongLibraryMakesTheStoreUnavailableSayingWhy() throws Exception {
    MdbxNatives missing = MdbxNatives.load(dir.resolve("nope.so").toString());
    assertThat(missing.availability().available()).isFalse();
    assertThat(missing.availability().reason())
        .contains(MdbxNatives.LIBRARY_ENV + "=" + dir.resolve("nope.so") + " is not a readable file", "leave it out");
    // a cell's nativeLib goes the same way, named as the setting
    assertThat(MdbxNatives.at(dir.resolve("nope.so").toString()).availability().reason())
        .contains("nativeLib=" + dir.resolve("nope.so") + " is not a readable file");

    Path notALibrary = Files.writeString(dir.resolve("fake.so"), "not an ELF file");
    MdbxNatives fake = MdbxNatives.load(notALibrary.toString());
    assertThat(fake.availability().available()).isFalse();
    assertThat(fake.availability().reason()).startsWith("libmdbx did not load:").contains("fake.so");
  }

  /** A build without pip bundles no library: the store says how to get one. */
  @Test
  void withoutTheBundledLibraryTheReasonSaysHowToGetIt() {
    MdbxNatives none = MdbxNatives.load(null, () -> null);
    assertThat(none.availability().available()).isFalse();
    assertThat(none.availability().reason()).isEqualTo(MdbxNatives.HOW_TO_GET)
        .contains("pip", "libmdbx==0.3.2", MdbxNatives.LIBRARY_ENV + "=/path/to/libmdbx.so");
    assertThat(none.version()).isNull();
  }

  /**
   * Reads hand out one reused direct buffer per role, pointed at libmdbx's map: no allocation per
   * get or cursor step. Heap buffers, which the harness never passes, still work, untouched.
   */
  @Test
  void readsReuseOneViewOfTheMapAndHeapInputsWork() {
    assumeBundled();
    LibmdbxProvider p = new LibmdbxProvider();
    StoreSettings s = StoreSettings.defaults(p.id(), p.settings());
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(2, 4, 8)));
        Session session = store.openSession()) {
      ByteBuffer heapKey = ByteBuffer.allocate(6).position(1).limit(5);
      ByteBuffer heapValue = ByteBuffer.allocate(8).putLong(0, 7);
      try (Writer w = session.beginWrite(WriteOrder.ANY)) {
        w.put(heapKey.putInt(1, 1), heapValue);
        w.put(ByteBuffer.allocateDirect(4).putInt(0, 2), ByteBuffer.allocateDirect(8).putLong(0, 8));
        w.commit();
      }
      assertThat(heapKey.position()).isEqualTo(1);
      assertThat(heapKey.limit()).isEqualTo(5);
      assertThat(heapValue.position()).isZero();
      try (Reader r = session.beginRead()) {
        ByteBuffer first = r.get(heapKey);
        assertThat(first.isDirect()).isTrue();
        assertThat(first.getLong(0)).isEqualTo(7);
        ByteBuffer second = r.get(ByteBuffer.allocateDirect(4).putInt(0, 2));
        assertThat(second).isSameAs(first);
        assertThat(second.getLong(0)).isEqualTo(8);
        List<ByteBuffer> keys = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        r.scan(ScanDirection.REVERSE, (k, v) -> keys.add(k) && values.add(v.getLong(0)));
        assertThat(keys).hasSize(2);
        assertThat(keys.get(1)).isSameAs(keys.get(0));
        assertThat(values).containsExactly(8L, 7L);
      }
    }
  }

  /** readAhead=false opens the env with MDBX_NORDAHEAD: the kernel is told the map is read at random. */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void readAheadOffMarksTheMapRandomRead(boolean readAhead) throws Exception {
    assumeBundled();
    LibmdbxProvider p = new LibmdbxProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of("readAhead", Boolean.toString(readAhead)));
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(1000, 4, 100)))) {
      assertThat(store.nativeSettings().get("envFlags")).isEqualTo(readAhead
          ? List.of("MDBX_WRITEMAP", "MDBX_UTTERLY_NOSYNC") : List.of("MDBX_WRITEMAP", "MDBX_UTTERLY_NOSYNC", "MDBX_NORDAHEAD"));
      // libmdbx advises the part of the map in use, so the kernel splits the mapping there: one part is rr
      List<java.util.Set<String>> mappings = Mappings.vmFlags(dir.resolve("mdbx.dat"));
      assertThat(mappings).isNotEmpty();
      assertThat(mappings.stream().anyMatch(flags -> flags.contains("rr"))).as(mappings.toString()).isEqualTo(!readAhead);
    }
  }
}
