package dev.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.host.HostFiles;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.DataSize;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.MemoryLimit;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.testing.CorruptingStoreProvider;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.CustomMix.Access;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.OperationContext;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.UniformLengthValues;
import dev.kvbench.workload.ValueFormat;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class BenchmarkTest {

  @TempDir Path temp;

  /** 12-byte keys, "ORD" and the index's bits reversed: they do not sort by index. */
  public static final class OrderKeys implements KeyFormat {
    @Override
    public String id() {
      return "order";
    }

    @Override
    public int size() {
      return 12;
    }

    @Override
    public void encode(long index, ByteBuffer target) {
      target.putInt(0, 0x4F52_4400);
      target.putLong(4, Long.reverse(index));
    }
  }

  /** Read two orders, update the first: three operations in one write transaction. */
  public static final class Transfer implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      long from = op.randomKey();
      long to = op.randomKey();
      op.get(from);
      op.get(to);
      op.put(from);
    }
  }

  /** A sorted map that also overwrites: the custom write ops need it. */
  static final class OverwritingProvider extends SortedMapStoreProvider {
    @Override
    public String id() {
      return "sortedmap-rw";
    }

    @Override
    public Capabilities capabilities() {
      return super.capabilities().withWriteOperations(EnumSet.of(WriteOperation.OVERWRITE));
    }
  }

  private Benchmark small(String name) {
    return Benchmark.named(name).entries(2_000).keys(new OrderKeys()).warmup(1, Duration.ZERO).measuredPasses(2)
        .forks(0).workDirectory(temp.resolve("work-" + name)).output(temp.resolve(name + ".json"));
  }

  @Test
  void customKeysAndTransactionAreMeasuredVerifiedAndReported() throws Exception {
    AtomicLong lookups = new AtomicLong();
    BenchmarkResult result = small("orders")
        .stores("sortedmap-rw")
        .phases(Phase.WRITE, Phase.READ_KEY, Phase.READ_SEQ)
        .operation("transfer", 0.5, Access.READ_WRITE, new Transfer())
        .operation("lookup", 0.5, Access.READ_ONLY, op -> {
          lookups.incrementAndGet();
          assertThat(op.get(op.randomKey())).isNotNull();
        })
        .operationsPerPass(3_000)
        .run(new StoreRegistry(List.of(new OverwritingProvider())));

    assertThat(result.succeeded()).as(result.tables()).isTrue();
    assertThat(result.requireSucceeded()).isSameAs(result);
    CellResult cell = result.cells("sortedmap-rw").get(0);
    assertThat(cell.cellId()).contains("order").contains("custom=transfer+lookup");
    assertThat(cell.parameters().keys()).isEqualTo("order");
    PhaseFigures custom = result.phase("sortedmap-rw", "custom").orElseThrow();
    assertThat(custom.verified()).isTrue();
    assertThat(custom.ops()).isEqualTo(3_000);
    assertThat(result.latency("sortedmap-rw", "transfer").orElseThrow().samples()).isPositive();
    assertThat(result.latency("sortedmap-rw", "lookup").orElseThrow().p99()).isPositive();
    // 1 warm-up and 2 measured passes, about half of each pass's ops
    assertThat(lookups.get()).isBetween(3 * 1_200L, 3 * 1_800L);
    // readSeq over keys that do not sort by index: verified against the sorted encoded keys
    assertThat(result.phase("sortedmap-rw", "readSeq").orElseThrow().verified()).isTrue();
    assertThat(Files.readString(result.documentPath())).contains("\"transfer\"").contains("\"lookup\"");
    assertThat(result.tables()).contains("transfer").contains("lookup");
    // its report (kvbench-report) is checked in ReportsTest
  }

  /**
   * An op of tens of microseconds is timed every time, not one in 64: its tail then stands on every op
   * (an application's 7 µs op gave 122 samples of 8,000 before).
   */
  @Test
  void aLongCustomOpIsTimedEveryTime() throws Exception {
    BenchmarkResult result = small("long-op")
        .stores("sortedmap-rw")
        .phases(Phase.WRITE)
        .operation("slow", 1.0, Access.READ_ONLY, op -> {
          long until = System.nanoTime() + 50_000; // 50 µs: long against a timer pair even on a loaded machine
          op.get(op.randomKey());
          while (System.nanoTime() < until) {
            Thread.onSpinWait();
          }
        })
        .operationsPerPass(1_000)
        .run(new StoreRegistry(List.of(new OverwritingProvider())));
    assertThat(result.succeeded()).as(result.tables()).isTrue();
    PhaseResult custom = result.phaseResult("sortedmap-rw", "custom").orElseThrow();
    assertThat(custom.latencySampling().meanInterval()).isEqualTo(1);
    // both measured passes, every op
    assertThat(result.latency("sortedmap-rw", "slow").orElseThrow().samples()).isEqualTo(2 * 1_000);
  }

  /** --memory-limit and --data-size from code: the scenario carries them, and what cannot hold is refused. */
  @Test
  void aMemoryLimitAndDataSizesReachTheScenarioAndAreRefusedWhereTheyCannotHold() {
    Scenario scenario = small("limited").memoryLimit("256m").dataSize("0.25xlimit", "4xlimit").forks(1).scenario();
    assertThat(scenario.jvm().get(JvmSettings.MEMORY_LIMIT)).isEqualTo(new MemoryLimit(256L << 20));
    assertThat(scenario.matrix().get(Axes.DATA_SIZES))
        .containsExactly(DataSize.parse("0.25xlimit"), DataSize.parse("4xlimit"));

    StoreRegistry registry = new StoreRegistry(List.of(new OverwritingProvider()));
    assertThatThrownBy(() -> small("inprocess").stores("sortedmap-rw").memoryLimit("256m").run(registry))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("give 1 fork or more");
    assertThatThrownBy(() -> small("nolimit").stores("sortedmap-rw").dataSize("4xlimit").run(registry))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("jvm.memoryLimit, which is not set");
    assertThatThrownBy(() -> small("tiny").memoryLimit("12m")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("give 64m or more");
    assertThatThrownBy(() -> small("lots").dataSize("lots")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'lots' is not a data size");
    for (String name : List.of("inprocess", "nolimit")) {
      assertThat(temp.resolve(name + ".json")).doesNotExist();
      assertThat(temp.resolve("work-" + name)).doesNotExist();
    }
  }

  /** A tmpfs work directory holds the data in memory, whatever the limit: refused before anything is made. */
  @Test
  void aMemoryLimitOverATmpfsWorkDirectoryIsRefused() {
    Path shm = Path.of("/dev/shm");
    org.junit.jupiter.api.Assumptions.assumeTrue("tmpfs".equals(HostFiles.fileSystemType(shm)), "/dev/shm is a tmpfs");
    Path work = shm.resolve("kvbench-benchmarktest-" + ProcessHandle.current().pid());
    assertThatThrownBy(() -> small("tmpfs").stores("misbehaving").forks(1).memoryLimit("256m").workDirectory(work)
        .run()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is on a tmpfs")
        .hasMessageContaining("give a work directory on a disk");
    assertThat(work).doesNotExist();
    assertThat(temp.resolve("tmpfs.json")).doesNotExist();
  }

  /** A key format whose id would break cell ids and file names: refused before anything runs. */
  @Test
  void aFormatIdBreakingTheRuleIsRefusedBeforeAnythingRuns() {
    for (String id : List.of("x".repeat(300), "../x", "a b")) {
      KeyFormat bad = new KeyFormat() {
        @Override
        public String id() {
          return id;
        }

        @Override
        public int size() {
          return 8;
        }

        @Override
        public void encode(long index, ByteBuffer target) {
          target.putLong(0, index);
        }
      };
      assertThatThrownBy(() -> small("bad").keys(bad).stores("sortedmap-rw")
          .run(new StoreRegistry(List.of(new OverwritingProvider()))))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key format")
          .hasMessageContaining("1 to 64 characters").hasMessageContaining("id()");
    }
    assertThat(temp.resolve("bad.json")).doesNotExist();
    assertThat(temp.resolve("work-bad")).doesNotExist();
  }

  /**
   * A program that embeds kvbench, stopped with SIGTERM mid-run (as Ctrl-C or a service manager
   * stops it): the cell in flight ends as interrupted, the journal gets its end line, and the work
   * directory and the cell's JVM are gone. In-process, a cell that never returns (this one hangs)
   * is given 15 seconds to, then recorded as interrupted all the same.
   */
  @Tag("slow")
  @org.junit.jupiter.params.ParameterizedTest(name = "forks {0}")
  @org.junit.jupiter.params.provider.ValueSource(ints = {1, 0})
  void aLibraryRunStoppedBySigtermClosesItsResultsAndRemovesItsWorkDirectory(int forks) throws Exception {
    Path work = temp.resolve("work-stopped");
    Path output = temp.resolve("stopped.json");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), StoppedRunMain.class.getName(), work.toString(),
        output.toString(), Integer.toString(forks)).redirectError(temp.resolve("stopped.err").toFile()).start();
    try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))) {
      assertThat(out.readLine()).as(() -> readOrEmpty(temp.resolve("stopped.err"))).isEqualTo("running");
      long until = System.nanoTime() + 60_000_000_000L;
      // forked, the cell's JVM; in-process, the cell's store (the hanging one) in the work directory
      while (forks == 1 ? p.descendants().noneMatch(d -> d.info().commandLine().orElse("").contains("ForkedCellMain"))
          : !Files.exists(work.resolve(dev.kvbench.run.WorkArea.LOCK_FILE))) {
        assertThat(System.nanoTime()).as("the cell starts").isLessThan(until);
        Thread.sleep(50);
      }
      List<ProcessHandle> cellJvms = p.descendants().toList();
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      for (ProcessHandle cell : cellJvms) {
        assertThat(cell.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS).isAlive()).isFalse();
      }
    }
    assertThat(work).as("the work directory is removed").doesNotExist();
    List<String> lines = Files.readAllLines(dev.kvbench.result.RunJournal.journalOf(output));
    assertThat(lines.get(lines.size() - 1)).as("the journal is closed").contains("\"end\"")
        .contains("\"completed\":false");
    dev.kvbench.result.JournalContents journal = dev.kvbench.result.RunJournal.read(output);
    assertThat(journal.damaged()).isEmpty();
    assertThat(journal.cells().values()).singleElement().extracting(CellResult::outcome)
        .isEqualTo(CellResult.Outcome.INTERRUPTED);
  }

  private static String readOrEmpty(Path file) {
    try {
      return Files.readString(file);
    } catch (java.io.IOException e) {
      return "";
    }
  }

  @Test
  void aWrongValueUnderACustomKeyFailsTheCustomPhase() throws Exception {
    KeyFormat keys = new OrderKeys();
    CorruptingStoreProvider corrupting = new CorruptingStoreProvider(keys.keyOf(17), 3) {
      @Override
      public Capabilities capabilities() {
        return super.capabilities().withWriteOperations(EnumSet.of(WriteOperation.OVERWRITE));
      }
    };
    BenchmarkResult result = small("corrupt").stores("corrupting")
        .operation("touch", Access.READ_WRITE, op -> op.put(op.randomKey()))
        .run(new StoreRegistry(List.of(corrupting)));

    PhaseFigures custom = result.phase("corrupting", "custom").orElseThrow();
    assertThat(result.succeeded()).isFalse();
    assertThat(custom.failure()).contains("verification failed").contains("index 17");
    // a main that ends with requireSucceeded exits non-zero, naming the phase that failed and why
    assertThatThrownBy(result::requireSucceeded).isInstanceOf(BenchmarkFailedException.class)
        .hasMessageContaining("corrupting").hasMessageContaining("custom: ").hasMessageContaining("index 17")
        .hasMessageContaining(result.documentPath().toString());
  }

  @Test
  void valuesOfVaryingLengthAreVerifiedLengthsIncluded() throws Exception {
    BenchmarkResult result = small("lengths").stores("sortedmap-rw").values(new UniformLengthValues()).valueSize(300)
        .phases(Phase.WRITE, Phase.READ_KEY, Phase.READ_SEQ, Phase.READ_CRC, Phase.OVERWRITE)
        .operation("transfer", Access.READ_WRITE, new Transfer()).operationsPerPass(1_000)
        .run(new StoreRegistry(List.of(new OverwritingProvider())));

    assertThat(result.succeeded()).as(result.tables()).isTrue();
    CellResult cell = result.cells("sortedmap-rw").get(0);
    assertThat(cell.phases()).allSatisfy(p -> assertThat(p.verified()).as(p.phase()).isEqualTo(!p.phase().equals("write")));
    assertThat(cell.parameters().valueContent()).isEqualTo("uniform-length");
    // 2,000 entries of 12-byte keys and values of 150.5 bytes on average
    assertThat(cell.storage().flatBytes()).isEqualTo(2_000 * 12 + 301_000);
  }

  @Test
  void aValueOfTheWrongLengthFailsReadKey() throws Exception {
    // a store that keeps every value one byte short of what was put
    SortedMapStoreProvider truncating = new SortedMapStoreProvider() {
      @Override
      public String id() {
        return "truncating";
      }

      @Override
      public dev.kvbench.store.Store open(dev.kvbench.store.StoreConfig config) {
        return new SortedMapStore(id(), config.directory(), true) {
          @Override
          protected byte[] read(byte[] key, byte[] stored) {
            return stored.length > 1 ? java.util.Arrays.copyOf(stored, stored.length - 1) : stored;
          }
        };
      }
    };
    BenchmarkResult result = small("short").stores("truncating").values(new UniformLengthValues())
        .phases(Phase.WRITE, Phase.READ_KEY).run(new StoreRegistry(List.of(truncating)));

    assertThat(result.phase("truncating", "readKey").orElseThrow().failure())
        .contains("verification failed").contains("bytes");
  }

  /** Values nobody can predict: a counter's bytes. */
  public static final class CounterValues implements ValueFormat {
    @Override
    public String id() {
      return "counter";
    }

    @Override
    public ValueSource create(int size, long seed) {
      AtomicLong next = new AtomicLong();
      return new ValueSource() {
        @Override
        public int size() {
          return size;
        }

        @Override
        public void fill(long index, ByteBuffer target) {
          target.putLong(0, next.incrementAndGet());
        }
      };
    }

    @Override
    public boolean predictable() {
      return false;
    }
  }

  @Test
  void unpredictableValuesAreMeasuredAndSaidUnverified() throws Exception {
    BenchmarkResult result = small("counter").stores("sortedmap").values(new CounterValues())
        .phases(Phase.WRITE, Phase.READ_KEY).run(new StoreRegistry(List.of(new SortedMapStoreProvider())));

    PhaseFigures readKey = result.phase("sortedmap", "readKey").orElseThrow();
    assertThat(readKey.verified()).isFalse();
    assertThat(readKey.note()).contains("values of counter are not predictable");
    assertThat(result.cells("sortedmap").get(0).parameters().valueContent()).isEqualTo("counter");
  }

  @Test
  void aLambdaCannotRunInAForkedCell() {
    Benchmark b = small("lambda").forks(1).stores("null").operation("get", Access.READ_ONLY, op -> op.get(1));
    assertThatThrownBy(b::run).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lambda or anonymous class").hasMessageContaining("forks 0");
    assertThat(temp.resolve("lambda.json")).doesNotExist();
  }

  /** A read-only op, as a class a forked JVM can make. */
  public static final class Lookup implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      op.get(op.randomKey());
    }
  }

  /** The published progress: a line per cell and per phase, with the phase's figure and its passes. */
  @Test
  void progressTellsEachCellAndEachPhaseInLinesAndThePhasesFiguresSayWhatStandsBehindThem() throws Exception {
    List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
    BenchmarkResult result = small("progress").stores("null").phases(Phase.WRITE, Phase.READ_KEY)
        .progress(lines::add).run();

    assertThat(result.succeeded()).as(result.tables()).isTrue();
    assertThat(lines).anyMatch(l -> l.startsWith("cell null "));
    assertThat(lines).anyMatch(l -> l.matches("  readKey [\\d,.]+ ns/op over 2 measured passes"));
    PhaseFigures readKey = result.phase("null", "readKey").orElseThrow();
    assertThat(readKey.status()).isEqualTo(PhaseStatus.OK);
    assertThat(readKey.forks()).isEqualTo(1);
    assertThat(readKey.measuredPasses()).isEqualTo(2);
    assertThat(readKey.ops()).isEqualTo(2_000);
    // every row of the run's figure table, by its id, as the tables show it
    assertThat(readKey.figures()).containsKeys("nsPerOp", "megabytesPerSec");
    assertThat(readKey.figure("nsPerOp")).isEqualTo(readKey.nsPerOp());
    var cell = result.cells("null").get(0);
    assertThat(readKey.figure("megabytesPerSec")).isCloseTo(2_000.0 * (cell.parameters().keySize()
        + cell.parameters().valueSize()) / 1_048_576 / (result.phaseResult("null", "readKey").orElseThrow()
        .medianPass().passMillis() / 1e3), org.assertj.core.data.Offset.offset(1e-6));
    assertThat(result.phases("null")).extracting(PhaseFigures::phase).containsExactly("write", "readKey");
  }

  @Test
  void aForkedCellRecreatesTheKeyFormatAndOperationFromTheirClasses() throws Exception {
    BenchmarkResult result = small("forked").forks(1).heap("96m").stores("null")
        .operation("lookup", Access.READ_ONLY, new Lookup()).operationsPerPass(1_000).run();

    assertThat(result.succeeded()).as(() -> result.tables() + result.cells("null").get(0).diagnostics()).isTrue();
    PhaseFigures custom = result.phase("null", "custom").orElseThrow();
    assertThat(custom.ops()).isEqualTo(1_000);
    assertThat(result.latency("null", "lookup")).isPresent();
    assertThat(result.cells("null").get(0).parameters().keys()).isEqualTo("order");
    assertThat(custom.note()).contains("the store discards data");
  }

  @Test
  void theCustomPhaseWithoutOperationsIsABadInput() {
    Benchmark b = small("empty").stores("null").phases(Phase.CUSTOM);
    assertThatThrownBy(b::scenario).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("custom operations");
  }
}
