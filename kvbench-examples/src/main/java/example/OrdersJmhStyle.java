package example;

import dev.kvbench.bench.Benchmark;
import dev.kvbench.workload.CustomMix.Access;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.OperationContext;
import java.time.Duration;

/**
 * The orders benchmark in JMH's shape: each operation a class of its own (as JMH's
 * {@code @Benchmark} methods), the loaded store as the state, warm-up and measured passes, and every
 * cell in a fresh JVM, which re-creates the key format and the operations from their classes.
 */
public class OrdersJmhStyle {

  /** 20 % of the ops: read an order and its customer's, update the order. */
  public static class Pay implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      long order = op.randomKey();
      op.get(order);
      op.get(order / 10);
      op.put(order);
    }
  }

  /** 80 % of the ops: read one order. */
  public static class Lookup implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      op.get(op.randomKey());
    }
  }

  public static Benchmark benchmark() {
    return Benchmark.named("orders-jmh").stores("lmdbjava-bb", "rocksdb").entries(50_000)
        .keys(new OrdersBenchmark.OrderKeys())
        .operation("pay", 0.2, Access.READ_WRITE, new Pay())
        .operation("lookup", 0.8, Access.READ_ONLY, new Lookup())
        .warmup(2, Duration.ofSeconds(1)).measuredPasses(3).forks(1);
  }

  public static void main(String[] args) throws Exception {
    System.out.print(benchmark().run().tables());
  }
}
