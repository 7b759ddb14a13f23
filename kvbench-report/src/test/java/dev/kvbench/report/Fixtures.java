package dev.kvbench.report;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Environment;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.StorageResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Result documents built by hand with known figures, for the report and comparison tests. */
final class Fixtures {

  private Fixtures() {}

  static final Capabilities ORDERED = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class),
      true, true, 511, 1 << 30);
  static final Capabilities NULL_STORE = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class),
      true, false, 511, 1 << 30);

  static Environment environment(String host) {
    return new Environment(host, "Test CPU", 2, 1L << 34, "Linux", "6.1", "amd64", "vendor", "17.0.1", "vm",
        List.of("-Xmx1g"), "/dev/shm/x", "tmpfs", 1024, 4096, "getrusage", true, 47.0, List.of("-Xmx2g", "-XX:+ExitOnOutOfMemoryError"),
        List.of(new dev.kvbench.host.HostCheck("swap", "off", dev.kvbench.host.HostCheck.Severity.OK, "")));
  }

  static CellResult.Parameters params(String order) {
    return new CellResult.Parameters(1000, "int", 4, 100, order, 1000, "nosync", 1, 16, 1, 0, 3);
  }

  /** A phase with one pass per value of {@code millis} (1000 ops each) and latencies of {@code micros}. */
  static PhaseResult phase(String name, double[] millis, long... micros) {
    List<PassResult> passes = new ArrayList<>();
    Histogram all = new Histogram(3_600_000_000_000L, 3);
    long start = 1_700_000_000_000L;
    int fork = 0;
    for (double ms : millis) {
      fork++; // each pass its own fork's, so a comparison has a sample per pass
      Histogram h = new Histogram(3_600_000_000_000L, 3);
      for (long us : micros) {
        h.recordValue(us * 1000);
      }
      all.add(h);
      passes.add(PassResult.of(1000, (long) (ms * 1e6), new CpuTime(ms * 0.9, ms * 0.1), 50_000_000)
          .withInterval(start, micros.length == 0 ? null : h).withFork(fork));
      start += 1000;
    }
    return PhaseResult.measured(name, passes,
        new PhaseResult.Latency(micros.length == 0 ? null : all, null,
            new PhaseResult.LatencySampling(16, all.getTotalCount(), 47)), !name.equals("write"), null, null);
  }

  /** The parameters of a cell whose threaded and sustained phases last {@code millis} a pass. */
  static CellResult.Parameters timedParams(String order, long millis) {
    CellResult.Parameters p = params(order);
    return new CellResult.Parameters(p.entries(), p.keys(), p.keySize(), p.valueSize(), p.order(), 1, p.durability(),
        p.seed(), p.latencySampleInterval(), p.warmupPasses(), p.warmupMillis(), p.measuredPasses(), 1,
        dev.kvbench.workload.Traffic.DEFAULT.withDurationMillis(millis), null, null, null, Map.of());
  }

  /** A phase of passes of {@code millis} each (a duration), one per value of {@code ops}, each its own fork's. */
  static PhaseResult timedPhase(String name, double millis, long... ops) {
    List<PassResult> passes = new ArrayList<>();
    int fork = 0;
    for (long n : ops) {
      fork++;
      passes.add(PassResult.of(n, (long) (millis * 1e6), new CpuTime(millis * 0.9, millis * 0.1), 50_000_000)
          .withFork(fork));
    }
    return PhaseResult.measured(name, passes, PhaseResult.Latency.NONE, true, null, null);
  }

  /** A cell of {@code store} whose phases last {@code millis} a pass. */
  static CellResult timedCell(String store, long millis, PhaseResult... phases) {
    return new CellResult(store + " int rnd 1000x100 batch=1 nosync threads=1 duration=" + millis + "ms", store,
        "lib:" + store, "1.0", ORDERED, Map.of(), Map.of(), timedParams("rnd", millis), List.of(phases), null,
        CellResult.Outcome.RAN, null, null);
  }

  static CellResult cell(String store, String order, Map<String, String> settings, Capabilities caps,
      PhaseResult... phases) {
    return new CellResult(store + " int " + order + " 1000x100 batch=all nosync", store, "lib:" + store, "1.0",
        caps, settings, Map.of("flag", "X"), params(order), List.of(phases),
        // each of its three forks left the same bytes, as an LMDB store does
        caps.retainsData() ? StorageResult.of(new StorageSize(200_000, 300_000), new StorageSize(150_000, 250_000),
            104_000).withForks(List.of(150_000L, 150_000L, 150_000L)) : null,
        CellResult.Outcome.RAN, null, null);
  }

  static ResultDocument document(String host, List<CellResult> cells) {
    return new ResultDocument(ResultDocument.SCHEMA_VERSION, "0.1-test", "2026-01-01T00:00:00Z", "fixture", 1,
        List.of("run", "fixture"), "name: fixture\n", null, environment(host), cells, true, List.of());
  }

  /** Two stores and the null store, rnd order, write and readKey, one phase unsupported and one cell failed. */
  static ResultDocument twoStores(String host, double writeScale) {
    CellResult a = cell("alpha", "rnd", Map.of("writeMap", "true"), ORDERED,
        phase("write", new double[] {10 * writeScale, 11 * writeScale, 12 * writeScale}, 1, 2, 3, 40),
        phase("readKey", new double[] {5, 5.5, 6}, 1, 1, 2, 9),
        PhaseResult.unsupported("readRev", "alpha has no reverse cursor"))
        // what its JVM held: a memory table row and a bar of the memory chart
        .withMemory(new CellResult.CellMemory(null, new dev.kvbench.measure.MemoryFootprint(20_000_000, 64_000_000,
            1_000_000, 0, 150_000_000L, 40_000_000L, null, Map.of("cache", 8_000_000L))));
    CellResult b = cell("beta", "rnd", Map.of(), ORDERED,
        phase("write", new double[] {100, 110, 120}, 10, 20, 30, 400),
        phase("readKey", new double[] {50, 55, 60}, 10, 10, 20, 90),
        PhaseResult.failed("readRev", "beta: wrong value for key 7"));
    CellResult n = cell("null", "rnd", Map.of(), NULL_STORE,
        phase("write", new double[] {0.1, 0.1, 0.1}), phase("readKey", new double[] {0.05, 0.05, 0.05}));
    CellResult broken = new CellResult("gamma int rnd 1000x100 batch=all nosync", "gamma", "lib:gamma", "1.0",
        ORDERED, Map.of(), Map.of(), params("rnd"), List.of(), null, CellResult.Outcome.FAILED,
        "no space left on device: the JVM crashed", null);
    return document(host, List.of(a, b, n, broken));
  }

  /** {@code d} as report and compare read it from a file named x.json. */
  static RunResults run(ResultDocument d) {
    return new RunResults("x.json", d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(), d.command(),
        d.scenario(), d.environment(), d.completed(), d.cells());
  }

  /**
   * A cell of a rate sweep at {@code rate}: a ycsb-c phase whose fork i (from 1) saw every op take
   * {@code micros[i - 1]} µs, at the rate offered.
   */
  static CellResult ratedCell(String store, double rate, long... micros) {
    return ratedCell(store, Map.of(), rate, micros);
  }

  /** {@link #ratedCell(String, double, long...)} with the store's {@code settings}, which its id ends with. */
  static CellResult ratedCell(String store, Map<String, String> settings, double rate, long... micros) {
    return stalledCell(store, settings, rate, 0, micros);
  }

  /**
   * {@link #ratedCell(String, Map, double, long...)} where 2 % of each fork's ops stalled {@code
   * stallMicros} (none for 0): its p99 is the stall's, its p90 the ops' own.
   */
  static CellResult stalledCell(String store, Map<String, String> settings, double rate, long stallMicros,
      long... micros) {
    List<PassResult> passes = new ArrayList<>();
    Histogram all = new Histogram(3_600_000_000_000L, 3);
    for (int f = 0; f < micros.length; f++) {
      Histogram h = new Histogram(3_600_000_000_000L, 3);
      h.recordValueWithCount(micros[f] * 1_000, stallMicros > 0 ? 980 : 1_000);
      if (stallMicros > 0) {
        h.recordValueWithCount(stallMicros * 1_000, 20);
      }
      all.add(h);
      long ops = (long) rate;
      passes.add(PassResult.of(ops, 1_000_000_000L, new CpuTime(900, 100), 50_000_000).withFork(f + 1)
          .withLatencies(h));
    }
    PhaseResult p = PhaseResult.measured("ycsb-c", passes, new PhaseResult.Latency(all, null,
        new PhaseResult.LatencySampling(1, all.getTotalCount(), 47)), true, null, null)
        .withThreaded(new dev.kvbench.result.ThreadedFigures(1, List.of(), Map.of(), Map.of(), null,
            dev.kvbench.result.ThreadedFigures.FROM_INTENDED_START, rate, rate, null, "uniform"));
    CellResult.Parameters base = params("rnd");
    CellResult.Parameters params = new CellResult.Parameters(base.entries(), base.keys(), base.keySize(),
        base.valueSize(), base.order(), 1, base.durability(), base.seed(), base.latencySampleInterval(),
        base.warmupPasses(), base.warmupMillis(), base.measuredPasses(), 1,
        dev.kvbench.workload.Traffic.DEFAULT.withRate(rate), null, null, null, Map.of());
    StringBuilder id = new StringBuilder(store + " int rnd 1000x100 batch=1 nosync threads=1 rate=" + (long) rate);
    new java.util.TreeMap<>(settings).forEach((k, v) -> id.append(' ').append(k).append('=').append(v));
    return new CellResult(id.toString(), store, "lib:" + store, "1.0", ORDERED, settings, Map.of(), params, List.of(p),
        null, CellResult.Outcome.RAN, null, null);
  }

  /** A document of {@code cells} whose scenario gave {@code sla}. */
  static ResultDocument judged(String sla, List<CellResult> cells) {
    return new ResultDocument(ResultDocument.SCHEMA_VERSION, "0.1-test", "2026-01-01T00:00:00Z", "fixture", 1,
        List.of("run", "fixture"), "name: fixture\nsla: " + sla + "\n", null, environment("h"), cells, true,
        List.of());
  }
}
