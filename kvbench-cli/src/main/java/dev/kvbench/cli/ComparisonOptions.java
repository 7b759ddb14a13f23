package dev.kvbench.cli;

import dev.kvbench.stats.Verdict;
import dev.kvbench.report.Comparison;
import dev.kvbench.result.ForkSamples;
import picocli.CommandLine.Option;

/** {@code --min-effect} and {@code --noisy-forks}: the comparison rule's knobs, for compare and bisect alike. */
final class ComparisonOptions {

  @Option(names = "--min-effect", paramLabel = "PCT",
      description = "The smallest change called slower or faster, in percent either way (default: 5): a real"
          + " difference smaller than this is not called; an interval wholly within it is called equivalent.")
  Double minEffect;

  @Option(names = "--noisy-forks", paramLabel = "drop|keep",
      description = "What forks the host disturbed (other processes' CPU or steal past the thresholds, pass by"
          + " pass or over a fork's passes together) count for: drop (default) leaves them out of the samples, and"
          + " a side left with fewer than 3 is too noisy to judge; keep counts them like the others. Either way the"
          + " Caveats column names every noisy fork, those that only waited for a CPU (maybe for the store's own"
          + " threads) too.")
  String noisyForks = "drop";

  @Option(names = "--on", paramLabel = "wall|cpu|process-cpu",
      description = "The figure judged: wall (default), each fork's median pass as it took; cpu, that pass's CPU"
          + " time of the threads that did its operations (not the store's background threads, GC or JIT), which a"
          + " busy host stretches less; or process-cpu, every thread of the cell's JVM. Both CPU figures leave out"
          + " waiting: for sync and I/O-bound phases the waiting is the work.")
  String on = "wall";

  /** Which figure is judged; anything but wall or cpu is a usage error. */
  ForkSamples.Figure figure() {
    return switch (on) {
      case "wall" -> ForkSamples.Figure.WALL;
      case "cpu" -> ForkSamples.Figure.CPU;
      case "process-cpu" -> ForkSamples.Figure.PROCESS_CPU;
      default -> throw new UsageException("--on " + on + ": give wall (the default), cpu or process-cpu");
    };
  }

  /** The rule these options give, unpaired: two runs' forks did not run side by side. */
  Comparison.Rule rule() {
    return new Comparison.Rule(minEffectPercent(), noisyForks(), figure(), dev.kvbench.stats.ForkRatio.Pairing.UNPAIRED);
  }

  /**
   * The most --min-effect may be: ten times over, a change no run needs a test for (and beyond
   * which a ratio's band overflows what a percentage prints).
   */
  static final double MOST_MIN_EFFECT_PERCENT = 1000;

  /** The minimum effect in percent; a negative, NaN, infinite or absurd one is a usage error. */
  double minEffectPercent() {
    if (minEffect != null && !(minEffect >= 0 && minEffect <= MOST_MIN_EFFECT_PERCENT)) {
      throw new UsageException("--min-effect " + minEffect + ": give a percentage from 0 to "
          + (long) MOST_MIN_EFFECT_PERCENT + ", e.g. 3");
    }
    return minEffect == null ? Verdict.DEFAULT_MIN_EFFECT_PERCENT : minEffect;
  }

  /** What noisy forks count for; anything but drop or keep is a usage error. */
  ForkSamples.NoisyForks noisyForks() {
    return switch (noisyForks) {
      case "drop" -> ForkSamples.NoisyForks.DROP;
      case "keep" -> ForkSamples.NoisyForks.KEEP;
      default -> throw new UsageException("--noisy-forks " + noisyForks + ": give drop (the default) or keep");
    };
  }
}
