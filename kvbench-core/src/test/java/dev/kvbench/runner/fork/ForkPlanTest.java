package dev.kvbench.runner.fork;


import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kvbench.runner.versions.CellLibrary;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.DataSet;
import dev.kvbench.scenario.Load;
import dev.kvbench.scenario.PassPlan;
import dev.kvbench.scenario.PhasePlan;
import dev.kvbench.scenario.StoreSetup;
import dev.kvbench.scenario.WriteShape;
import dev.kvbench.store.Durability;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueContent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForkPlanTest {

  /**
   * A cell's JVM reads its cell from the plan file: it must come back equal, with the same id,
   * or the parent and the child would name one cell two ways (and a resume would run it again).
   */
  @Test
  void aCellSurvivesThePlanFileWithItsId() throws Exception {
    JsonMapper json = JsonMapper.builder().addModule(UserCodeJson.module()).build();
    for (ValueContent content : List.of(ValueContent.RANDOM, ValueContent.ZEROS, ValueContent.compressible(0.5))) {
      CellParams cell = new CellParams("null", new DataSet(1000, KeyEncoding.STR, 100, content, 7),
          new WriteShape(KeyOrder.RND, 10),
          new StoreSetup(Map.of("values", "true"), Durability.SYNC, content.equals(ValueContent.ZEROS) ? "deflate" : "none"),
          new PhasePlan(List.of(Phase.WRITE, Phase.READ_KEY, Phase.READERS), new PassPlan(1, 0, 3), 16),
          new Load(2, Traffic.DEFAULT, CustomMix.NONE), Map.of());
      ForkPlan back = json.readValue(json.writeValueAsString(new ForkPlan(ForkMessage.PROTOCOL, cell, "d", "127.0.0.1", 1234, "t", CellLibrary.BUNDLED, ForkPlan.NO_RECORDING, ForkPlan.PassStart.AT_ONCE)),
          ForkPlan.class);
      assertThat(back.cell()).isEqualTo(cell);
      assertThat(back.cell().id()).isEqualTo(cell.id());
    }
    CellParams random = new CellParams("null", new DataSet(1000, KeyEncoding.INT, 100, ValueContent.RANDOM, 7),
        new WriteShape(KeyOrder.SEQ, 1000), new StoreSetup(Map.of(), Durability.NOSYNC, "none"),
        new PhasePlan(List.of(Phase.WRITE), PassPlan.SINGLE_COLD, 16), Load.SINGLE, Map.of());
    // random values, the default, leave the id as it was before value contents existed
    assertThat(random.id()).isEqualTo("null int seq 1000x100 batch=all nosync");
    assertThat(json.readValue(json.writeValueAsString(new ForkPlan(ForkMessage.PROTOCOL, random, "d", "127.0.0.1", 1234, "t", CellLibrary.BUNDLED, ForkPlan.NO_RECORDING, ForkPlan.PassStart.AT_ONCE)),
        ForkPlan.class).cell().id()).isEqualTo(random.id());
  }

  /** A cell that swaps its store's library hands its JVM the jars, their hashes and the adapter's class. */
  @Test
  void aCellsLibraryVersionSurvivesThePlanFile() throws Exception {
    JsonMapper json = JsonMapper.builder().addModule(UserCodeJson.module()).build();
    CellParams cell = new CellParams("null", new DataSet(1000, KeyEncoding.INT, 100, ValueContent.RANDOM, 7),
        new WriteShape(KeyOrder.SEQ, 1000), new StoreSetup(Map.of("version", "1.5"), Durability.NOSYNC, "none"),
        new PhasePlan(List.of(Phase.WRITE), PassPlan.SINGLE_COLD, 16), Load.SINGLE, Map.of());
    assertThat(cell.id()).endsWith(" version=1.5");
    CellLibrary library = new CellLibrary("dev.kvbench.nullstore.NullStoreProvider", "1.5", List.of(
        new dev.kvbench.store.LibraryJar("org.example:lib:jar:1.5", java.nio.file.Path.of("/repo/lib-1.5.jar"),
            "ab".repeat(32))));
    ForkPlan back = json.readValue(json.writeValueAsString(
        new ForkPlan(ForkMessage.PROTOCOL, cell, "d", "127.0.0.1", 1234, "t", library, "/d/profile.jfr", ForkPlan.PassStart.AT_ONCE)), ForkPlan.class);
    assertThat(back.library()).isEqualTo(library);
    assertThat(back.recording()).isEqualTo("/d/profile.jfr");
    assertThat(back.library().adapterPackage()).isEqualTo("dev.kvbench.nullstore");
    assertThat(back.library().bundled()).isFalse();
    assertThat(CellLibrary.BUNDLED.bundled()).isTrue();
  }

  /** A library user's key format and operation travel as their classes, and come back as new instances. */
  @Test
  void customCodeSurvivesThePlanFileAsItsClass() throws Exception {
    JsonMapper json = JsonMapper.builder().addModule(UserCodeJson.module()).build();
    CustomMix mix = new CustomMix(List.of(new CustomMix.Entry("pay", CustomMix.Access.READ_WRITE, 1,
        new dev.kvbench.bench.BenchmarkTest.Transfer())), RequestDistribution.UNIFORM);
    CellParams cell = new CellParams("null",
        new DataSet(1000, new dev.kvbench.bench.BenchmarkTest.OrderKeys(), 100, ValueContent.ZEROS, 7),
        new WriteShape(KeyOrder.RND, 1000), new StoreSetup(Map.of(), Durability.NOSYNC, "none"),
        new PhasePlan(List.of(Phase.CUSTOM), new PassPlan(1, 0, 3), 16), new Load(1, Traffic.DEFAULT, mix), Map.of());
    String text = json.writeValueAsString(new ForkPlan(ForkMessage.PROTOCOL, cell, "d", "127.0.0.1", 1234, "t", CellLibrary.BUNDLED, ForkPlan.NO_RECORDING, ForkPlan.PassStart.AT_ONCE));
    assertThat(text).contains("\"dev.kvbench.bench.BenchmarkTest$OrderKeys\"")
        .contains("\"dev.kvbench.bench.BenchmarkTest$Transfer\"").contains("\"zeros\"");
    CellParams back = json.readValue(text, ForkPlan.class).cell();
    assertThat(back.data().keys()).isInstanceOf(dev.kvbench.bench.BenchmarkTest.OrderKeys.class).isNotSameAs(cell.data().keys());
    assertThat(back.load().custom().operations().get(0).operation())
        .isInstanceOf(dev.kvbench.bench.BenchmarkTest.Transfer.class);
    assertThat(back.load().custom().distribution()).isEqualTo(RequestDistribution.UNIFORM);
    assertThat(back.id()).isEqualTo(cell.id()).contains("order").contains("custom=pay");
  }
}
