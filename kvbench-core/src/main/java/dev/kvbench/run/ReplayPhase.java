package dev.kvbench.run;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.result.StorageResult;
import dev.kvbench.result.ThreadedFigures;
import dev.kvbench.scenario.Axes;
import dev.kvbench.store.Store;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.trace.DrawnTrace;
import dev.kvbench.workload.trace.ReplaySpec;
import dev.kvbench.workload.trace.TraceFormatException;
import dev.kvbench.workload.trace.TraceKind;
import dev.kvbench.workload.trace.TracePlan;
import dev.kvbench.workload.trace.TraceReplay;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The replay phase: the cell's trace on a store of its own, loaded first (untimed) with the
 * entries the trace found before it wrote them, then replayed whole in each warm-up and measured
 * pass, a pass going on from what the last one left: as fast as the store goes, or at the recorded
 * timing ({@link ReplaySpec}), each operation then waiting for its place and its latency counted
 * from it, its service time beside. Operations are timed by their kind (about one of each kind in
 * the cell's sample interval as fast as possible, every one at the recorded timing; the per-kind
 * latencies are reported as a threaded phase's per-operation ones are), and each read is checked as it runs against what the replay wrote (a few
 * bytes of each value, which the replay computes without making the value). The trace's own cost,
 * reading it and keeping what was written, is in every store's pass; the null store's row measures it.
 */
final class ReplayPhase implements PhaseKind {

  static final String ID = Phase.REPLAY.id();

  private final PhaseContext context;
  private final CellStores stores;
  private final StorageMeter storage;
  private Map<String, Object> nativeSettings = Map.of();
  private Optional<StorageResult> storageResult = Optional.empty();
  private TracePlan plan;
  private String unreadable;
  /** Where a drawn trace was written, or null. */
  private Path drawnDirectory;

  ReplayPhase(PhaseContext context, CellStores stores, StorageMeter storage) {
    this.context = context;
    this.stores = stores;
    this.storage = storage;
  }

  /** The store's native settings once it opened; empty before. */
  Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /** The replay's store after the last pass, measured before and after it closed. */
  Optional<StorageResult> storage() {
    return storageResult;
  }

  /** Reads the trace once (what it needs, what to load), untimed; a trace that does not read fails the phase. */
  private TracePlan plan() {
    if (plan == null && unreadable == null) {
      try {
        plan = TracePlan.of(traceFile());
      } catch (TraceFormatException | java.io.UncheckedIOException | IllegalArgumentException e) {
        unreadable = e.getMessage();
      }
    }
    return plan;
  }

  /**
   * The file the cell replays: the recorded trace, or one drawn from a mixgraph model ({@link
   * DrawnTrace}) into a directory of the cell's own, once, untimed, deleted when the phase ends.
   */
  private Path traceFile() {
    Path trace = spec().trace();
    java.util.Optional<DrawnTrace> drawn = DrawnTrace.parse(trace.toString());
    if (drawn.isEmpty()) {
      return trace;
    }
    drawnDirectory = stores.newDirectory("drawn-trace");
    return drawn.get().drawInto(drawnDirectory);
  }

  /** Deletes the drawn trace, where one was drawn. */
  private void deleteDrawn() {
    if (drawnDirectory != null) {
      stores.delete(drawnDirectory);
    }
  }

  /** The cell's trace and how fast it is replayed. */
  private ReplaySpec spec() {
    return ReplaySpec.parse(context.cell().value(Axes.TRACES));
  }

  @Override
  public String unsupportedReason() {
    TracePlan p = plan();
    if (p == null) {
      return null; // run() fails the phase with the reason
    }
    String lacks = p.unsupportedReason(context.caps());
    return lacks != null ? lacks : dev.kvbench.workload.trace.Replayer.of(p, TraceReplay.Checks.NONE, true,
        dev.kvbench.workload.trace.ReplayPace.AS_FAST_AS_POSSIBLE, context.caps()).unsupportedReason(context.caps());
  }

  @Override
  public PhaseResult run() {
    if (plan() == null) {
      deleteDrawn();
      return PhaseResult.failed(ID, "the trace does not read: " + unreadable);
    }
    String unverifiable = context.unverifiable();
    ReplaySpec spec = spec();
    if (spec.timed() && plan.spanNanos() <= 0) {
      return PhaseResult.failed(ID, "the trace " + spec.trace().getFileName() + " was recorded in one instant: it has no"
          + " timing to replay at " + spec.suffix().substring(1) + "; replay it as fast as possible (no @)");
    }
    dev.kvbench.workload.trace.Replayer replay = dev.kvbench.workload.trace.Replayer.of(plan, unverifiable != null
        ? TraceReplay.Checks.NONE
        : TraceReplay.checksFor(context.caps()), context.caps().supports(dev.kvbench.store.WriteOperation.GET_IN_WRITE),
        spec.timed() ? dev.kvbench.workload.trace.ReplayPace.recorded(spec.speed(), Pacing::waitUntil)
            : dev.kvbench.workload.trace.ReplayPace.asFastAsPossible(context.cell().plan().latencySampleInterval()),
        context.caps());
    Map<TraceKind, Histogram> byKind = new EnumMap<>(TraceKind.class);
    Map<TraceKind, Histogram> serviceByKind = spec.timed() ? new EnumMap<>(TraceKind.class) : null;
    List<PassResult> passes = new ArrayList<>();
    String failure = null;
    Path directory = stores.newDirectory(ID);
    try {
      // opened for the trace's keys and values, not the matrix's (a map sized for 4-byte keys takes no 12-byte ones)
      Store store = stores.open(directory, plan.sizing());
      boolean closed = false;
      try {
        nativeSettings = Map.copyOf(store.nativeSettings());
        PhaseProgress loading = new PhaseProgress(plan.preload().size());
        context.listener().passStarted(context.cell(), new PassLabel("load", PassLabel.Kind.LOAD, 1, 1), loading);
        replay.load(store);
        loading.publish(plan.preload().size());
        String[] warmupFailure = {null};
        Warmups.forEach(context.cell().plan().passes(), ID, label -> {
          if (warmupFailure[0] == null) {
            warmupFailure[0] = pass(replay, store, label, null, null, null);
          }
        });
        failure = warmupFailure[0];
        int measured = context.cell().plan().passes().measuredPasses();
        for (int pass = 1; pass <= measured && failure == null; pass++) {
          failure = pass(replay, store, new PassLabel(ID, PassLabel.Kind.MEASURED, pass, measured), passes, byKind,
              serviceByKind);
        }
        StorageSize beforeClose = storage.measure(directory);
        closed = true;
        store.close();
        storageResult = Optional.of(StorageResult.of(beforeClose, storage.measure(directory), replay.heldBytes()));
      } catch (RuntimeException | LinkageError | InternalError e) {
        if (!closed) {
          Failures.closeAfter(store, e);
        }
        throw e;
      }
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(ID, Failures.describe(e));
    } finally {
      stores.delete(directory);
      deleteDrawn();
    }
    if (passes.isEmpty()) {
      return PhaseResult.failed(ID, failure);
    }
    Histogram all = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    Map<String, String> encoded = new LinkedHashMap<>();
    byKind.forEach((kind, h) -> {
      all.add(h);
      summaries.put(kind.label(), LatencySummary.of(h));
      encoded.put(kind.label(), HistogramCodec.encode(h));
    });
    Map<String, LatencySummary> service = null;
    if (serviceByKind != null) {
      service = new LinkedHashMap<>();
      for (Map.Entry<TraceKind, Histogram> e : serviceByKind.entrySet()) {
        service.put(e.getKey().label(), LatencySummary.of(e.getValue()));
      }
    }
    PassResult median = passes.get(passes.size() / 2);
    double achieved = median.passMillis() > 0 ? median.ops() * 1e3 / median.passMillis() : 0;
    // at the recorded timing every operation is timed; as fast as possible about one of each kind in the interval
    Latency latency = new Latency(all, null, context.sampling(spec.timed() ? 1
        : context.cell().plan().latencySampleInterval(), all.getTotalCount()));
    long unjudged = replay.unjudgedReads();
    String note = unverifiable != null ? unverifiable : unjudged == 0 ? null : String.format(java.util.Locale.ROOT,
        "%,d reads began before every state the replay kept of their key (%d a key) and were not judged", unjudged,
        dev.kvbench.workload.trace.Replayer.KEPT_STATES);
    return PhaseResult.measured(ID, passes, latency, unverifiable == null, failure, note)
        .withThreaded(new ThreadedFigures(plan.overlap() == null ? 1 : plan.sessions(), List.of(), summaries, encoded, service, spec.timed()
            ? ThreadedFigures.FROM_INTENDED_START : ThreadedFigures.FROM_OP_START, plan.recordedRate() * spec.speed(),
            achieved, null, spec.label()));
  }

  /**
   * One replay of the whole trace. {@code passes} null marks a warm-up pass, whose figures are
   * dropped. Returns the first read that did not find what the replay wrote, else null.
   */
  private String pass(dev.kvbench.workload.trace.Replayer replay, Store store, PassLabel label, List<PassResult> passes,
      Map<TraceKind, Histogram> byKind, Map<TraceKind, Histogram> serviceByKind) {
    PhaseProgress progress = new PhaseProgress(plan.operations());
    context.listener().passStarted(context.cell(), label, progress);
    Map<TraceKind, Histogram> latencies = new EnumMap<>(TraceKind.class);
    Map<TraceKind, Histogram> service = serviceByKind == null ? null : new EnumMap<>(TraceKind.class);
    PassMeters.Start before = context.meters().start();
    TraceReplay.Outcome o = replay.replay(store, latencies, service, progress::publish);
    PassResult figures = context.meters().end(before, o.operations(), o.nanos());
    if (passes != null) {
      Histogram pass = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
      latencies.values().forEach(pass::add);
      passes.add(figures.withInterval(PhaseContext.startMillis(o.nanos()), pass).withProgress(progress.timeline()));
      latencies.forEach((kind, h) -> byKind.computeIfAbsent(kind, k -> new Histogram(LatencySampler.HIGHEST_NANOS, 3))
          .add(h));
      if (service != null) {
        service.forEach((kind, h) -> serviceByKind.computeIfAbsent(kind,
            k -> new Histogram(LatencySampler.HIGHEST_NANOS, 3)).add(h));
      }
    }
    return o.failure() == null ? null : label + ": " + o.failure();
  }
}
