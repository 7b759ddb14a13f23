package dev.kvbench.run;

import dev.kvbench.host.PageCache;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.result.Amplification;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.ReadCache;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.scenario.Axes;
import dev.kvbench.workload.Phase;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The read phases on the loaded store: readKey (a get per key in the cell's order), readMissing (a
 * get of an absent key per loaded key, each checked to find nothing), readSeq
 * and readRev (a cursor over every entry), readCrc and readXxh64 (the forward cursor with a
 * checksum of every byte). Warm-up passes, the measured passes, then for readKey, readSeq and
 * readRev one untimed verification pass, all inside one read transaction as the seeds' passes
 * were; warm-up passes run the very code of the measured ones.
 */
final class ReadPhase implements PhaseKind {

  private final PhaseContext context;
  private final Phase phase;
  private final Session session;

  ReadPhase(PhaseContext context, Phase phase, Session session) {
    this.context = context;
    this.phase = phase;
    this.session = session;
  }

  @Override
  public String unsupportedReason() {
    boolean supported = phase == Phase.READ_REV ? context.caps().reverseScan()
        : !phase.needsOrderedScan() || context.caps().orderedScan();
    return supported ? null
        : context.cell().storeId() + " has no " + (phase == Phase.READ_REV ? "reverse" : "ordered") + " cursor";
  }

  /** A pass that throws fails the phase. */
  @Override
  public PhaseResult run() {
    CellParams cell = context.cell();
    String unverifiable = context.unverifiable();
    List<PassResult> passes = new ArrayList<>();
    Histogram gets = byKey() ? new Histogram(LatencySampler.HIGHEST_NANOS, 3) : null;
    String failure = null;
    try (Reader reader = session.beginRead()) {
      Warmups.forEach(cell.plan().passes(), phase.id(), label -> pass(reader, label, null, null));
      int measured = cell.plan().passes().measuredPasses();
      for (int pass = 1; pass <= measured; pass++) {
        String problem = pass(reader, new PassLabel(phase.id(), PassLabel.Kind.MEASURED, pass, measured), passes,
            gets);
        if (problem != null && failure == null) {
          failure = problem;
        }
      }
      if (failure == null && unverifiable == null) {
        failure = verificationPass(reader);
      }
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e));
    }
    long samples = gets == null ? 0 : gets.getTotalCount();
    Latency latency = gets == null ? Latency.NONE
        : new Latency(gets, null, context.sampling(cell.plan().latencySampleInterval(), samples));
    // readKey gets values, readMissing nothing; the scans get every key with its value
    long returnedPerOp = phase == Phase.READ_MISSING ? 0
        : phase == Phase.READ_KEY ? Math.round(context.values().meanSize() * (1 - miss().fraction()))
        : context.entryBytes();
    return PhaseResult.measured(phase.id(), passes, latency, unverifiable == null, failure, unverifiable)
        .withAmplification(Amplification.Direction.READ, returnedPerOp);
  }

  /**
   * One read pass. {@code passes} null marks a warm-up pass: its figures are dropped and it is
   * not checked. Returns what the checks of a measured pass found wrong, else null.
   */
  private String pass(Reader reader, PassLabel label, List<PassResult> passes, Histogram gets) {
    CellParams cell = context.cell();
    KeySpace keySpace = context.keySpace();
    PassMeters meters = context.meters();
    Verification verification = context.verification();
    long n = keySpace.count();
    PhaseProgress progress = new PhaseProgress(n);
    context.listener().passStarted(cell, label, progress);
    boolean measured = passes != null;
    boolean verify = measured && context.unverifiable() == null;
    if (measured && cell.plan().passes().readCache() == ReadCache.COLD) {
      PageCache.drop(); // untimed: before the meters start
    }
    if (byKey()) {
      LatencySampler sampler = new LatencySampler(cell.plan().latencySampleInterval(), cell.data().seed() ^ 0x6B ^ label.number());
      PassMeters.Start cpuBefore = meters.start();
      Passes.GetOutcome o = phase == Phase.READ_KEY ? Passes.readKeys(reader, keySpace, miss(), sampler, progress)
          : Passes.readMissingKeys(reader, keySpace, sampler, progress);
      PassResult figures = meters.end(cpuBefore, o.ops(), o.nanos());
      if (!measured) {
        return null;
      }
      passes.add(figures.withInterval(PhaseContext.startMillis(o.nanos()), sampler.histogram())
          .withProgress(progress.timeline()));
      gets.add(sampler.histogram());
      if (!verify) {
        return null;
      }
      return phase == Phase.READ_KEY ? verification.checkGets(o, reader, keySpace, context.values(), cell, miss())
          : verification.checkMissing(o, keySpace);
    }
    ScanDirection direction = direction();
    ScanChecker.Work work = switch (phase) {
      case READ_CRC -> ScanChecker.Work.CRC32;
      case READ_XXH64 -> ScanChecker.Work.XXH64;
      default -> ScanChecker.Work.CONSUME;
    };
    ScanChecker checker = new ScanChecker(verification.ranks(keySpace), n, direction == ScanDirection.FORWARD, work,
        progress);
    PassMeters.Start cpuBefore = meters.start();
    long nanos = Passes.scan(reader, direction, checker);
    PassResult figures = meters.end(cpuBefore, checker.count, nanos);
    if (!measured) {
      return null;
    }
    passes.add(figures.withInterval(PhaseContext.startMillis(nanos), null).withProgress(progress.timeline()));
    return verify ? verification.checkScan(checker, work, reader, direction, keySpace, context.values(), cell) : null;
  }

  /**
   * The untimed pass that reads every byte the timed passes of readKey, readSeq or readRev left
   * untouched; readCrc and readXxh64 need none, their totals check every byte. Null when all match.
   */
  private String verificationPass(Reader reader) {
    // readCrc's and readXxh64's totals check every byte; readMissing's gets each found nothing, checked as they ran
    if (phase == Phase.READ_CRC || phase == Phase.READ_XXH64 || phase == Phase.READ_MISSING) {
      return null;
    }
    KeySpace keySpace = context.keySpace();
    PhaseProgress progress = new PhaseProgress(keySpace.count());
    context.listener().passStarted(context.cell(), new PassLabel(phase.id(), PassLabel.Kind.VERIFY, 1, 1), progress);
    return phase == Phase.READ_KEY
        ? context.verification().verifyGets(reader, keySpace, context.values(), context.cell(), progress)
        : context.verification().verifyScan(reader, direction(), keySpace, context.values(), context.cell(), progress);
  }

  /** The share of readKey's gets that ask for an absent key ({@link Axes#MISS_FRACTIONS}). */
  private dev.kvbench.workload.MissFraction miss() {
    return new dev.kvbench.workload.MissFraction(context.cell().value(Axes.MISS_FRACTIONS));
  }

  /** Gets by key, one by one: readKey and readMissing. */
  private boolean byKey() {
    return phase == Phase.READ_KEY || phase == Phase.READ_MISSING;
  }

  private ScanDirection direction() {
    return phase == Phase.READ_REV ? ScanDirection.REVERSE : ScanDirection.FORWARD;
  }
}
