package dev.kvbench.run;

import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.IoMeter;
import dev.kvbench.measure.NoiseMeter;
import dev.kvbench.measure.Paging;
import dev.kvbench.measure.PagingMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.ThreadCosts;
import dev.kvbench.result.PassResult;

/**
 * The meters that cover exactly one timed pass: process CPU, the measuring thread's own CPU and heap
 * allocation (the thread that starts and ends the pass; a client pool adds its clients' instead),
 * peak RSS, storage I/O, major page faults (and, under a memory limit, the cgroup's peak) and the
 * host's noise.
 */
final class PassMeters {

  private final CpuMeter cpu;
  private final RssMeter rss;
  // storage I/O of each pass: /proc/self/io of this JVM (the cell's own when forked)
  private final IoMeter io = new IoMeter();
  private final PagingMeter paging = PagingMeter.ofThisProcess();

  private final NoiseMeter noise;

  PassMeters(CpuMeter cpu, RssMeter rss) {
    this.cpu = cpu;
    this.rss = rss;
    this.noise = NoiseMeter.ofThisProcess(cpu);
  }

  /** The meters' readings as a timed pass starts, to subtract as it ends. */
  record Start(CpuTime cpu, IoBytes io, NoiseMeter.Reading noise, ThreadCosts thread, long majorFaults) {}

  /** The process's storage I/O so far, or null where Linux does not say: for spans longer than a pass. */
  IoBytes ioNow() {
    return io.read();
  }

  /** Starts the meters: call just before the pass's clock starts. */
  Start start() {
    rss.resetPeak();
    long faultsBefore = paging.start();
    IoBytes ioBefore = io.read();
    NoiseMeter.Reading noiseBefore = noise.read();
    return new Start(cpu.read(), ioBefore, noiseBefore, ThreadCosts.ofCurrentThread(), faultsBefore);
  }

  /**
   * Reads the meters as the timed pass ends, before verification does any work of its own, on the
   * thread that did the pass's operations.
   */
  PassResult end(Start before, long ops, long nanos) {
    ThreadCosts thread = ThreadCosts.ofCurrentThread().since(before.thread());
    return endOf(before, ops, nanos).withMeasuringThreads(thread);
  }

  /**
   * As {@link #end}, for a pass whose operations other threads did: {@code clients} is what they cost
   * over the pass, added up.
   */
  PassResult endOfClients(Start before, long ops, long nanos, ThreadCosts clients) {
    return endOf(before, ops, nanos).withMeasuringThreads(clients);
  }

  private PassResult endOf(Start before, long ops, long nanos) {
    PassResult figures = PassResult.of(ops, nanos, cpu.read().minus(before.cpu()), rss.peakBytes());
    figures = figures.withNoise(noise.judge(before.noise(), noise.read(), figures.passMillis()));
    Paging paged = paging.since(before.majorFaults());
    figures = paged == null ? figures : figures.withPaging(paged);
    IoBytes ioAfter = io.read();
    return ioAfter == null || before.io() == null ? figures : figures.withIo(ioAfter.minus(before.io()));
  }
}
