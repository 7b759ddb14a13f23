package dev.kvbench.bench;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.RunListener;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A library run whose one cell hangs, for a test to stop with SIGTERM: a user's program that
 * embeds kvbench and is stopped the way programs are stopped. Prints "running" once the cell started.
 */
public final class StoppedRunMain {

  private StoppedRunMain() {}

  public static void main(String[] args) throws Exception {
    Benchmark.named("stopped").stores("misbehaving").setting("misbehaving.failure", "hang").entries(100)
        .warmup(1, Duration.ZERO).measuredPasses(1).forks(Integer.parseInt(args[2]))
        .cellTimeout(Duration.ofMinutes(5)).workDirectory(Path.of(args[0])).output(Path.of(args[1]))
        .listener(new RunListener() {
          @Override
          public void cellStarted(CellParams cell) {
            System.out.println("running");
            System.out.flush();
          }
        }).run();
  }
}
