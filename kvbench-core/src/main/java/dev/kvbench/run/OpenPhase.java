package dev.kvbench.run;

import dev.kvbench.host.HostFiles;
import dev.kvbench.host.PageCache;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.workload.Phase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Open time: the loaded store, closed, is opened again, and the open is timed, from the call to a
 * store that serves reads (LMDB maps its file, RocksDB reads its manifest and replays its log,
 * MVStore reads its chunks' metadata, Xodus its log). {@code open} finds the page cache as the
 * load and the phases before left it; {@code openCold} drops the page cache before each pass, so
 * the open reads the device, where kvbench may drop it (root, and a work directory on a block
 * device: a tmpfs is memory, so a cold open cannot be measured there). One op per pass; each pass
 * closes the store again, untimed, and after the last one every key is read and checked, untimed.
 */
final class OpenPhase implements PhaseKind {

  private final PhaseContext context;
  private final Phase phase;
  private final CellStores stores;
  private final Path directory;

  OpenPhase(PhaseContext context, Phase phase, CellStores stores, Path directory) {
    this.context = context;
    this.phase = phase;
    this.stores = stores;
    this.directory = directory;
  }

  @Override
  public String unsupportedReason() {
    return phase == Phase.OPEN_COLD ? coldOpenUnavailable(directory) : null;
  }

  /** Why a cold open cannot be measured on {@code directory}, or null when it can. */
  static String coldOpenUnavailable(Path directory) {
    String noDrop = PageCache.unavailableReason();
    if (noDrop != null) {
      return "openCold drops the page cache before each open, but " + noDrop;
    }
    String type = HostFiles.fileSystemType(directory);
    if (type.equals("tmpfs")) {
      return "openCold needs a work directory on a block device: " + directory + " is on a tmpfs, whose files are"
          + " memory that no page cache drop evicts; give workDir on a disk";
    }
    return type.equals("unknown") ? "openCold cannot tell the file system of " + directory : null;
  }

  @Override
  public PhaseResult run() {
    List<PassResult> passes = new ArrayList<>();
    try {
      Warmups.forEach(context.cell().plan().passes(), phase.id(), label -> pass(label, null));
      int measured = context.cell().plan().passes().measuredPasses();
      for (int pass = 1; pass <= measured; pass++) {
        pass(new PassLabel(phase.id(), PassLabel.Kind.MEASURED, pass, measured), passes);
      }
      String failure = context.unverifiable() == null ? verify() : null;
      return PhaseResult.measured(phase.id(), passes, PhaseResult.Latency.NONE, context.unverifiable() == null,
          failure, context.unverifiable());
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e));
    }
  }

  /** One timed open, then an untimed close. {@code passes} null marks a warm-up pass. */
  private void pass(PassLabel label, List<PassResult> passes) {
    PhaseProgress progress = new PhaseProgress(1);
    context.listener().passStarted(context.cell(), label, progress);
    if (phase == Phase.OPEN_COLD) {
      PageCache.drop(); // untimed: before the meters start
    }
    PassMeters.Start before = context.meters().start();
    long start = System.nanoTime();
    Store store = stores.open(directory);
    long nanos = System.nanoTime() - start;
    PassResult figures = context.meters().end(before, 1, nanos);
    progress.publish(1);
    store.close();
    if (passes != null) {
      passes.add(figures.withInterval(PhaseContext.startMillis(nanos), null));
    }
  }

  /** Reads every key of the reopened store and checks each value, untimed; null when all match. */
  private String verify() {
    Store store = stores.open(directory);
    try (Session session = store.openSession(); Reader reader = session.beginRead()) {
      PhaseProgress progress = new PhaseProgress(context.keySpace().count());
      Passes.GetOutcome o = Passes.readKeys(reader, context.keySpace(), new LatencySampler(context.cell().plan().latencySampleInterval(), 1),
          progress);
      String problem = context.verification().checkGets(o, reader, context.keySpace(), context.values(),
          context.cell());
      return problem == null ? null : "after the store was opened again: " + problem;
    } finally {
      store.close();
    }
  }
}
