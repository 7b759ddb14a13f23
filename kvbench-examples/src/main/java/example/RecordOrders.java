package example;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Records the orders application ({@link OrdersBenchmark}) on LMDB to a trace: how the shipped
 * {@code traces/orders.kvbtrace} was made. Run with the trace's path as the argument; an existing
 * file there is left alone.
 */
public class RecordOrders {
  public static void main(String[] args) throws Exception {
    Path target = Path.of(args.length > 0 ? args[0] : "traces/orders.kvbtrace");
    if (Files.exists(target)) {
      throw new IllegalArgumentException(target + " exists: give the path of a new trace");
    }
    Path work = Files.createTempDirectory("record-orders");
    // 5,000 orders, a warm-up and a measured pass of 2,000 payments each: a trace of a few hundred KB
    OrdersBenchmark.orders().stores("lmdbjava-bb").entries(5_000).operationsPerPass(2_000)
        .warmup(1, java.time.Duration.ZERO).measuredPasses(1).recordTo(work.resolve("traces"))
        .workDirectory(work.resolve("work")).output(work.resolve("orders.json")).run().requireSucceeded();
    List<Path> traces;
    try (Stream<Path> list = Files.list(work.resolve("traces"))) {
      traces = list.toList();
    }
    Files.createDirectories(target.toAbsolutePath().getParent());
    Files.move(traces.get(0), target, StandardCopyOption.ATOMIC_MOVE);
    System.out.println("trace: " + target + " (recorded from " + traces.get(0).getFileName() + ")");
  }
}
