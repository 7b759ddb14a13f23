package dev.kvbench.run;

import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.LatencySampling;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.StorageResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one cell: open the store on a new directory, load it (the write phase), run the read
 * phases, measure storage before and after close, delete the directory. Every phase is measured
 * the same way whatever the store: pass time, sampled latency, process CPU, peak RSS, and
 * verification of every byte read against what the generators predict.
 */
public final class CellRunner {

  private final CpuMeter cpu;
  private final RssMeter rss;
  private final StorageMeter storage;
  private final ExpectedChecksums expected;
  private final RunListener listener;
  private final double timerPairNanos;

  public CellRunner(
      CpuMeter cpu,
      RssMeter rss,
      StorageMeter storage,
      ExpectedChecksums expected,
      RunListener listener,
      double timerPairNanos) {
    this.cpu = cpu;
    this.rss = rss;
    this.storage = storage;
    this.expected = expected;
    this.listener = listener;
    this.timerPairNanos = timerPairNanos;
  }

  /**
   * Runs {@code cell} with {@code provider} in new directories of {@code work}, deleted before
   * this returns. Never throws for store failures: they become failed phases or a cell error.
   */
  public CellResult run(StoreProvider provider, CellParams cell, WorkArea work) {
    listener.cellStarted(cell);
    String name = cell.storeId() + "-" + cell.keys().id() + "-" + cell.order().id();
    CellResult result;
    try {
      StoreSettings settings = cell.validateFor(provider);
      if (cell.warmupMillis() > 0) {
        warmUpWrites(provider, cell, settings, work, name + "-warmup");
      }
      Path directory = work.newDirectory(name);
      try {
        result = runIn(provider, cell, settings, directory);
      } finally {
        work.delete(directory);
      }
    } catch (RuntimeException | LinkageError e) {
      result = errorResult(provider, cell, null, Map.of(), List.of(), e);
    }
    listener.cellFinished(cell, result);
    return result;
  }

  /**
   * Loads scratch stores with the same workload, capped at {@link
   * CellParams#WARMUP_WRITE_ENTRIES}, and deletes each, until the warm-up time is spent: the timed
   * write then runs compiled code, as the reads do after their warm-up passes.
   */
  private void warmUpWrites(
      StoreProvider provider, CellParams cell, StoreSettings settings, WorkArea work, String name) {
    long entries = Math.min(cell.entries(), CellParams.WARMUP_WRITE_ENTRIES);
    KeySpace keys = new KeySpace(entries, cell.keys(), cell.order(), cell.seed());
    long deadline = System.nanoTime() + cell.warmupMillis() * 1_000_000;
    int round = 0;
    do {
      PhaseProgress progress = new PhaseProgress(entries);
      listener.phaseStarted(cell, null, progress);
      scratchLoad(provider, cell, settings, keys, progress, work.newDirectory(name + "-" + round++), work);
    } while (System.nanoTime() < deadline);
  }

  private void scratchLoad(StoreProvider provider, CellParams cell, StoreSettings settings, KeySpace keys,
      PhaseProgress progress, Path scratch, WorkArea work) {
    long entries = keys.count();
    try {
      Store store = provider.open(new StoreConfig(scratch, settings, cell.durability(), cell.sizing()));
      try (Session session = store.openSession()) {
        Passes.write(session, keys, cell.values(), Math.min(cell.batchSize(), entries),
            new LatencySampler(cell.latencySampleInterval(), cell.seed()), new LatencySampler(1, cell.seed()), progress);
      } finally {
        store.close();
      }
    } finally {
      work.delete(scratch);
    }
  }

  private CellResult runIn(StoreProvider provider, CellParams cell, StoreSettings settings, Path directory) {
    Store store = provider.open(new StoreConfig(directory, settings, cell.durability(), cell.sizing()));
    List<PhaseResult> phases = new ArrayList<>();
    Map<String, Object> nativeSettings = Map.of();
    StorageSize beforeClose;
    try {
      nativeSettings = Map.copyOf(store.nativeSettings());
      try (Session session = store.openSession()) {
        runPhases(provider.id(), provider.capabilities(), cell, session, phases);
      }
      beforeClose = storage.measure(directory);
    } catch (RuntimeException | LinkageError e) {
      closeQuietly(store, e);
      return errorResult(provider, cell, settings, nativeSettings, phases, e);
    }
    store.close();
    StorageSize afterClose = storage.measure(directory);
    return new CellResult(
        provider.id(),
        provider.library(),
        provider.libraryVersion(),
        provider.capabilities(),
        settings.asText(),
        nativeSettings,
        parameters(cell),
        phases,
        StorageResult.of(beforeClose, afterClose, cell.sizing().flatBytes()),
        null);
  }

  private void runPhases(
      String storeId, Capabilities caps, CellParams cell, Session session, List<PhaseResult> out) {
    KeySpace keySpace = cell.keySpace();
    ValueGenerator values = cell.values();
    boolean reportWrite = cell.phases().contains(Phase.WRITE);
    PhaseResult write = measure(reportWrite ? "write" : "load", () -> write(session, keySpace, values, cell));
    if (reportWrite) {
      out.add(write);
      listener.phaseFinished(cell, write);
    }
    for (Phase phase : cell.phases()) {
      if (phase == Phase.WRITE) {
        continue;
      }
      PhaseResult r;
      if (write.status() == PhaseStatus.FAILED) {
        r = PhaseResult.failed(phase.id(), "not run: loading the store failed: " + write.failure());
      } else if (!supported(caps, phase)) {
        r = PhaseResult.unsupported(
            phase.id(), storeId + " has no " + (phase == Phase.READ_REV ? "reverse" : "ordered") + " cursor");
      } else {
        r = measure(phase.id(), () -> read(phase, session, keySpace, values, cell, caps));
      }
      out.add(r);
      listener.phaseFinished(cell, r);
    }
  }

  private static boolean supported(Capabilities caps, Phase phase) {
    if (phase == Phase.READ_REV) {
      return caps.reverseScan();
    }
    return !phase.needsOrderedScan() || caps.orderedScan();
  }

  /** What a pass hands back to {@link #measure}. */
  private interface Pass {
    PassFigures run();
  }

  /**
   * Turns a pass's figures into the phase result; a pass that throws becomes a failed phase.
   * Passes call {@link #startTimedPass} right before the pass they time, so CPU and peak RSS
   * cover that pass only, not its warm-up.
   */
  private PhaseResult measure(String id, Pass pass) {
    PassFigures f;
    try {
      f = pass.run();
    } catch (RuntimeException | LinkageError e) {
      return PhaseResult.failed(id, "threw " + e);
    }
    return new PhaseResult(
        id,
        f.failure == null ? PhaseStatus.OK : PhaseStatus.FAILED,
        f.ops,
        f.nanos / 1e6,
        f.nanos == 0 ? 0 : f.ops * 1e9 / f.nanos,
        f.ops == 0 ? 0 : (double) f.nanos / f.ops,
        f.latency,
        f.commitLatency,
        f.sampling,
        f.meters.cpu,
        f.meters.peakRssBytes,
        f.verified,
        f.failure,
        f.note);
  }

  /** Starts the meters that cover exactly the timed pass; returns the CPU reading to subtract. */
  private CpuTime startTimedPass() {
    rss.resetPeak();
    return cpu.read();
  }

  /** Reads the meters as the timed pass ends, before verification does any work of its own. */
  private PassMeters endTimedPass(CpuTime before) {
    return new PassMeters(cpu.read().minus(before), rss.peakBytes());
  }

  private record PassMeters(CpuTime cpu, long peakRssBytes) {}

  private record PassFigures(
      PassMeters meters,
      long ops,
      long nanos,
      LatencySummary latency,
      LatencySummary commitLatency,
      LatencySampling sampling,
      boolean verified,
      String failure,
      String note) {}

  private PassFigures write(Session session, KeySpace keySpace, ValueGenerator values, CellParams cell) {
    PhaseProgress progress = new PhaseProgress(keySpace.count());
    listener.phaseStarted(cell, cell.phases().contains(Phase.WRITE) ? Phase.WRITE : null, progress);
    LatencySampler puts = new LatencySampler(cell.latencySampleInterval(), cell.seed() ^ 0x57);
    LatencySampler commits = new LatencySampler(1, cell.seed());
    CpuTime cpuBefore = startTimedPass();
    Passes.WriteOutcome o =
        Passes.write(session, keySpace, values, cell.batchSize(), puts, commits, progress);
    PassMeters meters = endTimedPass(cpuBefore);
    return new PassFigures(
        meters,
        o.ops(),
        o.nanos(),
        LatencySummary.of(puts.histogram()),
        LatencySummary.of(commits.histogram()),
        sampling(puts),
        false,
        null,
        "write is verified by the read phases that follow it");
  }

  private PassFigures read(
      Phase phase, Session session, KeySpace keySpace, ValueGenerator values, CellParams cell, Capabilities caps) {
    long n = keySpace.count();
    PhaseProgress progress = new PhaseProgress(n);
    listener.phaseStarted(cell, phase, progress);
    long warmUntil = System.nanoTime() + cell.warmupMillis() * 1_000_000;
    boolean warm = cell.warmupMillis() == 0;
    try (Reader reader = session.beginRead()) {
      if (phase == Phase.READ_KEY) {
        Passes.GetOutcome o;
        LatencySampler gets;
        CpuTime cpuBefore;
        do {
          // warm-up passes run the very code of the timed one; the last pass is the timed one
          warm = warm || System.nanoTime() >= warmUntil;
          cpuBefore = warm ? startTimedPass() : null;
          progress.startPass(0);
          gets = new LatencySampler(cell.latencySampleInterval(), cell.seed() ^ 0x6B);
          o = Passes.readKeys(reader, keySpace, gets, progress);
        } while (!warm);
        PassMeters meters = endTimedPass(cpuBefore);
        String failure = caps.retainsData() ? checkGets(o, reader, keySpace, values, cell) : null;
        return new PassFigures(meters, o.ops(), o.nanos(), LatencySummary.of(gets.histogram()), null,
            sampling(gets), caps.retainsData() && failure == null, failure, notVerifiedNote(caps));
      }
      ScanDirection direction = phase == Phase.READ_REV ? ScanDirection.REVERSE : ScanDirection.FORWARD;
      ScanChecker.Work work = switch (phase) {
        case READ_CRC -> ScanChecker.Work.CRC32;
        case READ_XXH64 -> ScanChecker.Work.XXH64;
        default -> ScanChecker.Work.DIGEST;
      };
      ScanChecker checker;
      long nanos;
      CpuTime cpuBefore;
      do {
        warm = warm || System.nanoTime() >= warmUntil;
        cpuBefore = warm ? startTimedPass() : null;
        progress.startPass(0);
        checker = new ScanChecker(keySpace.encoding(), n, direction == ScanDirection.FORWARD, work, progress);
        nanos = Passes.scan(reader, direction, checker);
      } while (!warm);
      PassMeters meters = endTimedPass(cpuBefore);
      String failure = caps.retainsData() ? checkScan(checker, work, reader, direction, keySpace, values, cell) : null;
      return new PassFigures(meters, checker.count, nanos, null, null, null, caps.retainsData() && failure == null,
          failure, notVerifiedNote(caps));
    }
  }

  private String checkGets(
      Passes.GetOutcome o, Reader reader, KeySpace keySpace, ValueGenerator values, CellParams cell) {
    long n = keySpace.count();
    if (o.firstMissingPosition() >= 0) {
      long index = keySpace.indexAt(o.firstMissingPosition());
      return "verification failed: " + (n - o.found()) + " of " + n + " keys not found; first: key "
          + Diagnosis.describe(keySpace.encoding(), index) + " at position " + o.firstMissingPosition();
    }
    if (o.digest() != expected.of(cell).entryDigest()) {
      String bad = Diagnosis.firstBadGet(reader, keySpace, values);
      return "verification failed: checksum of the values read differs from the generated one; "
          + (bad == null ? "no single bad key found on a second pass (unstable reads)" : "first bad " + bad);
    }
    return null;
  }

  private String checkScan(
      ScanChecker checker, ScanChecker.Work work, Reader reader, ScanDirection direction,
      KeySpace keySpace, ValueGenerator values, CellParams cell) {
    long n = keySpace.count();
    ExpectedChecksums.Totals want = expected.of(cell);
    boolean sumOk = switch (work) {
      case DIGEST -> checker.digest == want.entryDigest();
      case CRC32 -> checker.crcValue() == want.crc32();
      case XXH64 -> checker.fold == want.xxh64Fold();
    };
    if (checker.count == n && checker.firstOutOfOrder < 0 && sumOk) {
      return null;
    }
    String bad = Diagnosis.firstBadScan(reader, direction, keySpace.encoding(), values, n);
    return "verification failed: "
        + (checker.count != n ? "saw " + checker.count + " of " + n + " entries; " : "")
        + (checker.firstOutOfOrder >= 0 ? "entry " + checker.firstOutOfOrder + " out of order; " : "")
        + (!sumOk ? work.name() + " checksum differs; " : "")
        + (bad == null ? "no single bad entry found on a second pass (unstable reads)" : "first bad " + bad);
  }

  private static String notVerifiedNote(Capabilities caps) {
    return caps.retainsData() ? null : "the store discards data, so nothing read can be verified";
  }

  private LatencySampling sampling(LatencySampler sampler) {
    return new LatencySampling(sampler.meanInterval(), sampler.histogram().getTotalCount(), timerPairNanos);
  }

  private static CellResult.Parameters parameters(CellParams cell) {
    return new CellResult.Parameters(
        cell.entries(),
        cell.keys().id(),
        cell.keys().size(),
        cell.valueSize(),
        cell.order().id(),
        cell.batchSize(),
        cell.durability().id(),
        cell.seed(),
        cell.latencySampleInterval(),
        cell.warmupMillis());
  }

  private static CellResult errorResult(
      StoreProvider provider,
      CellParams cell,
      StoreSettings settings,
      Map<String, Object> nativeSettings,
      List<PhaseResult> phases,
      Throwable e) {
    return new CellResult(
        provider.id(),
        provider.library(),
        provider.libraryVersion(),
        provider.capabilities(),
        settings == null ? Map.of() : settings.asText(),
        nativeSettings,
        parameters(cell),
        phases,
        null,
        e.toString());
  }

  private static void closeQuietly(Store store, Throwable primary) {
    try {
      store.close();
    } catch (RuntimeException | LinkageError e) {
      primary.addSuppressed(e);
    }
  }
}
