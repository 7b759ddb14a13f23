package dev.kvbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.FieldWrites;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.YcsbKeys;
import dev.kvbench.workload.YcsbRecords;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A YCSB workload file's properties, by YCSB's names, become kvbench's settings, or a clear refusal. */
class YcsbPropertiesTest {

  private final ScenarioFiles files = new ScenarioFiles();
  private final StoreRegistry registry = new StoreRegistry(List.of(new SortedMapStoreProvider()));

  private static Scenario apply(Map<String, String> p) {
    return YcsbProperties.applyTo(p, new ScenarioOverrides()).applyTo(Scenario.defaults("s"));
  }

  @Test
  void ycsbsWorkloadFileSetsTheScenario() {
    // YCSB 0.17.0's workloads/workloade, as shipped
    Map<String, String> e = new LinkedHashMap<>();
    e.put("recordcount", "1000");
    e.put("operationcount", "1000");
    e.put("workload", "site.ycsb.workloads.CoreWorkload");
    e.put("readallfields", "true");
    e.put("readproportion", "0");
    e.put("updateproportion", "0");
    e.put("scanproportion", "0.95");
    e.put("insertproportion", "0.05");
    e.put("requestdistribution", "zipfian");
    e.put("maxscanlength", "100");
    e.put("scanlengthdistribution", "uniform");
    Scenario s = apply(e);
    assertThat(s.matrix().get(Axes.ENTRIES)).containsExactly(1000L);
    assertThat(s.traffic().operations()).isEqualTo(1000);
    assertThat(s.traffic().proportions()).containsOnly(Map.entry(Operation.SCAN, 0.95), Map.entry(Operation.INSERT, 0.05));
    assertThat(s.traffic().distribution()).isEqualTo(RequestDistribution.ZIPFIAN);
    assertThat(s.traffic().maxScanLength()).isEqualTo(100);
  }

  @Test
  void recordsKeysAndWritesFollowYcsbsNames() {
    Scenario s = apply(Map.of("fieldcount", "20", "fieldlength", "50", "insertorder", "ordered", "writeallfields", "true",
        "zipfianconstant", "0.9", "threadcount", "4", "readproportion", "1"));
    assertThat(s.matrix().get(Axes.VALUE_CONTENTS)).containsExactly(new YcsbRecords(20));
    assertThat(s.matrix().get(Axes.VALUE_SIZES)).containsExactly(YcsbRecords.recordSize(20, 50));
    assertThat(s.matrix().get(Axes.KEYS)).containsExactly(YcsbKeys.ORDERED);
    assertThat(s.matrix().get(Axes.THREADS)).containsExactly(4);
    assertThat(s.traffic().fieldWrites()).isEqualTo(FieldWrites.ALL);
    assertThat(s.traffic().zipfianConstant()).isEqualTo(0.9);
    // the proportions not given take YCSB's defaults (update 0.05), normalised as its chooser does
    assertThat(s.traffic().proportions().get(Operation.READ)).isCloseTo(1 / 1.05, org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void everyRequestDistributionOfYcsbIsTaken() {
    for (String d : List.of("uniform", "zipfian", "latest", "hotspot", "exponential", "sequential")) {
      assertThat(apply(Map.of("requestdistribution", d, "exponential.percentile", "95.0")).traffic().distribution()
          .id()).isEqualTo(d);
    }
  }

  @Test
  void whatIsNotBuiltIsRefusedByName() {
    assertThatThrownBy(() -> apply(Map.of("db", "site.ycsb.BasicDB"))).hasMessageContaining("YCSB property 'db'")
        .hasMessageContaining("recordcount");
    assertThatThrownBy(() -> apply(Map.of("requestdistribution", "pareto")))
        .hasMessageContaining("requestdistribution=pareto").hasMessageContaining("exponential and sequential");
    assertThatThrownBy(() -> apply(Map.of("requestdistribution", "zipfian-loaded")))
        .hasMessageContaining("is not YCSB's");
    assertThatThrownBy(() -> apply(Map.of("requestdistribution", "exponential", "exponential.percentile", "90")))
        .hasMessageContaining("exponential.percentile=90 is not built");
    assertThatThrownBy(() -> apply(Map.of("fieldlengthdistribution", "zipfian")))
        .hasMessageContaining("fieldlengthdistribution=zipfian is not built");
    assertThatThrownBy(() -> apply(Map.of("recordcount", "many"))).hasMessageContaining("recordcount=many");
    assertThatThrownBy(() -> apply(Map.of("writeallfields", "yes"))).hasMessageContaining("use true or false");
  }

  @Test
  void aScenarioFilesYcsbBlockIsAppliedAndWrittenBackAsSettings() {
    Scenario s = files.parse("phases: [ycsb-a]\nycsb:\n  recordcount: 5000\n  readproportion: 0.9\n"
        + "  updateproportion: 0.1\n  writeallfields: true\n", "s.yaml", "s", registry);
    assertThat(s.matrix().get(Axes.ENTRIES)).containsExactly(5000L);
    assertThat(s.traffic().proportions()).containsOnly(Map.entry(Operation.READ, 0.9), Map.entry(Operation.UPDATE, 0.1));
    // what a forked cell and a resumed run read back
    Scenario again = files.parse(files.write(s), "w.yaml", "s", registry);
    assertThat(again.traffic()).isEqualTo(s.traffic());
    assertThat(again.matrix().get(Axes.ENTRIES)).containsExactly(5000L);
    assertThatThrownBy(() -> files.parse("matrix:\n  entries: [10]\nycsb:\n  recordcount: 5000\n", "s.yaml", "s",
        registry)).hasMessageContaining("ycsb.recordcount and matrix.entries both set it");
    assertThatThrownBy(() -> files.parse("ycsb:\n  requestdistribution: pareto\n", "s.yaml", "s", registry))
        .hasMessageContaining("s.yaml").hasMessageContaining("requestdistribution=pareto");
  }
}
