package dev.kvbench.runner;

import dev.kvbench.measure.NoiseMeter;
import dev.kvbench.measure.PassNoise;
import dev.kvbench.run.RunListener;
import java.time.Duration;
import java.util.Locale;

/**
 * Waits, before a fork, until the CPUs the cells run on are quiet: other processes under a quarter
 * of a CPU and the hypervisor stealing under 5 % of one, over a sample of half a second (the
 * thresholds a measured pass is marked noisy by), as crud-bench waits for a load below 1. The
 * wait is bounded: a host that never quiets down gets its fork anyway, and the run says so.
 */
final class QuietHost {

  /** How long each look at the host lasts: long enough for /proc/stat's 10 ms ticks to tell. */
  static final long SAMPLE_MILLIS = 500;

  /** One look at the host: its noise over a sample while this thread sleeps. */
  interface Sampler {
    PassNoise sample() throws InterruptedException;
  }

  private final Sampler sampler;
  private final RunListener listener;

  QuietHost(NoiseMeter meter, RunListener listener) {
    this(() -> meter.whileIdle(SAMPLE_MILLIS), listener);
  }

  QuietHost(Sampler sampler, RunListener listener) {
    this.sampler = sampler;
    this.listener = listener;
  }

  /**
   * Returns once the host is quiet, or after {@code most}; says how long it waited when it waited
   * at all, and what was still busy when it gave up. {@code before} names what waits ("fork 2 of
   * lmdbjava-agrona ...").
   */
  Duration await(Duration most, String before) throws InterruptedException {
    long started = System.nanoTime();
    for (int looks = 1; ; looks++) {
      PassNoise last = sampler.sample();
      boolean busy = last.marks().contains(PassNoise.Mark.OTHER_PROCESSES)
          || last.marks().contains(PassNoise.Mark.STEAL);
      Duration waited = Duration.ofNanos(System.nanoTime() - started);
      if (!busy) {
        if (looks > 1) {
          listener.notice(String.format(Locale.ROOT, "waited %.1f s for a quiet host before %s", waited.toMillis()
              / 1000.0, before));
        }
        return waited;
      }
      if (waited.compareTo(most) >= 0) {
        listener.warning(String.format(Locale.ROOT, "the host was still busy after %.0f s (other processes %.2f"
                + " CPU, steal %.2f CPU); %s runs anyway, and its passes say whether it was disturbed",
            waited.toMillis() / 1000.0, last.otherProcessesCpuMillis() / SAMPLE_MILLIS,
            last.stealMillis() / SAMPLE_MILLIS, before));
        return waited;
      }
    }
  }
}
