package dev.kvbench.run;

import dev.kvbench.scenario.PassPlan;
import java.util.function.Consumer;

/** A plan's warm-up passes as they run: at least its count of them, and for at least its time. */
final class Warmups {

  private Warmups() {}

  /** Runs {@code phase}'s warm-up passes of {@code plan}, each with its label. */
  static void forEach(PassPlan plan, String phase, Consumer<PassLabel> pass) {
    long start = System.nanoTime();
    for (int done = 0; more(plan, done, start); ) {
      done++;
      pass.accept(new PassLabel(phase, PassLabel.Kind.WARMUP, done, plan.warmupPasses()));
    }
  }

  /** Whether another warm-up pass is due after {@code done} passes started at {@code startNanos}. */
  private static boolean more(PassPlan plan, int done, long startNanos) {
    if (!plan.warmsUp()) {
      return false;
    }
    boolean countMet = done >= Math.max(plan.warmupPasses(), 1);
    boolean timeMet = System.nanoTime() - startNanos >= plan.warmupMillis() * 1_000_000;
    return !(countMet && timeMet);
  }
}
