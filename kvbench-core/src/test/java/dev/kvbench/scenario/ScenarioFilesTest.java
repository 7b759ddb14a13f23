package dev.kvbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioFilesTest {

  @TempDir Path temp;

  private final ScenarioFiles files = new ScenarioFiles();
  private final StoreRegistry registry = StoreRegistry.load();

  private Scenario parse(String yaml) {
    return files.parse(yaml, "s.yaml", "s", registry);
  }

  /** What YAML would silently take or drop is refused, saying where and what to write instead. */
  @Test
  void yamlThatWouldBeReadOtherThanMeantIsRefused() throws Exception {
    assertThatThrownBy(() -> parse("phases: [write]\nphases: [readKey]\n")).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("s.yaml:2").hasMessageContaining("'phases' is given twice");
    assertThatThrownBy(() -> parse("matrix:\n  entries: [1000]\n  entries: [2000]\n"))
        .hasMessageContaining("'entries' is given twice");
    assertThatThrownBy(() -> parse("name: one\n---\nname: two\n")).hasMessageContaining("s.yaml:3")
        .hasMessageContaining("a second YAML document");
    assertThatThrownBy(() -> parse("matrix:\n  stores: [null]\n")).hasMessageContaining("matrix.stores[0]")
        .hasMessageContaining("quote it: 'null'").hasMessageNotContaining("unknown store");
    assertThat(parse("matrix:\n  stores: ['null']\n").matrix().stores()).containsExactly("null");

    Path latin1 = Files.write(temp.resolve("latin1.yaml"), "name: caf\u00e9\n".getBytes(
        java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> files.read(latin1, registry)).hasMessageContaining("latin1.yaml is not UTF-8")
        .hasMessageNotContaining("Input length");
    Path huge = Files.writeString(temp.resolve("huge.yaml"), "name: " + "x".repeat((1 << 20) + 1) + "\n");
    assertThatThrownBy(() -> files.read(huge, registry)).hasMessageContaining("huge.yaml is 1,048,584 bytes")
        .hasMessageContaining("at most 1,048,576");
  }

  /** Jackson's and kvbench's own class names mean nothing to whoever wrote the YAML. */
  @Test
  void messagesSpeakOfTheYamlNotOfClasses() {
    for (String yaml : List.of("matrix: [1]\n", "repetitions: 3\n", "matrix:\n  settings: [1]\n",
        "traffic:\n  rate: [1, 2]\n", "custom:\n  operations: [{name: x}]\n",
        "custom:\n  operations: [{name: x, access: rw, share: 1, class: a.B}]\n", "jvm:\n  options: {a: 1}\n")) {
      assertThatThrownBy(() -> parse(yaml)).as(yaml).isInstanceOf(ScenarioException.class)
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("dev.kvbench", "java.", "Yaml", "$", "\"")
              .startsWith("s.yaml:"));
    }
    // YAML's empty values (~, null, nothing) in a list: named, never a NullPointerException
    for (String yaml : List.of("matrix:\n  entries: [~]\n", "matrix:\n  keys: [null]\n", "matrix:\n  threads: [~]\n",
        "jvm:\n  options: [~]\n", "custom:\n  operations:\n    - {name: a, access: read_only, share: 1, class: ~}\n")) {
      assertThatThrownBy(() -> parse(yaml)).as(yaml).isInstanceOf(ScenarioException.class)
          .satisfies(e -> assertThat(e.getMessage()).containsAnyOf("is empty", "has no class")
              .doesNotContain("NullPointer"));
    }
    assertThatThrownBy(() -> parse("repetitions: 3\n")).hasMessageContaining("expected a mapping (key: value)"
        + " here, found a number");
    assertThatThrownBy(() -> parse("custom:\n  operations: [{name: x}]\n")).hasMessageContaining("has no access");
  }

  @Test
  void everyFieldHasADefault() {
    Scenario s = parse("");
    assertThat(s.name()).isEqualTo("s");
    assertThat(s.matrix()).isEqualTo(Matrix.DEFAULT);
    assertThat(s.phases()).isEqualTo(Phase.LMDBJAVA_2016_PHASES);
    assertThat(s.seed()).isEqualTo(20160710);
    assertThat(s.repetitions()).isEqualTo(new Repetitions(3, 2, 1000, 3));
    assertThat(s.jvm()).isEqualTo(JvmOptions.DEFAULT);
    assertThat(s.cellTimeout()).isEqualTo(Duration.ofHours(1));
    assertThat(s.latencySample()).isEqualTo(Scenario.DEFAULT_LATENCY_SAMPLE).isEqualTo(64);
  }

  @Test
  void aCompleteFileReadsAndWritesBackTheSame() throws Exception {
    String yaml = """
        name: sweep
        description: a writeMap sweep
        matrix:
          stores: [misbehaving, "null"]
          entries: [1m, 2_000]
          valueSizes: [2026, 2027]
          keys: [int, str]
          orders: rnd
          batchSizes: [all, 10k]
          durability: [nosync, lazy]
          settings:
            misbehaving.ordered: [true, false]
        phases: [write, readKey]
        seed: 7
        repetitions: {forks: 0, warmupPasses: 1, warmupMillis: 250, measured: 5}
        jvm: {heap: 2g, options: ["-XX:+UseSerialGC"]}
        cellTimeout: 90s
        latencySample: 4
        """;
    Path file = Files.writeString(temp.resolve("sweep.yaml"), yaml);
    Scenario s = files.read(file, registry);
    assertThat(s.matrix().get(Axes.ENTRIES)).containsExactly(1_000_000L, 2_000L);
    assertThat(s.matrix().get(Axes.ORDERS)).containsExactly(KeyOrder.RND);
    assertThat(s.matrix().get(Axes.BATCH_SIZES)).containsExactly(Matrix.ALL_IN_ONE, 10_000L);
    assertThat(s.matrix().get(Axes.DURABILITY)).containsExactly(Durability.NOSYNC, Durability.LAZY);
    assertThat(s.repetitions()).isEqualTo(new Repetitions(0, 1, 250, 5));
    assertThat(s.jvm()).isEqualTo(JvmOptions.DEFAULT.with(JvmSettings.HEAP, "2g").with(JvmSettings.OPTIONS, List.of("-XX:+UseSerialGC")));
    assertThat(s.cellTimeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(files.parse(files.write(s), "again", "x", registry)).isEqualTo(s);

    List<CellParams> cells = s.cells(registry);
    // 2 keys x 1 order x 2 value sizes x 2 durabilities x (misbehaving x 2 + null) x (1m: 2 batches; 2,000:
    // one, as a batch of 10k is all of its entries)
    assertThat(cells).hasSize(2 * 2 * 2 * 3 * (2 + 1));
    assertThat(cells.stream().map(CellParams::id).distinct()).hasSize(cells.size());
    assertThat(cells).filteredOn(c -> c.storeId().equals("misbehaving"))
        .extracting(c -> c.setup().storeSettings().get("ordered")).containsOnly("true", "false");
    assertThat(cells).filteredOn(c -> c.data().entries() == 2_000 && c.write().batchSize() == 2_000).isNotEmpty();
  }

  @Test
  void anUnknownKeyNamesFileLineColumnAndTheAllowedKeys() {
    assertThatThrownBy(() -> parse("name: x\nmatrix:\n  entrys: [10]\n"))
        .hasMessageStartingWith("s.yaml:3:")
        .hasMessageContaining("unknown key 'entrys'")
        .hasMessageContaining(
            "batchSizes, codecs, dataSizes, durability, entries, gc, keys, missFractions, orders, rateShapes, rates, scanLengths, settings, stores, threads,"
                + " traces, valueContents, valueSizes, writerRates");
    assertThatThrownBy(() -> parse("repetition: {}\n")).hasMessageContaining("s.yaml:1:")
        .hasMessageContaining("repetitions");
  }

  @Test
  void valueContentsSweepAndEachNamesItsCellAndABadOneSaysWhatIsAccepted() {
    Scenario s = parse("matrix:\n  valueContents: [random, zeros, \"compressible:0.5\"]\n");
    assertThat(s.matrix().get(Axes.VALUE_CONTENTS)).containsExactly(ValueContent.RANDOM, ValueContent.ZEROS,
        ValueContent.compressible(0.5));
    assertThat(files.parse(files.write(s), "again", "s", registry)).isEqualTo(s);
    Scenario c = parse("matrix:\n  codecs: [none, deflate]\n");
    assertThat(c.matrix().get(Axes.CODECS)).containsExactly("none", "deflate");
    assertThat(c.cells(registry)).extracting(CellParams::id).anyMatch(id -> id.endsWith(" codec=deflate"));
    assertThatThrownBy(() -> parse("matrix:\n  codecs: [gzip]\n").cells(registry))
        .hasMessageContaining("matrix.codecs", "unknown value codec 'gzip'", "none, deflate", "kvbench-codecs");
    assertThatThrownBy(() -> parse("matrix:\n  valueContents: [snappy]\n"))
        .hasMessageStartingWith("s.yaml:2:")
        .hasMessageContaining("unknown value content 'snappy'", "random, zeros or compressible:R");
  }

  @Test
  void aBadValueNamesWhereItIsAndTheAllowedValues() {
    assertThatThrownBy(() -> parse("matrix:\n  keys: [int,\n    uuid]\n"))
        .hasMessageStartingWith("s.yaml:3:5: matrix.keys[1]: unknown key type 'uuid'")
        .hasMessageContaining("use int, str, uuid4, uuid7, ycsb");
    assertThatThrownBy(() -> parse("matrix:\n  orders: [zipf]\n")).hasMessageStartingWith("s.yaml:2:")
        .hasMessageContaining("use seq or rnd");
    assertThatThrownBy(() -> parse("phases: [write, readAll]\n")).hasMessageStartingWith("s.yaml:1:")
        .hasMessageContaining("phases[1]").hasMessageContaining("readKey, readSeq");
    assertThatThrownBy(() -> parse("matrix:\n  entries: ['1,000']\n")).hasMessageStartingWith("s.yaml:2:")
        .hasMessageContaining("a comma separates the values of a sweep");
    assertThatThrownBy(() -> parse("cellTimeout: soon\n")).hasMessageContaining("s.yaml:1:")
        .hasMessageContaining("90s, 30m or 2h");
    assertThatThrownBy(() -> parse("matrix:\n  stores: [leveldb]\n")).hasMessageStartingWith("s.yaml:2:")
        .hasMessageContaining("unknown store 'leveldb'").hasMessageContaining("misbehaving");
    assertThatThrownBy(() -> parse("matrix:\n  stores: [misbehaving]\n  settings:\n    misbehaving.failure: [often]\n"))
        .hasMessageStartingWith("s.yaml:4:").hasMessageContaining("failure").hasMessageContaining("segv");
    assertThatThrownBy(() -> parse("matrix:\n  stores: [misbehaving]\n  entries: [10, 10]\n"))
        .hasMessageContaining("lists a value twice");
    // issue 42, 11: a store setting's sweep too (0.11,0.11 would run one cell twice as two)
    assertThatThrownBy(() -> parse("matrix:\n  stores: [misbehaving]\n  settings:\n    misbehaving.failure: [none, none]\n"))
        .hasMessageContaining("misbehaving.failure lists a value twice");
    assertThatThrownBy(() -> parse("matrix: [1, 2]\n")).hasMessageStartingWith("s.yaml:1:");
  }

  @Test
  void countsTakeSuffixesAndUnderscoresButNeverAGroupingComma() {
    assertThat(Counts.parse("1m")).isEqualTo(1_000_000);
    assertThat(Counts.parse("100_000")).isEqualTo(100_000);
    assertThat(Counts.parse("10k")).isEqualTo(10_000);
    assertThat(Counts.parseBytes("4kib")).isEqualTo(4096);
    assertThatThrownBy(() -> Counts.parse("1,000,000")).hasMessageContaining("comma separates");
    assertThatThrownBy(() -> Counts.parse("lots")).hasMessageContaining("'lots' is not a count");
  }

  @Test
  void scalingMultipliesEntriesAndBatchesAndKeepsAtLeastOne() {
    Matrix m = Matrix.DEFAULT.with(Axes.ENTRIES, List.of(10_000_000L)).with(Axes.BATCH_SIZES, List.of(1_000_000L, Matrix.ALL_IN_ONE));
    Matrix scaled = m.scaled(0.01);
    assertThat(scaled.get(Axes.ENTRIES)).containsExactly(100_000L);
    assertThat(scaled.get(Axes.BATCH_SIZES)).containsExactly(10_000L, Matrix.ALL_IN_ONE);
    assertThat(Matrix.DEFAULT.with(Axes.ENTRIES, List.of(10L)).scaled(0.001).get(Axes.ENTRIES)).containsExactly(1L);
    assertThatThrownBy(() -> m.scaled(0)).hasMessageContaining("scale must be above 0");
  }

  @Test
  void everyPresetParsesAndReproducesItsReportTest() {
    Presets presets = new Presets();
    for (String name : Presets.NAMES) {
      Scenario s = files.parse(presets.text(name), "preset " + name, name, null);
      assertThat(s.name()).isEqualTo(name);
      assertThat(s.description()).as(name).isNotBlank();
    }
    Scenario test2 = files.parse(presets.text("lmdbjava-test2"), "p", "p", null);
    assertThat(test2.matrix().get(Axes.VALUE_SIZES)).contains(2026, 2027);
    assertThat(test2.matrix().get(Axes.ORDERS)).containsExactly(KeyOrder.RND);
    Scenario test4 = files.parse(presets.text("lmdbjava-test4"), "p", "p", null);
    assertThat(test4.matrix().get(Axes.KEYS)).containsExactly(KeyEncoding.INT, KeyEncoding.STR);
    assertThat(test4.matrix().stores()).hasSize(12).contains("libmdbx", "lwjgl-lmdb");
    // seed 002: db_bench's values, the seed's codecs (lzma dropped, as the seed did), its workloads
    Scenario symas = files.parse(presets.text("symas-compress"), "p", "p", null);
    assertThat(symas.matrix().get(Axes.VALUE_CONTENTS)).containsExactly(ValueContent.compressible(0.5));
    assertThat(symas.matrix().get(Axes.CODECS)).containsExactly("none", "snappy", "lz4", "zstd", "deflate", "bzip2");
    assertThat(symas.matrix().get(Axes.BATCH_SIZES)).containsExactly(1L, 1000L);
    assertThat(symas.phases()).containsExactly(Phase.WRITE, Phase.READ_KEY, Phase.OVERWRITE);
    Scenario sync = files.parse(presets.text("symas-compress-sync"), "p", "p", null);
    assertThat(sync.matrix().get(Axes.ENTRIES)).containsExactly(1000L);
    assertThat(sync.matrix().get(Axes.DURABILITY)).containsExactly(Durability.SYNC);
    // seed 003: 100 synced transactions of 100 puts, 16-byte random and time-ordered UUIDs x 100 B, traced
    Scenario churn = files.parse(presets.text("uuid-churn"), "p", "p", null);
    assertThat(churn.matrix().get(Axes.KEYS)).containsExactly(KeyEncoding.UUID4, KeyEncoding.UUID7);
    assertThat(churn.matrix().get(Axes.ENTRIES)).containsExactly(10_000L);
    assertThat(churn.matrix().get(Axes.BATCH_SIZES)).containsExactly(100L);
    assertThat(churn.matrix().get(Axes.VALUE_SIZES)).containsExactly(100);
    assertThat(churn.matrix().get(Axes.DURABILITY)).containsExactly(Durability.SYNC);
    assertThat(churn.repetitions().traceCommits()).isTrue();
    assertThat(files.parse(presets.text("libmdbx-readme"), "p", "p", null).matrix().stores())
        .containsExactly("libmdbx", "lmdbjava-agrona", "lmdbjni", "lwjgl-lmdb");
    assertThat(files.parse(presets.text("lmdbjava-test6"), "p", "p", null).matrix().get(Axes.VALUE_SIZES))
        .containsExactly(4080, 8176, 16368);
    // library versions: each preset sweeps its store's version, forked (a version needs a JVM of its own)
    Scenario lmdbVersions = files.parse(presets.text("lmdbjava-versions"), "p", "p", null);
    assertThat(lmdbVersions.matrix().settings()).containsEntry("lmdbjava-agrona.version",
        List.of("0.8.1", "0.8.2", "0.8.3", "0.9.0", "0.9.1", "0.9.2", "0.9.3"));
    assertThat(lmdbVersions.repetitions().forks()).isEqualTo(3);
    assertThat(files.parse(presets.text("rocksdb-versions"), "p", "p", null).matrix().settings())
        .containsEntry("rocksdb.version", List.of("8.11.4", "9.11.2", "10.10.1", "11.8.1"));
    assertThat(presets.descriptions()).containsKeys("quick", "lmdbjava-test1");
    assertThatThrownBy(() -> presets.text("test7")).hasMessageContaining("lmdbjava-test4");
  }

  @Test
  void narrowingAPresetsStoresDropsTheSettingsOfTheStoresLeftOut() {
    Scenario ycsb = files.parse(new Presets().text("ycsb-a"), "p", "ycsb-a", null);
    assertThat(ycsb.matrix().settings()).containsKey("libmdbx.syncBytes");
    Matrix lmdbOnly = ycsb.matrix().withStores(List.of("null"));
    assertThat(lmdbOnly.settings()).doesNotContainKey("libmdbx.syncBytes");
    assertThat(ycsb.withMatrix(lmdbOnly).cells(registry)).isNotEmpty();
    // a store that stays keeps its settings
    assertThat(ycsb.matrix().withStores(List.of("libmdbx", "null")).settings()).containsKey("libmdbx.syncBytes");
  }

  @Test
  void aSettingForAStoreNotInTheRunIsAnError() {
    Scenario s = Scenario.defaults("x").withMatrix(Matrix.DEFAULT.withStores(List.of("null"))
        .withSettings(Map.of("misbehaving.ordered", List.of("true"))));
    assertThatThrownBy(() -> s.cells(registry)).hasMessageContaining("not in this run");
  }

  @Test
  void aColdReadCacheNamesItsCellsReadPhasesOnlyAndABadOneSaysWhatIsAccepted() {
    Scenario s = parse("phases: [write, readKey]\nrepetitions: {readCache: cold}\n");
    assertThat(s.repetitions().readCache()).isEqualTo(dev.kvbench.scenario.ReadCache.COLD);
    assertThat(files.parse(files.write(s), "again", "s", registry)).isEqualTo(s);
    assertThat(s.cells(registry)).extracting(CellParams::id).allMatch(id -> id.contains(" cache=cold"));
    // a cell with no read phase reads nothing from the cache, so its id stays as it was
    Scenario writeOnly = parse("phases: [write]\nrepetitions: {readCache: cold}\n");
    assertThat(writeOnly.cells(registry)).extracting(CellParams::id).noneMatch(id -> id.contains("cache="));
    assertThatThrownBy(() -> parse("repetitions: {readCache: lukewarm}\n"))
        .hasMessageContaining("s.yaml:1:", "repetitions.readCache", "unknown read cache 'lukewarm': use warm or cold");
  }
}
