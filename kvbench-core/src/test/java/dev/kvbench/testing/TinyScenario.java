package dev.kvbench.testing;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.Durability;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import java.time.Duration;
import java.util.List;

/**
 * The small scenario the runner's tests run, written once: {@code stores} over {@code entries}
 * int keys x 20-byte values in one order, one batch, no sync, each cell in {@code forks} JVMs of a
 * 96 MB heap (one warm-up pass, two measured), a minute at most, compiling as the test JVMs do
 * ({@link TestJvmFlags}). A test changes what it is about with the scenario's withers.
 */
public final class TinyScenario {

  private TinyScenario() {}

  public static Scenario of(String name, List<String> stores, long entries, KeyOrder order, int forks) {
    Matrix m = Matrix.of(stores).with(Axes.ENTRIES, List.of(entries)).with(Axes.VALUE_SIZES, List.of(20))
        .with(Axes.KEYS, List.of(KeyEncoding.INT)).with(Axes.ORDERS, List.of(order))
        .with(Axes.BATCH_SIZES, List.of(Matrix.ALL_IN_ONE)).with(Axes.DURABILITY, List.of(Durability.NOSYNC));
    return Scenario.defaults(name).withMatrix(m).withRepetitions(new Repetitions(forks, 1, 0, 2))
        .withCellTimeout(Duration.ofSeconds(60))
        .withJvm(JvmOptions.DEFAULT.with(JvmSettings.HEAP, "96m").with(JvmSettings.OPTIONS, TestJvmFlags.all()));
  }
}
