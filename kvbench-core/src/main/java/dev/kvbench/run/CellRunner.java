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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs one cell: open the store on an empty directory, load it (the write phase), run the read
 * phases, measure storage before and after close. Every phase is measured the same way whatever
 * the store: pass time, sampled latency, process CPU, peak RSS, and verification of every byte
 * read against what the generators predict.
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
   * Runs {@code cell} with {@code provider} in {@code directory}, which must exist and be empty.
   * Never throws for store failures: they become failed phases or a cell error in the result.
   */
  public CellResult run(StoreProvider provider, CellParams cell, Path directory) {
    listener.cellStarted(cell);
    CellResult result;
    try {
      result = runChecked(provider, cell, directory);
    } catch (RuntimeException | LinkageError e) {
      result = errorResult(provider, cell, null, Map.of(), List.of(), e);
    }
    listener.cellFinished(cell, result);
    return result;
  }

  private CellResult runChecked(StoreProvider provider, CellParams cell, Path directory) {
    StoreSettings settings = cell.validateFor(provider);
    requireEmptyDirectory(directory);
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
    PhaseResult write = measure(cell, reportWrite ? Phase.WRITE : null, () -> write(session, keySpace, values, cell));
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
        r = PhaseResult.unsupported(phase.id(), storeId + " has no " + (phase == Phase.READ_REV ? "reverse" : "ordered") + " cursor");
      } else {
        r = measure(cell, phase, () -> read(phase, session, keySpace, values, cell, caps));
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

  /** Wraps a pass with the process meters; a pass that throws becomes a failed phase. */
  private PhaseResult measure(CellParams cell, Phase phase, Supplier<PassFigures> pass) {
    String id = phase == null ? "load" : phase.id();
    rss.resetPeak();
    CpuTime cpuBefore = cpu.read();
    PassFigures f;
    try {
      f = pass.get();
    } catch (RuntimeException | LinkageError e) {
      return PhaseResult.failed(id, "threw " + e);
    }
    CpuTime cpuUsed = cpu.read().minus(cpuBefore);
    long peak = rss.peakBytes();
    double millis = f.nanos / 1e6;
    return new PhaseResult(
            id,
            f.failure == null ? PhaseStatus.OK : PhaseStatus.FAILED,
            f.ops,
            millis,
            f.nanos == 0 ? 0 : f.ops * 1e9 / f.nanos,
            f.ops == 0 ? 0 : (double) f.nanos / f.ops,
            f.latency,
            f.commitLatency,
            f.sampling,
            cpuUsed,
            peak,
            f.verified,
            f.failure,
            f.note);
  }

  private record PassFigures(
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
    Passes.WriteOutcome o =
        Passes.write(session, keySpace, values, cell.batchSize(), puts, commits, progress);
    return new PassFigures(
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
    PhaseProgress progress = new PhaseProgress(keySpace.count());
    listener.phaseStarted(cell, phase, progress);
    long n = keySpace.count();
    try (Reader reader = session.beginRead()) {
      if (phase == Phase.READ_KEY) {
        LatencySampler gets = new LatencySampler(cell.latencySampleInterval(), cell.seed() ^ 0x6B);
        Passes.GetOutcome o = Passes.readKeys(reader, keySpace, gets, progress);
        String failure = null;
        if (caps.retainsData()) {
          if (o.firstMissingPosition() >= 0) {
            long index = keySpace.indexAt(o.firstMissingPosition());
            failure = "verification failed: " + (n - o.found()) + " of " + n + " keys not found; first: key "
                + Diagnosis.describe(keySpace.encoding(), index) + " at position " + o.firstMissingPosition();
          } else if (o.digest() != expected.of(cell).entryDigest()) {
            String bad = Diagnosis.firstBadGet(reader, keySpace, values);
            failure = "verification failed: checksum of values read differs from the generated one; "
                + (bad == null ? "no single bad key found on a second pass (unstable reads)" : "first bad " + bad);
          }
        }
        return new PassFigures(o.ops(), o.nanos(), LatencySummary.of(gets.histogram()), null,
            sampling(gets), caps.retainsData() && failure == null, failure, notVerifiedNote(caps));
      }
      ScanDirection direction = phase == Phase.READ_REV ? ScanDirection.REVERSE : ScanDirection.FORWARD;
      ScanChecker.Work work = switch (phase) {
        case READ_CRC -> ScanChecker.Work.CRC32;
        case READ_XXH64 -> ScanChecker.Work.XXH64;
        default -> ScanChecker.Work.DIGEST;
      };
      ScanChecker checker = new ScanChecker(keySpace.encoding(), n, direction == ScanDirection.FORWARD, work, progress);
      long nanos = Passes.scan(reader, direction, checker);
      String failure = null;
      if (caps.retainsData()) {
        ExpectedChecksums.Totals want = expected.of(cell);
        boolean sumOk = switch (work) {
          case DIGEST -> checker.digest == want.entryDigest();
          case CRC32 -> checker.crcValue() == want.crc32();
          case XXH64 -> checker.fold == want.xxh64Fold();
        };
        if (checker.count != n || checker.firstOutOfOrder >= 0 || !sumOk) {
          String bad = Diagnosis.firstBadScan(reader, direction, keySpace.encoding(), values, n);
          failure = "verification failed: " + (checker.count != n ? "saw " + checker.count + " of " + n + " entries; " : "")
              + (checker.firstOutOfOrder >= 0 ? "entry " + checker.firstOutOfOrder + " out of order; " : "")
              + (!sumOk ? work.name() + " checksum differs; " : "")
              + (bad == null ? "no single bad entry found on a second pass (unstable reads)" : "first bad " + bad);
        }
      }
      return new PassFigures(checker.count, nanos, null, null, null, caps.retainsData() && failure == null,
          failure, notVerifiedNote(caps));
    }
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
        cell.latencySampleInterval());
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
        settings == null ? Map.of() : settings.asText(),
        nativeSettings,
        parameters(cell),
        phases,
        null,
        e.toString());
  }

  private static void requireEmptyDirectory(Path directory) {
    try (var entries = Files.list(directory)) {
      if (entries.findAny().isPresent()) {
        throw new IllegalArgumentException("store directory is not empty: " + directory);
      }
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("store directory is not usable: " + directory + ": " + e);
    }
  }

  private static void closeQuietly(Store store, Throwable primary) {
    try {
      store.close();
    } catch (RuntimeException | LinkageError e) {
      primary.addSuppressed(e);
    }
  }
}
