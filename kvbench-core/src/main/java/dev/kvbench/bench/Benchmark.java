package dev.kvbench.bench;

import dev.kvbench.run.RunListener;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.DataSize;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.MemoryLimit;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.ValueFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * An application-level benchmark, described in code and run as {@code kvbench run} runs a
 * scenario: every store gets the same keys, values and durability, the store is loaded, each phase
 * warms up and is measured, every read is checked, and the result is the same document, tables and
 * report.
 *
 * <pre>{@code
 * BenchmarkResult result = Benchmark.named("orders")
 *     .stores("lmdbjava-bb", "rocksdb")
 *     .entries(100_000)
 *     .keys(new OrderKeys())
 *     .operation("pay", CustomMix.Access.READ_WRITE, op -> {
 *       long order = op.randomKey();
 *       op.get(order);
 *       op.put(order);
 *     })
 *     .forks(0)
 *     .run();
 * }</pre>
 *
 * <p>Each setter replaces what it sets and returns this builder; {@link #run()} checks the whole
 * and refuses a bad value before anything runs. Not thread-safe.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class Benchmark {

  private final String name;
  // the library's one default that differs from kvbench run's: random order only
  private final ScenarioOverrides overrides = new ScenarioOverrides().stores(List.of())
      .axis(Axes.ORDERS, List.of(KeyOrder.RND));
  private final Set<Phase> phases = new LinkedHashSet<>();
  private final List<CustomMix.Entry> operations = new ArrayList<>();
  private RequestDistribution distribution = RequestDistribution.ZIPFIAN;
  private Path workDirectory;
  private Path output;
  private Path recordTo;
  private RunListener listener = RunListener.NONE;

  private Benchmark(String name) {
    this.name = name;
  }

  /**
   * A benchmark called {@code name} (letters, digits, '.', '_' or '-'; it names the result file), with
   * kvbench's defaults: 100,000 int keys loaded in random order, 100-byte random values,
   * one commit for the load, no sync, one forked JVM per cell, 2 warm-up and 3 measured passes.
   */
  public static Benchmark named(String name) {
    return new Benchmark(name);
  }

  /** The stores to compare, by id ({@code kvbench list} names them); every available one when not set. */
  public Benchmark stores(String... ids) {
    overrides.stores(List.of(ids));
    return this;
  }

  /** A store setting, as {@code -o key=value} gives it ({@code rocksdb.compression}); several values sweep it. */
  public Benchmark setting(String key, String... values) {
    overrides.settings(Map.of(key, List.of(values)));
    return this;
  }

  /** How many keys the store is loaded with. */
  public Benchmark entries(long count) {
    overrides.axis(Axes.ENTRIES, List.of(count));
    return this;
  }

  /**
   * How many keys the store is loaded with, sized by the bytes of keys and values instead of a count:
   * {@code 2g}, {@code 4xlimit} (four times {@link #memoryLimit}), {@code 0.5xmemory} (half this host's
   * memory); several sizes sweep it, each a cell. Replaces {@link #entries}. Throws
   * IllegalArgumentException naming a size it cannot read.
   */
  public Benchmark dataSize(String... sizes) {
    overrides.axis(Axes.DATA_SIZES, Arrays.stream(sizes).map(DataSize::parse).toList());
    return this;
  }

  /** The key format: a built-in {@link dev.kvbench.workload.KeyEncoding} or your own. */
  public Benchmark keys(KeyFormat format) {
    overrides.axis(Axes.KEYS, List.of(format));
    return this;
  }

  /** The order the load and readKey visit keys in; several make one cell each. */
  public Benchmark order(KeyOrder... orders) {
    overrides.axis(Axes.ORDERS, List.of(orders));
    return this;
  }

  /** The value format: a built-in {@link dev.kvbench.workload.ValueContent} or your own. */
  public Benchmark values(ValueFormat format) {
    overrides.axis(Axes.VALUE_CONTENTS, List.of(format));
    return this;
  }

  /** Value size in bytes. */
  public Benchmark valueSize(int bytes) {
    overrides.axis(Axes.VALUE_SIZES, List.of(bytes));
    return this;
  }

  /** Puts per commit while loading; the default is one commit for the whole load. */
  public Benchmark batchSize(long puts) {
    overrides.axis(Axes.BATCH_SIZES, List.of(puts));
    return this;
  }

  /** What a commit guarantees, the same for every store. */
  public Benchmark durability(Durability durability) {
    overrides.axis(Axes.DURABILITY, List.of(durability));
    return this;
  }

  /**
   * Built-in phases and workloads to measure, in kvbench's order (write, readKey, ..., ycsb-a ...);
   * the store is loaded whether or not {@code write} is among them. With {@link #operation}s and no
   * phases, only the custom operations are measured.
   */
  public Benchmark phases(Phase... chosen) {
    phases.clear();
    phases.addAll(Arrays.asList(chosen));
    return this;
  }

  /** Your operation as every op of the custom phase. */
  public Benchmark operation(String name, CustomMix.Access access, CustomOperation operation) {
    return operation(name, 1.0, access, operation);
  }

  /** One of several operations, issued in proportion to {@code share}; the shares must sum to 1. */
  public Benchmark operation(String name, double share, CustomMix.Access access, CustomOperation operation) {
    operations.add(new CustomMix.Entry(name, access, share, operation));
    return this;
  }

  /** Which keys {@link dev.kvbench.workload.OperationContext#randomKey()} returns; zipfian by default. */
  public Benchmark requestDistribution(RequestDistribution d) {
    this.distribution = d;
    return this;
  }

  /** Client threads of the threaded and custom phases, each with its own session. */
  public Benchmark threads(int count) {
    overrides.axis(Axes.THREADS, List.of(count));
    return this;
  }

  /** Target ops per second over all threads; latencies then count from each op's intended start. */
  public Benchmark rate(double opsPerSecond) {
    overrides.traffic(t -> t.withRate(opsPerSecond));
    return this;
  }

  /**
   * A sweep of target rates, lowest first: a cell per rate, the points of a throughput-latency
   * curve; with {@link #sla} each is judged and {@link BenchmarkResult#capacity} is the highest met.
   */
  public Benchmark rates(double... opsPerSecond) {
    overrides.axis(Axes.RATES, Arrays.stream(opsPerSecond).boxed().toList());
    return this;
  }

  /**
   * A latency budget for a rate sweep, as {@code --sla} takes it: {@code "p99<=2ms"} or {@code
   * "p99<=2ms,p999<=10ms"}; throws IllegalArgumentException naming what does not read.
   */
  public Benchmark sla(String conditions) {
    overrides.set(dev.kvbench.scenario.ScenarioSettings.SLA, dev.kvbench.scenario.Sla.parse(conditions));
    return this;
  }

  /**
   * Searches for the highest rate that meets {@code sla} ({@code --rate auto --sla ...}): from
   * {@link #rateSearch}'s start rate (1,000 ops/s unless told) the rate doubles until a point breaks
   * the budget, then bisects until the highest rate met and the lowest broken are within its precision
   * (5 %); {@link BenchmarkResult#capacity} is then the highest rate met. Give {@link #duration} so
   * each point's passes last a fixed time whatever the rate.
   */
  public Benchmark capacity(dev.kvbench.scenario.Sla sla) {
    overrides.axis(Axes.RATES, List.of(Axes.AUTO_RATE));
    overrides.set(dev.kvbench.scenario.ScenarioSettings.SLA, sla);
    return this;
  }

  /** {@link #capacity(dev.kvbench.scenario.Sla)} with the budget as {@code --sla} takes it ({@code "p99<=2ms"}). */
  public Benchmark capacity(String sla) {
    return capacity(dev.kvbench.scenario.Sla.parse(sla));
  }

  /** How {@link #capacity} searches: its first rate, ops/s over all clients, and the precision it stops at, percent. */
  public Benchmark rateSearch(double startRate, double precisionPercent) {
    overrides.set(dev.kvbench.scenario.ScenarioSettings.RATE_START, startRate);
    overrides.set(dev.kvbench.scenario.ScenarioSettings.RATE_PRECISION, precisionPercent);
    return this;
  }

  /** Each pass of a threaded or custom phase lasts this long instead of a number of ops. */
  public Benchmark duration(Duration perPass) {
    overrides.traffic(t -> t.withDurationMillis(perPass.toMillis()));
    return this;
  }

  /** Ops per pass of a threaded or custom phase over all threads; the default is the entry count. */
  public Benchmark operationsPerPass(long ops) {
    overrides.traffic(t -> t.withOperations(ops));
    return this;
  }

  /** Untimed passes of each phase before the measured ones, and their least total time. */
  public Benchmark warmup(int passes, Duration atLeast) {
    overrides.warmupPasses(passes).warmupMillis(atLeast.toMillis());
    return this;
  }

  /** Timed passes of each phase; tables show their median. */
  public Benchmark measuredPasses(int passes) {
    overrides.measuredPasses(passes);
    return this;
  }

  /**
   * Fresh JVMs per cell; 0 runs every cell in this JVM. Forked cells re-create your key format,
   * value format and operations from their classes (public, with a public no-argument
   * constructor); lambdas run in-process only.
   */
  public Benchmark forks(int count) {
    overrides.forks(count);
    return this;
  }

  /** Maximum heap of forked cells' JVMs, as {@code -Xmx} takes it. */
  public Benchmark heap(String size) {
    overrides.heap(size);
    return this;
  }

  /**
   * Runs each forked cell's JVM in a memory cgroup of its own limited to {@code size} ({@code 256m},
   * {@code 1g}), page cache included, so data larger than it is read from the device; each pass then
   * records its major page faults and the cgroup's peak, and a cell the limit kills fails alone.
   * Needs root (or a delegated cgroup), a {@link #workDirectory} on a disk and forks; {@link #run()}
   * refuses it otherwise. Throws IllegalArgumentException naming a size it cannot read.
   */
  public Benchmark memoryLimit(String size) {
    overrides.set(JvmSettings.MEMORY_LIMIT, MemoryLimit.parse(size));
    return this;
  }

  /** The random seed of key order, values and sampling. */
  public Benchmark seed(long value) {
    overrides.seed(value);
    return this;
  }

  /** A forked cell running longer is killed and recorded failed. */
  public Benchmark cellTimeout(Duration timeout) {
    overrides.cellTimeout(timeout);
    return this;
  }

  /** Where the stores' files go (an empty or new directory); a new one under /dev/shm or the temp directory by default. */
  public Benchmark workDirectory(Path directory) {
    this.workDirectory = directory;
    return this;
  }

  /** The result document's path; {@code kvbench-results/<name>-<time>-<pid>.json} by default. */
  public Benchmark output(Path file) {
    this.output = file;
    return this;
  }

  /**
   * Records each cell's operations after its load (what the benchmark's phases do on the loaded
   * store: its custom operations, its threaded phases) to a trace in {@code directory} (empty or
   * new), {@code <cell id>.kvbtrace}, to describe with {@code kvbench trace info} and replay on
   * other stores with {@code kvbench run --trace}. The cells run in this JVM ({@link #forks}
   * 0), and their figures include the recording's cost.
   */
  public Benchmark recordTo(Path directory) {
    this.recordTo = directory;
    return this;
  }

  /**
   * Told, a line of text at a time, of each cell as it starts, each phase as it ends (its ns/op and
   * measured passes, or why it failed), a cell that did not run to the end, and the run's notices
   * and warnings; nothing by default. E.g. {@code .progress(System.out::println)}.
   */
  public Benchmark progress(Consumer<String> lines) {
    this.listener = new ProgressLines(java.util.Objects.requireNonNull(lines, "lines"));
    return this;
  }

  /** Told of each cell, pass and phase as the run goes: kvbench's own events, for its tests. */
  Benchmark listener(RunListener runListener) {
    this.listener = runListener;
    return this;
  }

  /**
   * The benchmark as an immutable scenario, what {@code kvbench run} would run. Throws
   * IllegalArgumentException (a {@link dev.kvbench.scenario.ScenarioException}) naming a bad value.
   */
  Scenario scenario() {
    List<Phase> chosen = new ArrayList<>(phases);
    if (!operations.isEmpty() && !chosen.contains(Phase.CUSTOM)) {
      chosen.add(Phase.CUSTOM);
    }
    CustomMix custom = operations.isEmpty() ? CustomMix.NONE : new CustomMix(operations, distribution);
    return overrides.custom(custom).phases(chosen).applyTo(Scenario.defaults(name));
  }

  /**
   * Runs every cell with the stores on the class path and returns the results. A store that fails
   * fails its cell, not the run. Throws IllegalArgumentException for bad input (nothing has run
   * then) and IOException when the results cannot be written.
   */
  public BenchmarkResult run() throws IOException {
    return run(StoreRegistry.load());
  }

  /** {@link #run()} with the stores of {@code registry}. */
  public BenchmarkResult run(StoreRegistry registry) throws IOException {
    ScenarioRunner runner = new ScenarioRunner(registry, listener);
    RunOptions options = new RunOptions(workDirectory, output, null, List.of("library:" + name), libraryVersion());
    ScenarioRunner.RunOutcome outcome = runner.run(scenario(),
        recordTo == null ? options : options.with(dev.kvbench.runner.RunSettings.RECORD_TO, recordTo));
    return new BenchmarkResult(outcome);
  }

  private static String libraryVersion() {
    String v = Benchmark.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
