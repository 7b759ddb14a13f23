package dev.kvbench.run;

import dev.kvbench.host.HostFiles;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.MemoryFootprint;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.StorageResult;
import dev.kvbench.result.StorageResult.LifetimeWrites;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.PassPlan;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.workload.Phase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one cell's lifecycle: open the store on a new directory, load it (the {@link WritePhase}),
 * run each following phase through its {@link PhaseKind}, measure storage before and after close,
 * delete the directory. Every phase is measured the same way whatever the store: warm-up passes,
 * then the measured passes of the cell's {@link PassPlan}, each with its pass time, sampled
 * latency, process CPU and peak RSS, and each checked against what the generators predict after
 * its clock has stopped; what the timed passes do not read is verified by an untimed pass of its
 * own (see {@link Verification}).
 */
public final class CellRunner {

  private final PassMeters meters;
  private final StorageMeter storage;
  private final Verification verification;
  private final RunListener listener;
  private final double timerPairNanos;
  // where each cell's operations after its load are recorded; null for nowhere
  private Path recordTo;

  public CellRunner(
      CpuMeter cpu,
      RssMeter rss,
      StorageMeter storage,
      ExpectedChecksums expected,
      RunListener listener,
      double timerPairNanos) {
    this.meters = new PassMeters(cpu, rss);
    this.storage = storage;
    this.verification = new Verification(expected);
    this.listener = listener;
    this.timerPairNanos = timerPairNanos;
  }

  /**
   * This runner, recording each cell's operations after its load (its phases on the loaded store)
   * to a trace in {@code directory}, {@code <cell id>.kvbtrace}; null records nothing.
   */
  public CellRunner recordingTo(Path directory) {
    this.recordTo = directory;
    return this;
  }

  /**
   * Runs {@code cell} with {@code provider} in new directories of {@code work}, deleted before
   * this returns. Never throws for store failures: they become failed phases or a cell error.
   * The caller announces the cell to listeners; this reports its passes and phases.
   */
  public CellResult run(StoreProvider provider, CellParams cell, WorkArea work) {
    CellResult result;
    StoreSettings settings = null;
    try {
      settings = cell.validateFor(provider);
      String unsupported = unsupportedReason(provider, cell);
      result = unsupported != null ? CellResults.unsupported(provider, cell, unsupported)
          : new CellRun(provider, cell, settings, work).run();
    } catch (RuntimeException | LinkageError | InternalError e) {
      result = CellResults.error(provider, cell, settings, Map.of(), List.of(), e);
    }
    return result;
  }

  /**
   * Why {@code provider}'s store cannot run {@code cell} at all, or null when it can: the cell's
   * combination (key size, value size, durability), or every one of its phases refused with the
   * cell's threads (ycsb-a's two writing clients on a one-writer store), found before a record is
   * loaded.
   */
  public static String unsupportedReason(StoreProvider provider, CellParams cell) {
    String combination = cell.unsupportedReason(provider);
    if (combination != null) {
      return combination;
    }
    Capabilities caps = provider.capabilities();
    String first = null;
    for (Phase phase : cell.plan().phases()) {
      String why = switch (phase.kind()) {
        case THREADED -> ThreadedPhase.unsupportedReason(phase, cell, caps);
        case SUSTAINED -> SustainedPhase.unsupportedReason(phase, cell, caps);
        case LOAD, READ, RANGE, OVERWRITE, CRUD, REOPEN, REPLAY -> null;
      };
      if (why == null) {
        return null;  // this phase runs (other kinds are refused, if at all, once the store is open)
      }
      first = first == null ? why : first;
    }
    return first;
  }

  /** One cell's state while it runs: its phases' results and the store that stays loaded for them. */
  private final class CellRun {
    private final StoreProvider provider;
    private final CellParams cell;
    private final StoreSettings settings;
    private final CellStores stores;
    private final PhaseContext context;
    private final WritePhase write;
    private final List<PhaseResult> phases = new ArrayList<>();
    private Map<String, Object> nativeSettings = Map.of();
    // puts the overwrite passes made into the loaded store
    private long overwritten;
    // what the JVM held once the store was loaded, and after the phases on it
    private MemoryFootprint afterLoad;
    private MemoryFootprint afterPhases;

    CellRun(StoreProvider provider, CellParams cell, StoreSettings settings, WorkArea work) {
      this.provider = provider;
      this.cell = cell;
      this.settings = settings;
      this.stores = new CellStores(provider, cell, settings, work);
      this.context = PhaseContext.of(cell, provider.capabilities(), meters, verification, listener, timerPairNanos);
      this.write = new WritePhase(context, stores);
    }

    CellResult run() {
      if (cell.plan().phases().equals(List.of(Phase.CRUD))) {
        return crudAlone();
      }
      if (cell.plan().replays()) {
        return replayAlone();
      }
      boolean reportWrite = cell.plan().phases().contains(Phase.WRITE);
      if (reportWrite && cell.plan().passes().warmsUp()) {
        write.warmUp();
      }
      int loads = reportWrite ? cell.plan().passes().measuredPasses() : 1;
      // every measured write pass loads a fresh store; the last one stays loaded for the reads
      for (int pass = 1; pass < loads; pass++) {
        PassLabel label = new PassLabel(WritePhase.ID, PassLabel.Kind.MEASURED, pass, loads);
        try {
          stores.inScratchStore("write-" + pass, (store, session) -> {
            write.timedPass(store, session, label);
            return null;
          });
        } catch (RuntimeException | LinkageError | InternalError e) {
          return failedLoad(e, reportWrite);
        }
      }
      Path directory = stores.newDirectory("");
      try {
        return runOnLoadedStore(directory, reportWrite, loads);
      } finally {
        stores.delete(directory);
      }
    }

    /**
     * A cell that runs crud and nothing else loads no store of its own: each CRUD pass fills one,
     * and the last pass's store gives the cell's storage and native settings.
     */
    private CellResult crudAlone() {
      CrudPhase crud = new CrudPhase(context, stores, storage);
      finished(runOrExplain(Phase.CRUD, crud));
      return CellResults.measured(provider, cell, settings, crud.nativeSettings(), phases,
          crud.lastStorage().orElse(null));
    }

    /** A replay loads its store from the trace, not with the matrix's entries: its phase opens and fills one. */
    private CellResult replayAlone() {
      ReplayPhase replay = new ReplayPhase(context, stores, storage);
      finished(runOrExplain(Phase.REPLAY, replay));
      return CellResults.measured(provider, cell, settings, replay.nativeSettings(), phases,
          replay.storage().orElse(null));
    }

    private CellResult runOnLoadedStore(Path directory, boolean reportWrite, int loads) {
      IoBytes ioAtOpen = meters.ioNow();
      Store store = stores.open(directory);
      StorageSize beforeClose;
      boolean loadFailed;
      try {
        nativeSettings = Map.copyOf(store.nativeSettings());
        try (Session session = store.openSession()) {
          PassLabel label = reportWrite
              ? new PassLabel(WritePhase.ID, PassLabel.Kind.MEASURED, loads, loads)
              : new PassLabel("load", PassLabel.Kind.LOAD, 1, 1);
          PhaseResult loaded;
          try {
            write.timedPass(store, session, label);
            loaded = write.result();
          } catch (RuntimeException | LinkageError | InternalError e) {
            loaded = PhaseResult.failed(reportWrite ? WritePhase.ID : "load", Failures.describe(e));
          }
          if (reportWrite) {
            finished(loaded);
          }
          loadFailed = loaded.status() == PhaseStatus.FAILED;
          if (loadFailed) {
            addNotRun(loaded.failure());
          } else {
            afterLoad = footprint(store);
            if (cell.plan().phases().stream().anyMatch(CellRunner::onLoadedStore)) {
              PhaseRecording recording = PhaseRecording.of(recordTo, cell, store, listener);
              try {
                phasesOnLoadedStore(session, recording.store(), directory);
              } finally {
                recording.close();
              }
              afterPhases = footprint(store);
            }
          }
        }
        beforeClose = storage.measure(directory);
      } catch (RuntimeException | LinkageError | InternalError e) {
        Failures.closeAfter(store, e);
        return CellResults.error(provider, cell, settings, nativeSettings, phases, e);
      }
      try {
        store.close();
      } catch (RuntimeException | LinkageError | InternalError e) {
        // a store that cannot close (flush) has not kept the data: the cell fails, with what it measured
        return CellResults.error(provider, cell, settings, nativeSettings, phases, e);
      }
      StorageSize afterClose = storage.measure(directory);
      IoBytes ioAfterClose = meters.ioNow();
      if (loadFailed) {
        // a store that holds part of the data is no measure of its overhead
        return CellResults.measured(provider, cell, settings, nativeSettings, phases, null);
      }
      for (Phase phase : cell.plan().phases()) {
        if (phase.reopens()) {
          finished(runOrExplain(phase, new OpenPhase(context, phase, stores, directory)));
        }
      }
      StorageResult stored = StorageResult.of(beforeClose, afterClose, cell.flatBytes());
      // only where every put into this store is counted: threaded writers keep no such count
      boolean everyPutCounted = cell.plan().phases().stream().noneMatch(Phase::threaded);
      if (ioAtOpen != null && ioAfterClose != null && everyPutCounted) {
        stored = stored.withLifetimeWrites(LifetimeWrites.of((cell.data().entries() + overwritten) * context.entryBytes(),
            ioAfterClose.minus(ioAtOpen).writeBytes()));
      }
      return CellResults.measured(provider, cell, settings, nativeSettings, phases, stored)
          .withMemory(new CellResult.CellMemory(afterLoad, afterPhases));
    }

    /** The JVM's memory now, with the store's own figures; null where it cannot be taken (never the cell's failure). */
    private MemoryFootprint footprint(Store store) {
      try {
        return MemoryFootprint.now(HostFiles.system(), store.memoryUsage());
      } catch (RuntimeException e) {
        return null;
      }
    }

    private CellResult failedLoad(Throwable e, boolean reportWrite) {
      PhaseResult failed = PhaseResult.failed(reportWrite ? WritePhase.ID : "load", Failures.describe(e));
      if (reportWrite) {
        finished(failed);
      }
      addNotRun(failed.failure());
      return CellResults.measured(provider, cell, settings, nativeSettings, phases, null);
    }

    private void addNotRun(String loadFailure) {
      for (Phase phase : cell.plan().phases()) {
        if (phase != Phase.WRITE) {
          finished(PhaseResult.failed(phase.id(), "not run: loading the store failed: " + loadFailure));
        }
      }
    }

    /** The phases after the load, in order, each by its kind, on the loaded store. */
    private void phasesOnLoadedStore(Session session, Store store, Path directory) {
      // keys the loaded store holds: ycsb-d and ycsb-e insert more, which later phases read
      long present = cell.data().entries();
      for (Phase phase : cell.plan().phases()) {
        if (!onLoadedStore(phase)) {
          continue;
        }
        PhaseKind kind = switch (phase.kind()) {
          case READ -> new ReadPhase(context, phase, session);
          case RANGE -> new RangePhase(context, phase, session, present, overwritten > 0);
          case OVERWRITE -> new OverwritePhase(context, session);
          case CRUD -> new CrudPhase(context, stores, storage);
          case THREADED -> new ThreadedPhase(context, phase, store, present, directory);
          case SUSTAINED -> new SustainedPhase(context, phase, store, directory, present);
          case LOAD, REOPEN, REPLAY -> throw new IllegalStateException(phase.id() + " does not run on the loaded store");
        };
        finished(runOrExplain(phase, kind));
        present = kind.keysAfter(present);
        overwritten += kind.overwrites();
      }
    }

    private void finished(PhaseResult r) {
      phases.add(r);
      listener.phaseFinished(cell, r);
    }
  }

  /** Whether {@code phase} runs on the loaded, open store: not the load itself, nor a reopen after close. */
  private static boolean onLoadedStore(Phase phase) {
    return phase.kind() != Phase.Kind.LOAD && phase.kind() != Phase.Kind.REOPEN;
  }

  /** The phase's result, or unsupported with its kind's reason. */
  private static PhaseResult runOrExplain(Phase phase, PhaseKind kind) {
    String unsupported = kind.unsupportedReason();
    return unsupported != null ? PhaseResult.unsupported(phase.id(), unsupported) : kind.run();
  }
}
