package example;

import dev.kvbench.bench.Benchmark;
import dev.kvbench.report.Reports;
import dev.kvbench.workload.CustomMix.Access;
import dev.kvbench.workload.KeyFormat;
import java.nio.ByteBuffer;
import java.nio.file.Path;

public class OrdersBenchmark {
  public static class OrderKeys implements KeyFormat { // 12 bytes: "ORD-" and the order number
    public String id() { return "order"; }
    public int size() { return 12; }
    public void encode(long order, ByteBuffer key) { key.putInt(0, 0x4F52_442D).putLong(4, order); }
  }
  public static Benchmark orders() {
    return Benchmark.named("orders").stores("lmdbjava-bb", "rocksdb").entries(50_000).keys(new OrderKeys())
        .operation("pay", Access.READ_WRITE, op -> { // one transaction: an order, its customer's, an update
          long order = op.randomKey();
          op.get(order);
          op.get(order / 10);
          op.put(order);
        }).forks(0);
  }
  public static void main(String[] args) throws Exception {
    var result = orders().run();
    System.out.println(result.tables() + "report: " + Reports.write(result, Path.of("orders-report")));
    result.requireSucceeded(); // a store that failed ends main with its reason: the JVM exits 1
  }
}
