package dev.kvbench.run;

import dev.kvbench.host.BlockDevice;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.IoMeter;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.result.TimelinePoint;
import dev.kvbench.store.Store;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Records a sustained pass's timeline from a thread of its own: once per interval it takes the
 * writers' latencies since the last interval (each writer records every op in a recorder of its
 * own, which this thread swaps out without stopping it), the readers' published counts, the store
 * directory's size, the process's device writes and CPU (split into the client threads' and every
 * other thread's) and the store's statistics. The clients do nothing for it beyond recording
 * their ops. It also adds every interval's latencies into the pass's histograms.
 */
final class TimelineSampler {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** What the sampler reads: the pass's clients and its store. */
  record Sources(List<SingleWriterRecorder> writers, ClientCounts readers, List<SingleWriterRecorder> readerLatencies,
      Store store, Path directory, Optional<BlockDevice> device, PhaseProgress progress) {}

  /**
   * A client thread's CPU time so far, in ns, even once it has ended: the thread's own reading while
   * it runs, the one it left as it ended after.
   */
  interface ClientCpu {
    long nanos();

    /** {@code thread}'s CPU while it runs, else {@code last}'s, which it sets as it ends. */
    static ClientCpu of(Thread thread, java.util.function.LongSupplier last) {
      return () -> {
        long ns = THREADS.getThreadCpuTime(thread.getId());
        return ns >= 0 ? ns : Math.max(0, last.getAsLong());
      };
    }
  }

  private final long intervalNanos;
  private final Sources sources;
  private final StorageMeter storage = new StorageMeter();
  private final IoMeter io = new IoMeter();
  private final CpuMeter cpu;
  private final List<TimelinePoint> points = new ArrayList<>();
  private final Histogram writes = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
  private final Histogram reads = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
  private volatile List<ClientCpu> clients = List.of();
  /** The primary ops' target rate over all their clients (0: full speed) and its shape. */
  private double offeredRate;
  private dev.kvbench.workload.RateShape offeredShape = dev.kvbench.workload.RateShape.CONSTANT;
  private long offeredSoFar;
  private volatile boolean stopped;
  private Thread thread;
  private RuntimeException failure;

  // the readings at the last interval's end
  private long lastNanos;
  private long startNanos;
  private long readsSoFar;
  private long writesSoFar;
  private IoBytes lastIo;
  private long lastDeviceBytes;
  private CpuTime lastCpu;
  private long[] lastClientCpuNanos;
  // the last interval's latencies, to join a short tail to it
  private Histogram lastWrites;
  private Histogram lastReads;

  TimelineSampler(long intervalMillis, Sources sources, CpuMeter cpu) {
    this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
    this.sources = sources;
    this.cpu = cpu;
  }

  /** The client threads whose CPU counts as the clients': set before {@link #start}, once they exist. */
  void clients(List<ClientCpu> threads) {
    this.clients = List.copyOf(threads);
    this.lastClientCpuNanos = new long[threads.size()];
  }

  /**
   * The rate the clients of the ops the timeline is judged by ({@link TimelinePoint#primary}) were
   * given, over them all, and its shape: each interval then says what was offered beside what was
   * done. Set before {@link #start}; unset (or 0) the clients go at full speed and nothing is offered.
   */
  void offered(double opsPerSecond, dev.kvbench.workload.RateShape shape) {
    this.offeredRate = opsPerSecond;
    this.offeredShape = shape;
  }

  /** Starts sampling from {@code startNanos}, the pass's start. */
  void start(long passStartNanos) {
    startNanos = passStartNanos;
    lastNanos = passStartNanos;
    lastIo = io.read();
    lastDeviceBytes = sources.device().map(BlockDevice::writtenBytes).orElse(-1L);
    lastCpu = cpu.read();
    List<ClientCpu> c = clients;
    for (int i = 0; i < c.size(); i++) {
      lastClientCpuNanos[i] = c.get(i).nanos();
    }
    thread = new Thread(this::loop, "kvbench-timeline");
    thread.setDaemon(true);
    thread.start();
  }

  private void loop() {
    try {
      long next = startNanos + intervalNanos;
      while (!stopped) {
        long left = next - System.nanoTime();
        if (left > 0) {
          LockSupport.parkNanos(this, left);
          continue;
        }
        synchronized (this) {
          if (!stopped) {
            point(next);
          }
        }
        next += intervalNanos;
      }
    } catch (RuntimeException e) {
      failure = e;
    }
  }

  /**
   * Stops sampling after the clients have stopped at {@code endNanos}: the last, shorter interval is
   * recorded, and the points come back in order.
   */
  List<TimelinePoint> stop(long endNanos) {
    stopped = true;
    LockSupport.unpark(thread);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (failure != null) {
      throw failure;
    }
    if (endNanos > lastNanos || points.isEmpty()) {
      boolean shortTail = !points.isEmpty() && endNanos - lastNanos < intervalNanos / 2;
      Histogram[] before = {lastWrites, lastReads};
      point(Math.max(endNanos, lastNanos));
      if (shortTail) {
        // a tail of a few ms is no interval of its own: its rate would be noise; it joins the one before
        TimelinePoint tail = points.remove(points.size() - 1);
        TimelinePoint previous = points.remove(points.size() - 1);
        points.add(joined(previous, tail, before[0], lastWrites, before[1], lastReads));
      }
    }
    return List.copyOf(points);
  }

  /**
   * The pass's timeline from its {@code points}: its stalls below {@code stallBelow} of the median
   * interval, and the device's writes over the pass where every interval could read them, else why not.
   */
  dev.kvbench.result.Timeline timeline(List<TimelinePoint> points, double stallBelow, long userWriteBytes,
      long liveBytes, boolean writersSerialised) {
    long interval = TimeUnit.NANOSECONDS.toMillis(intervalNanos);
    Long deviceBytes = null;
    String unknown = "the work directory (" + dev.kvbench.host.HostFiles.fileSystemType(sources.directory()) + ") is on"
        + " no block device: a tmpfs keeps its files in memory, never written to a device";
    if (sources.device().isPresent()) {
      boolean all = points.stream().allMatch(p -> p.deviceWriteBytes() != null);
      deviceBytes = all ? points.stream().mapToLong(TimelinePoint::deviceWriteBytes).sum() : null;
      unknown = all ? null : "/sys/dev/block/" + sources.device().get().name() + "/stat could not be read";
    }
    return new dev.kvbench.result.Timeline(interval, points, dev.kvbench.result.Timeline.Stalls.of(points, interval,
        stallBelow), userWriteBytes, deviceBytes, unknown, liveBytes, writersSerialised);
  }

  /** Every write the pass timed, all intervals added up. */
  Histogram writes() {
    return writes;
  }

  /** Every read latency the pass sampled, all intervals added up. */
  Histogram reads() {
    return reads;
  }

  /** Ops the writers completed so far, as their recorders counted them. */
  long writesSoFar() {
    return writesSoFar;
  }

  private void point(long at) {
    long now = Math.max(at, System.nanoTime());
    Histogram writeInterval = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    TimelinePoint.Ops w = sources.writers().isEmpty() ? null : drain(sources.writers(), writes, -1, writeInterval);
    if (w != null) {
      writesSoFar += w.ops();
      lastWrites = writeInterval;
    }
    TimelinePoint.Ops r = null;
    if (sources.readers() != null) {
      long readsNow = sources.readers().opsDone();
      Histogram readInterval = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
      r = drain(sources.readerLatencies(), reads, readsNow - readsSoFar, readInterval);
      readsSoFar = readsNow;
      lastReads = readInterval;
    }
    if (sources.progress() != null && w != null) {
      sources.progress().publish(writesSoFar);
    }
    Long stored = storageBytes();
    Long processWritten = null;
    if (lastIo != null) {
      IoBytes ioNow = io.read();
      processWritten = ioNow == null ? null : ioNow.writeBytes() - lastIo.writeBytes();
      lastIo = ioNow;
    }
    Long deviceWritten = null;
    if (lastDeviceBytes >= 0) {
      long deviceNow = sources.device().get().writtenBytes();
      deviceWritten = deviceNow < 0 ? null : deviceNow - lastDeviceBytes;
      lastDeviceBytes = deviceNow;
    }
    CpuTime cpuNow = cpu.read();
    double processMillis = cpuNow.minus(lastCpu).userMillis() + cpuNow.minus(lastCpu).sysMillis();
    lastCpu = cpuNow;
    double clientMillis = 0;
    List<ClientCpu> c = clients;
    for (int i = 0; i < c.size(); i++) {
      long ns = c.get(i).nanos();
      clientMillis += Math.max(0, ns - lastClientCpuNanos[i]) / 1e6;
      lastClientCpuNanos[i] = Math.max(ns, lastClientCpuNanos[i]);
    }
    Map<String, Long> statistics = storeStatistics();
    long millis = TimeUnit.NANOSECONDS.toMillis(now - lastNanos);
    Long offered = null;
    if (offeredRate > 0) {
      // from the pass's start, rounded once: the intervals' offers add up to the pass's
      long upToNow = Math.round(offeredShape.opsBetween(offeredRate, 0, now - startNanos));
      offered = upToNow - offeredSoFar;
      offeredSoFar = upToNow;
    }
    points.add(new TimelinePoint(TimeUnit.NANOSECONDS.toMillis(now - startNanos), millis, w, r, offered, stored,
        deviceWritten,
        processWritten, clientMillis, Math.max(0, processMillis - clientMillis), statistics));
    lastNanos = now;
  }

  /** The interval's latencies from each recorder, added into {@code total}; {@code ops} < 0: their count. */
  private static TimelinePoint.Ops drain(List<SingleWriterRecorder> recorders, Histogram total, long ops,
      Histogram interval) {
    for (SingleWriterRecorder r : recorders) {
      interval.add(r.getIntervalHistogram());
    }
    total.add(interval);
    return ops(ops < 0 ? interval.getTotalCount() : ops, interval);
  }

  private static TimelinePoint.Ops ops(long count, Histogram latencies) {
    if (latencies.getTotalCount() == 0) {
      return new TimelinePoint.Ops(count, 0, 0, 0);
    }
    return new TimelinePoint.Ops(count, latencies.getValueAtPercentile(50), latencies.getValueAtPercentile(99),
        latencies.getMaxValue());
  }

  /** Two consecutive intervals as one: counts and CPU added, latencies merged, the later one's readings. */
  private static TimelinePoint joined(TimelinePoint a, TimelinePoint b, Histogram aWrites, Histogram bWrites,
      Histogram aReads, Histogram bReads) {
    return new TimelinePoint(b.endMillis(), a.millis() + b.millis(), joined(a.writes(), b.writes(), aWrites, bWrites),
        joined(a.reads(), b.reads(), aReads, bReads), sum(a.offeredOps(), b.offeredOps()), b.storageBytes(), sum(a.deviceWriteBytes(), b.deviceWriteBytes()),
        sum(a.processWriteBytes(), b.processWriteBytes()), a.clientCpuMillis() + b.clientCpuMillis(),
        a.otherCpuMillis() + b.otherCpuMillis(), b.store());
  }

  private static TimelinePoint.Ops joined(TimelinePoint.Ops a, TimelinePoint.Ops b, Histogram aLatencies,
      Histogram bLatencies) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    Histogram both = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    if (aLatencies != null) {
      both.add(aLatencies);
    }
    if (bLatencies != null) {
      both.add(bLatencies);
    }
    return ops(a.ops() + b.ops(), both);
  }

  private static Long sum(Long a, Long b) {
    return a == null || b == null ? null : a + b;
  }

  private Long storageBytes() {
    try {
      return storage.measure(sources.directory()).allocatedBytes();
    } catch (RuntimeException e) {
      // a file the store removed mid-walk is skipped; a directory gone is no figure, not the pass's failure
      return null;
    }
  }

  private Map<String, Long> storeStatistics() {
    try {
      return sources.store().statistics();
    } catch (RuntimeException | LinkageError e) {
      // a statistic this release of the store lacks: the interval goes without it
      return Map.of();
    }
  }
}
