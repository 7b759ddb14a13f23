package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.ReadCache;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.UnsupportedCapabilityException;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Phase;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * The range phases on the loaded store. seek: a cursor positioned at a key and the next L entries
 * read, every other seek at a key that is not there (a loaded key with a zero byte after it, which
 * sorts between it and the next); scanRange: a bounded range [from, to) of a length uniform from 1
 * to 2L - 1, scanned forward up to its end key, every other one backward from its last key down to
 * its first. L is the cell's scan length ({@link Axes#SCAN_LENGTHS}); a pass makes N / L of them
 * (so it visits about N entries) from seeded ranks of the key order, each timed. A timed pass checks
 * each one's entry count as it runs (the key order says it); an untimed verification pass makes the
 * first measured pass's ranges again and compares every key and value (every key only, where a
 * phase before rewrote values or inserted keys: the values are then that phase's).
 */
final class RangePhase implements PhaseKind {

  private final PhaseContext context;
  private final Phase phase;
  private final Session session;
  /** The keys the store holds: the loaded ones, and those the phases before inserted (ycsb-d, ycsb-e). */
  private final long present;
  /** Whether phases before put other values than the loaded ones (or inserted keys): then values go unchecked. */
  private final boolean rewritten;
  private final KeyRanks ranks;

  RangePhase(PhaseContext context, Phase phase, Session session, long present, boolean overwritten) {
    this.context = context;
    this.phase = phase;
    this.session = session;
    this.present = present;
    this.rewritten = overwritten || present != context.keySpace().count();
    this.ranks = context.verification().ranks(context.keySpace(), present);
  }

  @Override
  public String unsupportedReason() {
    return context.caps().orderedScan() ? null : context.cell().storeId() + " has no ordered cursor";
  }

  /** One range: where it starts in the key order, how many entries it may visit, and which way. */
  private record Range(long rank, long length, boolean absent, ScanDirection direction) {}

  @Override
  public PhaseResult run() {
    CellParams cell = context.cell();
    long n = present;
    int length = cell.value(Axes.SCAN_LENGTHS);
    long ops = Math.max(1, (n + length - 1) / length);
    String unverifiable = context.unverifiable();
    List<PassResult> passes = new ArrayList<>();
    Histogram all = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    String failure = null;
    try (Reader reader = session.beginRead()) {
      if (phase == Phase.SCAN_RANGE && n > 0 && !scansBackFromAKey(reader)) {
        return PhaseResult.unsupported(phase.id(), cell.storeId() + " cannot scan back from a key (its cursor does"
            + " not step back from a seek), which half of scanRange's ranges do");
      }
      Warmups.forEach(cell.plan().passes(), phase.id(), label -> pass(reader, label, ops, length, null, null));
      int measured = cell.plan().passes().measuredPasses();
      for (int pass = 1; pass <= measured; pass++) {
        String problem = pass(reader, new PassLabel(phase.id(), PassLabel.Kind.MEASURED, pass, measured), ops, length,
            passes, all);
        failure = failure == null ? problem : failure;
      }
      if (failure == null && unverifiable == null && n > 0) {
        failure = verify(reader, ops, length);
      }
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e));
    }
    // every range is timed: the sampling interval is 1
    Latency latency = new Latency(all, null, context.sampling(1, all.getTotalCount()));
    return PhaseResult.measured(phase.id(), passes, latency, unverifiable == null, failure, unverifiable)
        .withAmplification(dev.kvbench.result.Amplification.Direction.READ, (long) length * context.entryBytes());
  }

  /** Whether the store steps back from a key: some cursors seek only forward (they throw). */
  private boolean scansBackFromAKey(Reader reader) {
    ByteBuffer key = ByteBuffer.allocateDirect(context.keySpace().encoding().size());
    context.keySpace().encoding().encode(0, key);
    try {
      reader.scanFrom(key, ScanDirection.REVERSE, (k, v) -> false);
      return true;
    } catch (UnsupportedCapabilityException e) {
      return false;
    }
  }

  /** The pass's ranges: each drawn from the pass's seed, as the verification pass draws pass 1's again. */
  private Range range(SplittableRandom random, long i, long n, int length) {
    long rank = random.nextLong(n);
    if (phase == Phase.SEEK) {
      return new Range(rank, length, (i & 1) == 1, ScanDirection.FORWARD);
    }
    long len = 1 + random.nextInt(2 * length - 1);
    return new Range(rank, len, false, (i & 1) == 0 ? ScanDirection.FORWARD : ScanDirection.REVERSE);
  }

  /** The entries {@code r} must visit: the ranks from its first to its last. */
  private static long[] expectedRanks(Range r, long n, Phase phase) {
    if (phase == Phase.SEEK) {
      long first = r.absent() ? r.rank() + 1 : r.rank();
      return new long[] {first, Math.min(n, first + r.length()) - 1};
    }
    return new long[] {r.rank(), Math.min(n, r.rank() + r.length()) - 1};
  }

  private long seed(int pass) {
    return context.cell().data().seed() ^ 0x5EE4L ^ ((long) phase.seedNumber() << 32) ^ pass;
  }

  /**
   * One timed pass of {@code ops} ranges; {@code passes} null marks a warm-up, whose figures are
   * dropped. Returns the first range that visited a count of entries other than the key order says.
   */
  private String pass(Reader reader, PassLabel label, long ops, int length, List<PassResult> passes, Histogram all) {
    CellParams cell = context.cell();
    long n = present;
    PhaseProgress progress = new PhaseProgress(ops);
    context.listener().passStarted(cell, label, progress);
    boolean measured = passes != null;
    if (measured && cell.plan().passes().readCache() == ReadCache.COLD) {
      dev.kvbench.host.PageCache.drop(); // untimed: before the meters start
    }
    Bounds bounds = new Bounds(context.keySpace().encoding(), ranks, phase);
    Histogram latencies = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    SplittableRandom random = new SplittableRandom(seed(label.number()));
    String problem = null;
    // a store that keeps nothing (the null store) finds nothing to count: its row is the harness's cost
    boolean checked = context.unverifiable() == null;
    PassMeters.Start before = context.meters().start();
    long start = System.nanoTime();
    for (long i = 0; i < ops && n > 0; i++) {
      Range r = range(random, i, n, length);
      long[] want = expectedRanks(r, n, phase);
      long began = System.nanoTime();
      long visited = bounds.scan(reader, r, want[1], null);
      latencies.recordValue(Math.min(LatencySampler.HIGHEST_NANOS, Math.max(1, System.nanoTime() - began)));
      long expected = Math.max(0, want[1] - want[0] + 1);
      if (problem == null && checked && visited != expected) {
        problem = label + ": " + describe(r, i) + " visited " + visited + " entries, where the store holds " + expected;
      }
      if ((i & 1023) == 0) {
        progress.publish(i);
      }
    }
    long nanos = System.nanoTime() - start;
    progress.publish(ops);
    PassResult figures = context.meters().end(before, n > 0 ? ops : 0, nanos);
    if (!measured) {
      return null;
    }
    passes.add(figures.withInterval(PhaseContext.startMillis(nanos), latencies).withProgress(progress.timeline()));
    all.add(latencies);
    return problem;
  }

  private String describe(Range r, long i) {
    KeyFormat encoding = context.keySpace().encoding();
    String at = Diagnosis.describe(encoding, ranks.indexAt(r.rank()));
    return (phase == Phase.SEEK ? "seek " + i + (r.absent() ? " just past key " : " at key ") + at
        : "range " + i + " of " + r.length() + " " + r.direction().name().toLowerCase(java.util.Locale.ROOT)
            + " from key " + at);
  }

  /** The untimed check: pass 1's ranges again, every key and value compared with what the store was given. */
  private String verify(Reader reader, long ops, int length) {
    long n = present;
    KeyFormat encoding = context.keySpace().encoding();
    PhaseProgress progress = new PhaseProgress(ops);
    context.listener().passStarted(context.cell(), new PassLabel(phase.id(), PassLabel.Kind.VERIFY, 1, 1), progress);
    SplittableRandom random = new SplittableRandom(seed(1));
    Bounds bounds = new Bounds(encoding, ranks, phase);
    ByteBuffer expectedValue = ByteBuffer.allocateDirect(context.values().size());
    for (long i = 0; i < ops; i++) {
      Range r = range(random, i, n, length);
      long[] want = expectedRanks(r, n, phase);
      boolean forward = r.direction() == ScanDirection.FORWARD;
      long[] seen = {0};
      String[] bad = {null};
      bounds.scan(reader, r, want[1], (key, value) -> {
        long rank = forward ? want[0] + seen[0] : want[1] - seen[0];
        seen[0]++;
        long index = ranks.indexAt(rank);
        if (!encoding.matches(index, key)) {
          bad[0] = "entry " + seen[0] + " is " + Diagnosis.hex(key) + ", where it is key " + Diagnosis.describe(encoding,
              index);
          return false;
        }
        // values another phase rewrote are its, not the loaded ones: then the keys and their order are what is checked
        String diff = rewritten ? null : Diagnosis.difference(context.values().valueInto(index, expectedValue), value);
        if (diff != null) {
          bad[0] = "key " + Diagnosis.describe(encoding, index) + ": " + diff;
          return false;
        }
        return true;
      });
      if (bad[0] != null) {
        return "verification failed: " + describe(r, i) + ": " + bad[0];
      }
      if ((i & 1023) == 0) {
        progress.publish(i);
      }
    }
    progress.publish(ops);
    return null;
  }

  /** A range's start key, its bound, and the visitor that stops at the bound: one each per pass, reused. */
  private static final class Bounds {
    private final KeyFormat encoding;
    private final KeyRanks ranks;
    private final Phase phase;
    private final ByteBuffer from;
    private final ByteBuffer bound;
    private final ByteBuffer absent;
    private long seen;
    private long most;
    private boolean bounded;
    private boolean forward;
    private EntryVisitor inner;

    Bounds(KeyFormat encoding, KeyRanks ranks, Phase phase) {
      this.encoding = encoding;
      this.ranks = ranks;
      this.phase = phase;
      this.from = ByteBuffer.allocateDirect(encoding.size());
      this.bound = ByteBuffer.allocateDirect(encoding.size());
      this.absent = ByteBuffer.allocateDirect(encoding.size() + 1);
    }

    private final EntryVisitor visitor = this::visit;

    private boolean visit(ByteBuffer key, ByteBuffer value) {
      if (bounded && (forward ? compare(key, bound) >= 0 : compare(key, bound) < 0)) {
        return false;
      }
      seen++;
      if (inner != null && !inner.visit(key, value)) {
        return false;
      }
      return seen < most;
    }

    /**
     * Runs {@code r}, whose last entry is at rank {@code last} ({@link #expectedRanks}), handing
     * each entry to {@code check} where not null: a seek reads up to its length; a range stops at
     * its bound (the key after its last going forward, its first key going back). Returns the
     * entries it visited.
     */
    long scan(Reader reader, Range r, long last, EntryVisitor check) {
      seen = 0;
      inner = check;
      forward = r.direction() == ScanDirection.FORWARD;
      ByteBuffer start;
      if (phase == Phase.SEEK) {
        most = r.length();
        bounded = false;
        start = key(from, r.rank());
        if (r.absent()) {
          absent.clear();
          absent.put(start.duplicate()).put((byte) 0).flip();
          start = absent;
        }
      } else {
        // the bound ends a range; the cap only keeps a store that hands keys it does not hold (the null store) to its length
        most = last - r.rank() + 1;
        if (forward) {
          start = key(from, r.rank());
          bounded = last + 1 < ranks.count();
          if (bounded) {
            key(bound, last + 1);
          }
        } else {
          start = key(from, last);
          bounded = true;
          key(bound, r.rank());
        }
      }
      reader.scanFrom(start, r.direction(), visitor);
      return seen;
    }

    private ByteBuffer key(ByteBuffer into, long rank) {
      into.clear();
      encoding.encode(ranks.indexAt(rank), into);
      return into;
    }

    /** Unsigned byte order, shorter first where one is a prefix of the other. */
    private static int compare(ByteBuffer a, ByteBuffer b) {
      int i = a.mismatch(b);
      if (i < 0) {
        return 0;
      }
      if (i >= a.remaining() || i >= b.remaining()) {
        return a.remaining() - b.remaining();
      }
      return Byte.compareUnsigned(a.get(a.position() + i), b.get(b.position() + i));
    }
  }
}
