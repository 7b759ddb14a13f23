package dev.kvbench.run;

import dev.kvbench.scenario.PassPlan;
import dev.kvbench.scenario.ReadCache;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.codec.CompressingStore;
import dev.kvbench.codec.ValueCodecProvider;
import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.host.PageCache;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.IoMeter;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.Amplification;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.result.PhaseResult.LatencySampling;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.StorageResult;
import dev.kvbench.result.StorageResult.LifetimeWrites;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Runs one cell: open the store on a new directory, load it (the write phase), run the read
 * phases, measure storage before and after close, delete the directory. Every phase is measured
 * the same way whatever the store: warm-up passes, then the measured passes of the cell's {@link
 * PassPlan}, each with its pass time, sampled latency, process CPU and peak RSS, and each
 * checked against what the generators predict after its clock has stopped; what the timed passes
 * do not read is verified by an untimed pass of its own (see {@link Verification}).
 */
public final class CellRunner {

  /** Seeds the overwrite phase's own random order of the keys. */
  static final long OVERWRITE_ORDER_SALT = 0x0F3E_A11C_0DE5_0B1EL;

  private final PassMeters meters;
  private final StorageMeter storage;
  private final Verification verification;
  private final RunListener listener;
  private final double timerPairNanos;

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
   * Runs {@code cell} with {@code provider} in new directories of {@code work}, deleted before
   * this returns. Never throws for store failures: they become failed phases or a cell error.
   * The caller announces the cell to listeners; this reports its passes and phases.
   */
  public CellResult run(StoreProvider provider, CellParams cell, WorkArea work) {
    String name = cell.storeId() + "-" + cell.keys().id() + "-" + cell.order().id();
    CellResult result;
    StoreSettings settings = null;
    try {
      settings = cell.validateFor(provider);
      String unsupported = cell.unsupportedReason(provider);
      result = unsupported != null ? CellResults.unsupported(provider, cell, unsupported)
          : new CellRun(provider, cell, settings, work, name).run();
    } catch (RuntimeException | LinkageError | InternalError e) {
      result = CellResults.error(provider, cell, settings, Map.of(), List.of(), e);
    }
    return result;
  }

  /** One cell's state while it runs: the store that stays loaded for the read phases. */
  private final class CellRun {
    private final StoreProvider provider;
    private final CellParams cell;
    private final StoreSettings settings;
    private final WorkArea work;
    private final String name;
    private final KeySpace keySpace;
    private final ValueSource values;
    private final List<PhaseResult> phases = new ArrayList<>();
    // the measured write passes, across the fresh stores each of them loads
    private final List<PassResult> writePasses = new ArrayList<>();
    private final Histogram puts = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    private final Histogram commits = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    private Map<String, Object> nativeSettings = Map.of();
    // the last measured CRUD pass's store, after close: a crud-only cell's storage
    private StorageResult crudStorage;
    // puts the overwrite passes (warm-up ones too) made into the loaded store
    private long overwritten;
    // the codec the harness applies around each put and get, if the cell has one
    private final Optional<ValueCodecProvider> codec;
    // why nothing read can be checked (a store that discards data, unpredictable values); null when all can
    private final String unverifiable;

    CellRun(StoreProvider provider, CellParams cell, StoreSettings settings, WorkArea work, String name) {
      this.provider = provider;
      this.cell = cell;
      this.settings = settings;
      this.work = work;
      this.name = name;
      this.keySpace = cell.keySpace();
      this.values = cell.values();
      this.unverifiable = cell.unverifiableReason(provider.capabilities());
      this.codec = cell.codec().equals(ValueCodecs.NONE) ? Optional.empty()
          : Optional.of(ValueCodecs.load().require(cell.codec()));
    }

    CellResult run() {
      if (cell.phases().equals(List.of(Phase.CRUD))) {
        return crudAlone();
      }
      boolean reportWrite = cell.phases().contains(Phase.WRITE);
      if (reportWrite && cell.passes().warmsUp()) {
        warmUpWrites();
      }
      int loads = reportWrite ? cell.passes().measuredPasses() : 1;
      // every measured write pass loads a fresh store; the last one stays loaded for the reads
      for (int pass = 1; pass < loads; pass++) {
        PassLabel label = new PassLabel("write", PassLabel.Kind.MEASURED, pass, loads);
        try {
          inScratchStore(name + "-write-" + pass, (store, session) -> {
            timedWrite(store, session, label);
            return null;
          });
        } catch (RuntimeException | LinkageError | InternalError e) {
          return failedLoad(e, reportWrite);
        }
      }
      Path directory = work.newDirectory(name);
      try {
        return runOnLoadedStore(directory, reportWrite, loads);
      } finally {
        work.delete(directory);
      }
    }

    /**
     * A cell that runs crud and nothing else loads no store of its own: each CRUD pass fills one,
     * and the last pass's store gives the cell's storage and native settings.
     */
    private CellResult crudAlone() {
      Capabilities caps = provider.capabilities();
      String missing = missingForCrud(caps);
      PhaseResult crud = missing == null ? crudPhase()
          : PhaseResult.unsupported(Phase.CRUD.id(), cell.storeId() + " has no " + missing);
      phases.add(crud);
      listener.phaseFinished(cell, crud);
      return CellResults.measured(provider, cell, settings, nativeSettings, phases, crudStorage);
    }

    private CellResult runOnLoadedStore(Path directory, boolean reportWrite, int loads) {
      IoBytes ioAtOpen = meters.ioNow();
      Store store = open(directory);
      StorageSize beforeClose;
      boolean loadFailed;
      try {
        nativeSettings = Map.copyOf(store.nativeSettings());
        try (Session session = store.openSession()) {
          PassLabel label = reportWrite
              ? new PassLabel("write", PassLabel.Kind.MEASURED, loads, loads)
              : new PassLabel("load", PassLabel.Kind.LOAD, 1, 1);
          PhaseResult write;
          try {
            timedWrite(store, session, label);
            write = PhaseResult.measured("write", writePasses,
                new Latency(puts, commits, sampling(cell.latencySampleInterval(), puts.getTotalCount())), false, null,
                "write is verified by the read phases that follow it")
                .withAmplification(Amplification.Direction.WRITE, entryBytes());
          } catch (RuntimeException | LinkageError | InternalError e) {
            write = PhaseResult.failed(reportWrite ? "write" : "load", Failures.describe(e));
          }
          if (reportWrite) {
            phases.add(write);
            listener.phaseFinished(cell, write);
          }
          loadFailed = write.status() == PhaseStatus.FAILED;
          if (loadFailed) {
            addNotRun(write.failure());
          } else {
            readPhases(session, store);
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
      StorageResult stored = StorageResult.of(beforeClose, afterClose, cell.flatBytes());
      // only where every put into this store is counted: threaded writers keep no such count
      boolean everyPutCounted = cell.phases().stream().noneMatch(Phase::threaded);
      if (ioAtOpen != null && ioAfterClose != null && everyPutCounted) {
        stored = stored.withLifetimeWrites(LifetimeWrites.of((cell.entries() + overwritten) * entryBytes(),
            ioAfterClose.minus(ioAtOpen).writeBytes()));
      }
      return CellResults.measured(provider, cell, settings, nativeSettings, phases, stored);
    }

    private CellResult failedLoad(Throwable e, boolean reportWrite) {
      PhaseResult write = PhaseResult.failed(reportWrite ? "write" : "load", Failures.describe(e));
      if (reportWrite) {
        phases.add(write);
        listener.phaseFinished(cell, write);
      }
      addNotRun(write.failure());
      return CellResults.measured(provider, cell, settings, nativeSettings, phases, null);
    }

    private void addNotRun(String loadFailure) {
      for (Phase phase : cell.phases()) {
        if (phase != Phase.WRITE) {
          PhaseResult r = PhaseResult.failed(phase.id(), "not run: loading the store failed: " + loadFailure);
          phases.add(r);
          listener.phaseFinished(cell, r);
        }
      }
    }

    /** Bytes of one entry as the workload sees it: key and uncompressed value. */
    private long entryBytes() {
      return (long) cell.keys().size() + Math.round(values.meanSize());
    }

    private StoreConfig config(Path directory) {
      return new StoreConfig(directory, settings, cell.durability(), cell.sizing());
    }

    /**
     * The store on {@code directory}; with a codec, opened for the largest compressed value and
     * wrapped so that the workload puts and gets its own values.
     */
    private Store open(Path directory) {
      return codec.isEmpty() ? provider.open(config(directory))
          : CompressingStore.open(provider, config(directory), codec.get());
    }

    /**
     * Loads scratch stores with the same workload, capped at {@link CellParams#WARMUP_WRITE_ENTRIES},
     * and deletes each, until the plan's warm-up is done: the measured writes then run compiled
     * code, as the reads do after their warm-up passes.
     */
    private void warmUpWrites() {
      long entries = Math.min(cell.entries(), CellParams.WARMUP_WRITE_ENTRIES);
      KeySpace keys = new KeySpace(entries, cell.keys(), cell.order(), cell.seed());
      Warmups.forEach(cell.passes(), "write", label -> {
        PhaseProgress progress = new PhaseProgress(entries);
        listener.passStarted(cell, label, progress);
        inScratchStore(name + "-warmup-" + label.number(), (store, session) -> Passes.write(session, keys, values,
            Math.min(cell.batchSize(), entries), new LatencySampler(cell.latencySampleInterval(), cell.seed()),
            new LatencySampler(1, cell.seed()), progress));
      });
    }

    /**
     * Opens a store on a new directory, hands {@code body} a session, closes the store and deletes
     * it all; returns what {@code body} returned.
     */
    private <T> T inScratchStore(String directoryName, java.util.function.BiFunction<Store, Session, T> body) {
      Path scratch = work.newDirectory(directoryName);
      try {
        Store store = open(scratch);
        T result;
        try (Session session = store.openSession()) {
          result = body.apply(store, session);
        } catch (RuntimeException | LinkageError | InternalError e) {
          Failures.closeAfter(store, e);
          throw e;
        }
        store.close();
        return result;
      } finally {
        work.delete(scratch);
      }
    }

    /** One measured write pass into {@code session}'s empty store, added to the write phase's figures. */
    private void timedWrite(Store store, Session session, PassLabel label) {
      PhaseProgress progress = new PhaseProgress(keySpace.count());
      listener.passStarted(cell, label, progress);
      LatencySampler putSampler = new LatencySampler(cell.latencySampleInterval(), cell.seed() ^ 0x57 ^ label.number());
      LatencySampler commitSampler = new LatencySampler(1, cell.seed());
      CommitTracer tracer = commitTracer(store);
      PassMeters.Start cpuBefore = startTimedPass();
      if (tracer != null) {
        tracer.start();
      }
      Passes.WriteOutcome o = Passes.write(session, keySpace, values, cell.batchSize(), putSampler, commitSampler,
          progress, tracer == null ? Passes.CommitListener.NONE : tracer);
      writePasses.add(traced(endTimedPass(cpuBefore, o.ops(), o.nanos() - probeNanos(tracer)), tracer)
          .withInterval(startMillis(o.nanos()), putSampler.histogram()).withProgress(progress.timeline()));
      puts.add(putSampler.histogram());
      commits.add(commitSampler.histogram());
    }

    /** A tracer for a write pass into {@code store}, or null unless the plan traces commits. */
    private CommitTracer commitTracer(Store store) {
      if (!cell.passes().traceCommits()) {
        return null;
      }
      long commits = (keySpace.count() + cell.batchSize() - 1) / cell.batchSize();
      return new CommitTracer(store, new IoMeter(), commits);
    }

    /** The probes' own time: what a traced pass leaves out of its pass time. */
    private static long probeNanos(CommitTracer tracer) {
      return tracer == null ? 0 : tracer.probeNanos();
    }

    private static PassResult traced(PassResult figures, CommitTracer tracer) {
      return tracer == null ? figures : figures.withCommitTrace(tracer.trace());
    }

    private void readPhases(Session session, Store store) {
      // keys the loaded store holds: ycsb-d and ycsb-e insert more, which later phases read
      long present = cell.entries();
      for (Phase phase : cell.phases()) {
        if (phase == Phase.WRITE) {
          continue;
        }
        PhaseResult r;
        Capabilities caps = provider.capabilities();
        if (phase.threaded()) {
          String unsupported = ThreadedPhase.unsupportedReason(phase, cell, caps);
          if (unsupported != null) {
            r = PhaseResult.unsupported(phase.id(), unsupported);
          } else {
            ThreadedPhase threaded = new ThreadedPhase(phase, cell, store, caps, meters, listener, timerPairNanos,
                present);
            r = threaded.run();
            present = threaded.frontier();
          }
        } else if (phase == Phase.OVERWRITE) {
          r = caps.supports(WriteOperation.OVERWRITE) ? overwritePhase(session)
              : PhaseResult.unsupported(phase.id(), cell.storeId() + " cannot put on an existing key");
        } else if (phase == Phase.CRUD) {
          String missing = missingForCrud(caps);
          r = missing == null ? crudPhase()
              : PhaseResult.unsupported(phase.id(), cell.storeId() + " has no " + missing);
        } else if (!supported(caps, phase)) {
          r = PhaseResult.unsupported(phase.id(),
              cell.storeId() + " has no " + (phase == Phase.READ_REV ? "reverse" : "ordered") + " cursor");
        } else {
          r = readPhase(phase, session);
        }
        phases.add(r);
        listener.phaseFinished(cell, r);
      }
    }

    /**
     * Warm-up passes, then the measured passes, then for readKey, readSeq and readRev one untimed
     * verification pass, all inside one read transaction as the seeds' passes were; warm-up passes
     * run the very code of the measured ones. A pass that throws fails the phase.
     */
    private PhaseResult readPhase(Phase phase, Session session) {
      List<PassResult> passes = new ArrayList<>();
      Histogram gets = phase == Phase.READ_KEY ? new Histogram(LatencySampler.HIGHEST_NANOS, 3) : null;
      String failure = null;
      try (Reader reader = session.beginRead()) {
        Warmups.forEach(cell.passes(), phase.id(), label -> readPass(phase, reader, label, null, null));
        int measured = cell.passes().measuredPasses();
        for (int pass = 1; pass <= measured; pass++) {
          String problem = readPass(phase, reader, new PassLabel(phase.id(), PassLabel.Kind.MEASURED, pass,
              measured), passes, gets);
          if (problem != null && failure == null) {
            failure = problem;
          }
        }
        if (failure == null && unverifiable == null) {
          failure = verificationPass(phase, reader);
        }
      } catch (RuntimeException | LinkageError | InternalError e) {
        return PhaseResult.failed(phase.id(), Failures.describe(e));
      }
      long samples = gets == null ? 0 : gets.getTotalCount();
      Latency latency = gets == null ? Latency.NONE
          : new Latency(gets, null, sampling(cell.latencySampleInterval(), samples));
      // readKey gets values; the scans get every key with its value
      long returnedPerOp = phase == Phase.READ_KEY ? Math.round(values.meanSize()) : entryBytes();
      return PhaseResult.measured(phase.id(), passes, latency, unverifiable == null, failure,
          unverifiable)
          .withAmplification(Amplification.Direction.READ, returnedPerOp);
    }

    /**
     * Warm-up and measured overwrite passes on the loaded store: every key gets its updated value
     * (the threaded workloads' update values), in a random order of the phase's own, committing
     * every batch-size puts; then, untimed, every key is read back and checked against it.
     */
    private PhaseResult overwritePhase(Session session) {
      KeySpace order = new KeySpace(cell.entries(), cell.keys(), dev.kvbench.workload.KeyOrder.RND,
          cell.seed() ^ OVERWRITE_ORDER_SALT);
      ValueSource updated = ThreadedPhase.updateValues(cell);
      List<PassResult> passes = new ArrayList<>();
      Histogram overwrites = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
      Histogram overwriteCommits = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
      try {
        Warmups.forEach(cell.passes(), Phase.OVERWRITE.id(), label -> {
          PhaseProgress progress = new PhaseProgress(order.count());
          listener.passStarted(cell, label, progress);
          overwritten += Passes.write(session, order, updated, cell.batchSize(),
              new LatencySampler(cell.latencySampleInterval(), cell.seed()), new LatencySampler(1, cell.seed()),
              progress).ops();
        });
        int measured = cell.passes().measuredPasses();
        for (int pass = 1; pass <= measured; pass++) {
          PhaseProgress progress = new PhaseProgress(order.count());
          listener.passStarted(cell, new PassLabel("overwrite", PassLabel.Kind.MEASURED, pass, measured), progress);
          LatencySampler putSampler = new LatencySampler(cell.latencySampleInterval(), cell.seed() ^ 0x0F ^ pass);
          LatencySampler commitSampler = new LatencySampler(1, cell.seed());
          PassMeters.Start cpuBefore = startTimedPass();
          Passes.WriteOutcome o = Passes.write(session, order, updated, cell.batchSize(), putSampler, commitSampler,
              progress);
          overwritten += o.ops();
          passes.add(endTimedPass(cpuBefore, o.ops(), o.nanos()).withInterval(startMillis(o.nanos()),
              putSampler.histogram()).withProgress(progress.timeline()));
          overwrites.add(putSampler.histogram());
          overwriteCommits.add(commitSampler.histogram());
        }
      } catch (RuntimeException | LinkageError | InternalError e) {
        return PhaseResult.failed(Phase.OVERWRITE.id(), Failures.describe(e));
      }
      String failure = unverifiable == null ? checkUpdated(session, updated) : null;
      return PhaseResult.measured(Phase.OVERWRITE.id(), passes, new Latency(overwrites, overwriteCommits,
          sampling(cell.latencySampleInterval(), overwrites.getTotalCount())), unverifiable == null, failure,
          unverifiable == null ? "every key read back afterwards, untimed, and checked against its new value"
              : unverifiable)
          .withAmplification(Amplification.Direction.WRITE, entryBytes());
    }

    /** Untimed: every key holds its updated value; else what the first wrong key held. */
    private String checkUpdated(Session session, ValueSource updated) {
      KeyFormat encoding = cell.keys();
      ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
      ByteBuffer want = ByteBuffer.allocateDirect(cell.valueSize());
      long wrong = 0;
      long first = -1;
      try (Reader r = session.beginRead()) {
        for (long i = 0; i < cell.entries(); i++) {
          encoding.encode(i, key);
          updated.valueInto(i, want);
          ByteBuffer got = r.get(key);
          if (got == null || !got.equals(want)) {
            if (wrong++ == 0) {
              first = i;
            }
          }
        }
      }
      return wrong == 0 ? null : wrong + " of " + cell.entries() + " keys do not hold the value overwrite put"
          + " (first: key index " + first + ")";
    }

    /**
     * One read pass. {@code passes} null marks a warm-up pass: its figures are dropped and it is
     * not checked. Returns what the checks of a measured pass found wrong, else null.
     */
    private String readPass(Phase phase, Reader reader, PassLabel label, List<PassResult> passes,
        Histogram gets) {
      long n = keySpace.count();
      PhaseProgress progress = new PhaseProgress(n);
      listener.passStarted(cell, label, progress);
      boolean measured = passes != null;
      boolean verify = measured && unverifiable == null;
      if (measured && cell.passes().readCache() == ReadCache.COLD) {
        PageCache.drop(); // untimed: before the meters start
      }
      if (phase == Phase.READ_KEY) {
        LatencySampler sampler = new LatencySampler(cell.latencySampleInterval(), cell.seed() ^ 0x6B ^ label.number());
        PassMeters.Start cpuBefore = startTimedPass();
        Passes.GetOutcome o = Passes.readKeys(reader, keySpace, sampler, progress);
        PassResult figures = endTimedPass(cpuBefore, o.ops(), o.nanos());
        if (!measured) {
          return null;
        }
        passes.add(figures.withInterval(startMillis(o.nanos()), sampler.histogram()).withProgress(progress.timeline()));
        gets.add(sampler.histogram());
        return verify ? verification.checkGets(o, reader, keySpace, values, cell) : null;
      }
      ScanDirection direction = direction(phase);
      ScanChecker.Work work = switch (phase) {
        case READ_CRC -> ScanChecker.Work.CRC32;
        case READ_XXH64 -> ScanChecker.Work.XXH64;
        default -> ScanChecker.Work.CONSUME;
      };
      ScanChecker checker = new ScanChecker(verification.ranks(keySpace), n, direction == ScanDirection.FORWARD, work,
          progress);
      PassMeters.Start cpuBefore = startTimedPass();
      long nanos = Passes.scan(reader, direction, checker);
      PassResult figures = endTimedPass(cpuBefore, checker.count, nanos);
      if (!measured) {
        return null;
      }
      passes.add(figures.withInterval(startMillis(nanos), null).withProgress(progress.timeline()));
      return verify ? verification.checkScan(checker, work, reader, direction, keySpace, values, cell) : null;
    }

    /**
     * Warm-up and measured CRUD passes, each into a new, empty store, as the write passes are; the
     * last measured pass's store is then checked, untimed: every key holds its value and none of
     * the deleted keys is left. An op is a transaction of batch-size quadruples (one with batch
     * size 1, as in ioarena's crud).
     */
    private PhaseResult crudPhase() {
      List<PassResult> passes = new ArrayList<>();
      Histogram transactions = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
      long perTransaction = Math.min(cell.batchSize(), keySpace.count());
      String failure = null;
      try {
        Warmups.forEach(cell.passes(), "crud", label -> inScratchStore(name + "-crud-warmup-" + label.number(),
            (store, session) -> crudPass(session, perTransaction, label, null, null)));
        int measured = cell.passes().measuredPasses();
        for (int pass = 1; pass < measured; pass++) {
          PassLabel label = new PassLabel("crud", PassLabel.Kind.MEASURED, pass, measured);
          String problem = inScratchStore(name + "-crud-" + pass,
              (store, session) -> crudPass(session, perTransaction, label, passes, transactions));
          failure = failure != null ? failure : problem;
        }
        String problem = lastCrudPass(perTransaction, measured, passes, transactions);
        failure = failure != null ? failure : problem;
      } catch (RuntimeException | LinkageError | InternalError e) {
        return PhaseResult.failed("crud", Failures.describe(e));
      }
      Latency latency = new Latency(transactions, null, sampling(1, transactions.getTotalCount()));
      String note = "an op is one transaction of " + perTransaction
          + " quadruple(s) into an empty store: put b, put a, delete b, get a";
      return PhaseResult.measured("crud", passes, latency, unverifiable == null, failure,
          unverifiable == null ? note : note + "; " + unverifiable);
    }

    /**
     * The last measured CRUD pass, whose store is checked (untimed), measured before and after it
     * closes, and kept as {@link #crudStorage} with its native settings: the storage of a cell that
     * runs crud alone.
     */
    private String lastCrudPass(long perTransaction, int measured, List<PassResult> passes,
        Histogram transactions) {
      Path scratch = work.newDirectory(name + "-crud-" + measured);
      try {
        Store store = open(scratch);
        String problem;
        try (Session session = store.openSession()) {
          nativeSettings = Map.copyOf(store.nativeSettings());
          problem = crudPass(session, perTransaction, new PassLabel("crud", PassLabel.Kind.MEASURED, measured,
              measured), passes, transactions);
          if (problem == null && unverifiable == null) {
            problem = verifyAfterCrud(session);
          }
        } catch (RuntimeException | LinkageError | InternalError e) {
          Failures.closeAfter(store, e);
          throw e;
        }
        StorageSize beforeClose = storage.measure(scratch);
        store.close();
        crudStorage = StorageResult.of(beforeClose, storage.measure(scratch), cell.flatBytes());
        return problem;
      } finally {
        work.delete(scratch);
      }
    }

    /** One CRUD pass; {@code passes} null marks a warm-up. Returns what went wrong, else null. */
    private String crudPass(Session session, long perTransaction, PassLabel label,
        List<PassResult> passes, Histogram transactions) {
      PhaseProgress progress = new PhaseProgress(keySpace.count());
      listener.passStarted(cell, label, progress);
      // every transaction timed, as the write pass times every commit
      LatencySampler pass = new LatencySampler(1, cell.seed());
      PassMeters.Start cpuBefore = startTimedPass();
      Passes.CrudOutcome o = Passes.crud(session, keySpace, values, perTransaction, pass, progress);
      PassResult figures = endTimedPass(cpuBefore, o.transactions(), o.nanos());
      if (passes == null) {
        return null;
      }
      passes.add(figures.withInterval(startMillis(o.nanos()), pass.histogram()).withProgress(progress.timeline()));
      transactions.add(pass.histogram());
      if (o.wrongGets() == 0 || unverifiable != null) {
        return null;
      }
      return "verification failed: " + o.wrongGets() + " of " + o.quadruples()
          + " gets inside the write transaction did not find the value it had just put";
    }

    /** Every key of the workload holds its value, and no key a CRUD pass put and deleted is left. */
    private String verifyAfterCrud(Session session) {
      try (Reader reader = session.beginRead()) {
        PhaseProgress progress = new PhaseProgress(keySpace.count());
        listener.passStarted(cell, new PassLabel("crud", PassLabel.Kind.VERIFY, 1, 1), progress);
        String bad = verification.verifyGets(reader, keySpace, values, cell, progress);
        if (bad != null) {
          return bad;
        }
        KeyFormat encoding = keySpace.encoding();
        ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
        long n = keySpace.count();
        for (long index = n; index < 2 * n; index++) {
          encoding.encode(index, key);
          if (reader.get(key) != null) {
            return "verification failed: key " + Diagnosis.describe(encoding, index)
                + " was put and deleted in one transaction by crud, yet it is still there";
          }
        }
        return null;
      }
    }

    /**
     * The untimed pass that reads every byte the timed passes of readKey, readSeq or readRev left
     * untouched; readCrc and readXxh64 need none, their totals check every byte. Null when all match.
     */
    private String verificationPass(Phase phase, Reader reader) {
      if (phase == Phase.READ_CRC || phase == Phase.READ_XXH64) {
        return null;
      }
      PhaseProgress progress = new PhaseProgress(keySpace.count());
      listener.passStarted(cell, new PassLabel(phase.id(), PassLabel.Kind.VERIFY, 1, 1), progress);
      return phase == Phase.READ_KEY
          ? verification.verifyGets(reader, keySpace, values, cell, progress)
          : verification.verifyScan(reader, direction(phase), keySpace, values, cell, progress);
    }
  }

  private static ScanDirection direction(Phase phase) {
    return phase == Phase.READ_REV ? ScanDirection.REVERSE : ScanDirection.FORWARD;
  }

  /** What a store lacks for the CRUD phase, in words; null when it has it all. */
  private static String missingForCrud(Capabilities caps) {
    List<String> missing = new ArrayList<>();
    if (!caps.supports(WriteOperation.DELETE)) {
      missing.add("delete");
    }
    if (!caps.supports(WriteOperation.GET_IN_WRITE)) {
      missing.add("get inside a write transaction (its batches cannot be read)");
    }
    return missing.isEmpty() ? null : String.join(" and ", missing);
  }

  private static boolean supported(Capabilities caps, Phase phase) {
    if (phase == Phase.READ_REV) {
      return caps.reverseScan();
    }
    return !phase.needsOrderedScan() || caps.orderedScan();
  }

  private PassMeters.Start startTimedPass() {
    return meters.start();
  }

  private PassResult endTimedPass(PassMeters.Start before, long ops, long nanos) {
    return meters.end(before, ops, nanos);
  }

  /** Wall-clock start of a pass that just ended after {@code nanos}: its interval in the .hlog logs. */
  private static long startMillis(long nanos) {
    return System.currentTimeMillis() - nanos / 1_000_000;
  }

  private LatencySampling sampling(int meanInterval, long samples) {
    return new LatencySampling(meanInterval, samples, timerPairNanos);
  }

}
