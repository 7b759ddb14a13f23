package dev.kvbench.measure;

/**
 * Measures what a pair of {@code System.nanoTime} calls costs on this machine, so results can
 * state how much a timed sample inflates the op it times.
 */
public final class TimerCost {

  private TimerCost() {}

  /** Median over a few rounds of the cost of back-to-back nanoTime pairs, in nanoseconds. */
  public static double pairNanos() {
    int rounds = 7;
    int calls = 200_000;
    double[] perPair = new double[rounds];
    long sink = 0;
    for (int r = 0; r < rounds; r++) {
      long start = System.nanoTime();
      for (int i = 0; i < calls; i++) {
        long a = System.nanoTime();
        long b = System.nanoTime();
        sink += b - a;
      }
      perPair[r] = (System.nanoTime() - start) / (double) calls;
    }
    java.util.Arrays.sort(perPair);
    if (sink == 42) {
      // keeps the loop from being optimised away
      perPair[0] = perPair[0] + 0;
    }
    return perPair[rounds / 2];
  }
}
