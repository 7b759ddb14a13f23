package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.ScanDirection;
import dev.kvbench.workload.trace.TraceKind;
import dev.kvbench.workload.trace.TraceWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 67: {@code kvbench trace info} describes a trace, and names the file and byte of one that is not whole. */
class TraceCommandTest {

  @TempDir Path dir;

  private static ByteBuffer key(long k) {
    return ByteBuffer.allocate(8).putLong(0, k);
  }

  /** 1,000 puts in key order in one transaction, then 2,000 gets from a second session (half of them miss), a scan. */
  private Path trace() {
    Path file = dir.resolve("app.trace");
    try (TraceWriter w = TraceWriter.create(file, "TraceCommandTest")) {
      w.record(TraceKind.BEGIN_WRITE, 0);
      for (long k = 0; k < 1000; k++) {
        w.put(0, key(k), ByteBuffer.wrap(new byte[k % 2 == 0 ? 100 : 400]));
      }
      w.record(TraceKind.COMMIT, 0);
      w.record(TraceKind.BEGIN_READ, 1);
      for (long i = 0; i < 2000; i++) {
        // key 7 every tenth get: a hot key
        long k = i % 10 == 0 ? 7 : i;
        w.get(TraceKind.GET, 1, key(k), k < 1000 ? ByteBuffer.allocate(100) : null);
      }
      w.scanFrom(1, key(10), ScanDirection.FORWARD, 50);
      w.record(TraceKind.END_READ, 1);
    }
    return file;
  }

  @Test
  void infoSaysWhatATraceHolds() {
    CliOutcome o = CliOutcome.run("trace", "info", trace().toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("format version 1").contains("from TraceCommandTest")
        .contains("3,005 operations").contains("from 2 sessions")
        .containsPattern("put\\s+1,000\\s+33\\.3 %").containsPattern("get\\s+2,000\\s+66\\.6 %")
        .contains("100.0 % of puts come after the put before in key order")
        .contains("value size min 100,").contains("max 400; values constant 100.0 %")
        // 1,000 gets of written keys and 100 of the hot key found their key; 900 missed
        .contains("gets: 55.0 % found their key, 45.0 % missed")
        .contains("scan length min 50");
    // 1,000 keys written and 900 more missed: 1,900, estimated within the sketch's error
    java.util.regex.Matcher distinct = java.util.regex.Pattern.compile("distinct keys: about ([0-9,]+)").matcher(o.out());
    assertThat(distinct.find()).isTrue();
    assertThat(Long.parseLong(distinct.group(1).replace(",", ""))).isBetween(1862L, 1938L);
    // key 7 alone takes 201 of the 3,001 keyed operations
    java.util.regex.Matcher hot = java.util.regex.Pattern.compile("the 10 hottest keys take ([0-9.]+) %").matcher(o.out());
    assertThat(hot.find()).isTrue();
    assertThat(Double.parseDouble(hot.group(1))).isBetween(6.7, 8.0);
  }

  @Test
  void aTruncatedTraceIsNamedWithItsByteAndNothingIsPrinted() throws Exception {
    byte[] whole = Files.readAllBytes(trace());
    Path cut = dir.resolve("cut.trace");
    Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
    CliOutcome o = CliOutcome.run("trace", "info", cut.toString());
    assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(o.err()).contains(cut.toString()).containsPattern("at byte [0-9]+").contains("truncated");
    assertThat(o.out()).isEmpty();
    Path json = dir.resolve("result.json");
    Files.writeString(json, "{\"schemaVersion\": 9}");
    CliOutcome other = CliOutcome.run("trace", "info", json.toString());
    assertThat(other.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(other.err()).contains("not a kvbench trace").contains("(JSON)");
    CliOutcome none = CliOutcome.run("trace", "info", dir.resolve("none.trace").toString());
    assertThat(none.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(none.err()).contains("no trace at");
  }
  /**
   * {@code trace generate} draws FAST'20's mixgraph into a trace, {@code trace fit} fits the model
   * back and writes it, and {@code generate --model} scales the fitted model up: 10 times the keys,
   * twice the rate. Existing files are never overwritten; a model that is not one is named.
   */
  @Test
  void generateFitAndGenerateAgainFromTheFittedModelScaledUp() throws Exception {
    Path first = dir.resolve("fast20.kvbtrace");
    CliOutcome g = CliOutcome.run("trace", "generate", "--operations", "100000", first.toString());
    assertThat(g.code()).as(g.err()).isZero();
    assertThat(g.out()).contains("100,000 mixgraph operations (300,000 records) over 5,000,000 keys");
    Path model = dir.resolve("model.yaml");
    CliOutcome f = CliOutcome.run("trace", "fit", first.toString(), "--out", model.toString());
    assertThat(f.code()).as(f.err()).isZero();
    assertThat(f.out()).contains("100,000 operations with a key").contains("in 30 ranges")
        .containsPattern("mix: +8[45]\\.[0-9]+ % gets, 1[34]\\.[0-9]+ % puts").contains("KS D = 0.0")
        .contains("note: the rate shows no swing beyond its noise");
    dev.kvbench.workload.trace.MixgraphModel fitted = dev.kvbench.workload.trace.MixgraphModel.read(model);
    assertThat(fitted.rate().d()).isBetween(49_000.0, 51_000.0);
    Path scaled = dir.resolve("scaled.kvbtrace");
    CliOutcome again = CliOutcome.run("trace", "generate", "--model", model.toString(), "--keys-times", "10",
        "--rate-times", "2", "--operations", "50000", scaled.toString());
    assertThat(again.code()).as(again.err()).isZero();
    dev.kvbench.workload.trace.TracePlan plan = dev.kvbench.workload.trace.TracePlan.of(scaled);
    assertThat(plan.recordedRate() / 3).as("mixgraph operations a second, three records each")
        .isBetween(2 * 49_000.0, 2 * 51_000.0);
    assertThat(dev.kvbench.workload.trace.TraceFit.fit(scaled, 30, 0).model().keys())
        .isBetween(9 * fitted.keys(), 10 * fitted.keys());
    CliOutcome exists = CliOutcome.run("trace", "fit", first.toString(), "--out", model.toString());
    assertThat(exists.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(exists.err()).contains(model + " exists");
    Path notAModel = Files.writeString(dir.resolve("notes.yaml"), "colour: blue\n");
    CliOutcome bad = CliOutcome.run("trace", "generate", "--model", notAModel.toString(), "--operations", "10",
        dir.resolve("never.kvbtrace").toString());
    assertThat(bad.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(bad.err()).contains("notes.yaml").contains("kvbench trace fit");
    assertThat(dir.resolve("never.kvbtrace")).doesNotExist();
  }

  /**
   * {@code trace fit --scenario} writes a scenario that draws the trace's count of operations from
   * the fitted model; the scenario runs, and the keys its cells replay (the same draws) match the
   * trace's keys within a two-sample Kolmogorov-Smirnov D of 0.02 (issue 67).
   */
  @Test
  void fitWritesAScenarioThatRunsAndWhoseDrawnKeysMatchTheTracesWithinKs002() throws Exception {
    Path trace = dir.resolve("recorded.kvbtrace");
    CliOutcome g = CliOutcome.run("trace", "generate", "--operations", "200000", "--seed", "7", trace.toString());
    assertThat(g.code()).as(g.err()).isZero();
    Path model = dir.resolve("fitted.yaml");
    Path scenario = dir.resolve("fitted-scenario.yaml");
    CliOutcome noModel = CliOutcome.run("trace", "fit", trace.toString(), "--scenario", scenario.toString());
    assertThat(noModel.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(noModel.err()).contains("--out MODEL.yaml");
    CliOutcome f = CliOutcome.run("trace", "fit", trace.toString(), "--out", model.toString(), "--scenario",
        scenario.toString());
    assertThat(f.code()).as(f.err()).isZero();
    assertThat(f.out()).contains("scenario: " + scenario);
    java.util.Map<?, ?> y = new com.fasterxml.jackson.databind.ObjectMapper(
        new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readValue(scenario.toFile(), java.util.Map.class);
    String value = (String) ((java.util.List<?>) ((java.util.Map<?, ?>) y.get("matrix")).get("traces")).get(0);
    assertThat(value).isEqualTo(model + ":200000");
    assertThat(y.get("phases")).isEqualTo(java.util.List.of("replay"));

    Path results = dir.resolve("run");
    CliOutcome run = CliOutcome.run("run", scenario.toString(), "--stores", "null", "--forks", "0", "--measured", "1", "--warmup-passes", "0",
        "--output", results.toString());
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).contains("trace fitted.yaml:200000").containsPattern("replay +null +[0-9]");

    Path drawn = dev.kvbench.workload.trace.DrawnTrace.parse(value).orElseThrow().drawInto(
        Files.createDirectories(dir.resolve("drawn")));
    double d = new org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest()
        .kolmogorovSmirnovStatistic(keys(trace), keys(drawn));
    assertThat(d).as("KS D between the trace's keys and the fitted scenario's").isLessThanOrEqualTo(0.02);
  }

  /** The keys of every keyed operation of {@code trace}, as numbers: their first 8 bytes big-endian. */
  private static double[] keys(Path trace) {
    java.util.List<Double> keys = new java.util.ArrayList<>();
    try (dev.kvbench.workload.trace.TraceReader r = dev.kvbench.workload.trace.TraceReader.open(trace)) {
      while (r.advance()) {
        if (r.kind().keyed()) {
          long v = 0;
          for (int i = 0; i < 8; i++) {
            v = v << 8 | (i < r.keyStored() ? r.keyBytes()[i] & 0xFF : 0);
          }
          keys.add((double) (v & Long.MAX_VALUE));
        }
      }
    }
    return keys.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
