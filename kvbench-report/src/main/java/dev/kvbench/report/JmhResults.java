package dev.kvbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.Environment;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PrimaryFigure;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The results in JMH's JSON result format ({@code -rf json}), so tools that read JMH results
 * (jmh-visualizer, github-action-benchmark's {@code jmh} tool) read kvbench's unchanged. Each OK
 * phase of each cell is one benchmark {@code kvbench.<store>.<phase>} in single-shot mode, its
 * parameters and settings as JMH params. As JMH computes them for single-shot runs, the score is
 * the mean of the measured passes (kvbench's own tables use the median) with a 99.9 % Student-t
 * error; rawData holds every pass. Storage, CPU, peak RSS and ns/op are secondary metrics. A phase of
 * a fixed duration (sustain, churn, a timed threaded phase) is a throughput benchmark ({@code
 * thrpt}, ops/s): its passes last as long for every store.
 */
final class JmhResults {

  /** The JMH version whose format this follows (that of lmdbjava/benchmarks' output here). */
  static final String JMH_FORMAT = "1.23";

  private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

  private final ObjectMapper json = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  String render(List<ReportSection> sections) throws com.fasterxml.jackson.core.JsonProcessingException {
    ArrayNode all = json.createArrayNode();
    for (ReportSection s : sections) {
      Environment env = s.runs().get(0).environment();
      for (CellResult c : s.cells()) {
        for (PhaseResult p : c.phases()) {
          if (p.status() == PhaseStatus.OK && !p.passes().isEmpty()) {
            all.add(benchmark(s, env, c, p));
          }
        }
      }
    }
    return json.writeValueAsString(all) + "\n";
  }

  private ObjectNode benchmark(ReportSection s, Environment env, CellResult c, PhaseResult p) {
    ObjectNode b = json.createObjectNode();
    b.put("jmhVersion", JMH_FORMAT);
    b.put("benchmark", "kvbench." + c.store() + "." + p.phase());
    // a pass of a fixed duration is a throughput, as JMH's thrpt mode gives it: ops/s, higher is better
    boolean rate = PrimaryFigure.of(c, p) == PrimaryFigure.RATE;
    b.put("mode", rate ? "thrpt" : "ss");
    b.put("threads", 1);
    b.put("forks", 1);
    b.put("jvm", env == null ? "unknown" : env.jvmName());
    ArrayNode args = b.putArray("jvmArgs");
    if (env != null && env.jvmFlags() != null) {
      env.jvmFlags().forEach(args::add);
    }
    b.put("jdkVersion", env == null ? "unknown" : env.jdkVersion());
    b.put("vmName", env == null ? "unknown" : env.jvmName());
    b.put("vmVersion", env == null ? "unknown" : env.jdkVersion());
    CellResult.Parameters k = c.parameters();
    b.put("warmupIterations", k.warmupPasses());
    b.put("warmupTime", "single-shot");
    b.put("warmupBatchSize", 1);
    b.put("measurementIterations", p.passes().size());
    b.put("measurementTime", "single-shot");
    b.put("measurementBatchSize", 1);
    Map<String, String> params = new TreeMap<>();
    params.put("entries", Long.toString(k.entries()));
    params.put("keys", k.keys());
    params.put("valueSize", Integer.toString(k.valueSize()));
    params.put("order", k.order());
    params.put("batchSize", Long.toString(k.batchSize()));
    params.put("durability", k.durability());
    params.put("host", s.host());
    c.settings().forEach((key, v) -> params.put(key, v));
    ObjectNode paramNode = b.putObject("params");
    params.forEach(paramNode::put);
    double[] primary = p.passes().stream().mapToDouble(PrimaryFigure.of(c, p)::of).toArray();
    b.set("primaryMetric", metric(primary, rate ? "ops/s" : "ms/op"));
    ObjectNode secondary = b.putObject("secondaryMetrics");
    // a secondary metric per row of the figure table, over the passes that have it
    for (Figure f : FigureTable.ROWS) {
      double[] values = p.passes().stream().map(pass -> f.of(c, p, pass)).filter(java.util.Objects::nonNull)
          .mapToDouble(Double::doubleValue).toArray();
      if (values.length > 0) {
        secondary.set(f.id(), metric(values, f.unit()));
      }
    }
    double[] user = p.passes().stream().filter(x -> x.cpu() != null).mapToDouble(x -> x.cpu().userMillis()).toArray();
    double[] sys = p.passes().stream().filter(x -> x.cpu() != null).mapToDouble(x -> x.cpu().sysMillis()).toArray();
    if (user.length > 0) {
      secondary.set("cpuUser", metric(user, "ms"));
      secondary.set("cpuSys", metric(sys, "ms"));
    }
    if (p.peakRssBytes() > 0) {
      secondary.set("peakRss", metric(new double[] {p.peakRssBytes()}, "bytes"));
    }
    if (c.storage() != null && "write".equals(p.phase())) {
      secondary.set("storageAllocated", metric(new double[] {c.storage().allocatedBytes().afterClose()}, "bytes"));
      secondary.set("storageApparent", metric(new double[] {c.storage().apparentBytes().afterClose()}, "bytes"));
    }
    return b;
  }

  /** One JMH metric over {@code values}: mean, 99.9 % error, percentiles and the raw values. */
  private ObjectNode metric(double[] values, String unit) {
    ObjectNode m = json.createObjectNode();
    double mean = Arrays.stream(values).average().orElse(Double.NaN);
    double error = error(values, mean);
    m.put("score", mean);
    if (Double.isNaN(error)) {
      m.put("scoreError", "NaN");
      m.putArray("scoreConfidence").add(mean).add(mean);
    } else {
      m.put("scoreError", error);
      m.putArray("scoreConfidence").add(mean - error).add(mean + error);
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    ObjectNode pct = m.putObject("scorePercentiles");
    for (double q : PERCENTILES) {
      pct.put(Double.toString(q), percentile(sorted, q));
    }
    m.put("scoreUnit", unit);
    ArrayNode raw = m.putArray("rawData").addArray();
    Arrays.stream(values).forEach(raw::add);
    return m;
  }

  /** Half-width of the 99.9 % confidence interval, as JMH reports it; NaN for fewer than two values. */
  static double error(double[] values, double mean) {
    int n = values.length;
    if (n < 2) {
      return Double.NaN;
    }
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(ss / (n - 1));
    return new TDistribution(n - 1).inverseCumulativeProbability(1 - 0.001 / 2) * sd / Math.sqrt(n);
  }

  /** JMH's percentile: nearest rank over the sorted values (its Apache Commons Percentile). */
  private static double percentile(double[] sorted, double q) {
    if (q == 0.0) {
      return sorted[0];
    }
    return new org.apache.commons.math3.stat.descriptive.rank.Percentile().evaluate(sorted, q);
  }
}
