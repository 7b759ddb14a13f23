package dev.kvbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.host.HostFiles;
import dev.kvbench.store.StoreRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data sized in bytes, by the memory limit or by the host's memory, and the memory limit itself. */
class DataSizeTest {

  @TempDir Path root;

  private final ScenarioFiles files = new ScenarioFiles();
  private final StoreRegistry registry = StoreRegistry.load();

  @Test
  void eachFormReadsBackAsItWasWrittenAndSizesItsEntries() throws Exception {
    Files.createDirectories(root.resolve("proc"));
    Files.writeString(root.resolve("proc/meminfo"), "MemTotal:       1048576 kB\nMemFree: 1 kB\n");
    HostFiles host = new HostFiles(root);
    MemoryLimit limit = MemoryLimit.parse("256m");
    for (String text : List.of("2g", "4xlimit", "0.5xmemory", "1.5xlimit")) {
      assertThat(DataSize.parse(text).toString()).isEqualTo(text);
    }
    // 104-byte entries: 4-byte int keys and 100-byte values
    assertThat(DataSize.parse("4xlimit").entries(104, limit, host)).isEqualTo(Math.round(4.0 * (256 << 20) / 104));
    assertThat(DataSize.parse("0.5xmemory").entries(104, limit, host)).isEqualTo(Math.round(0.5 * (1L << 30) / 104));
    assertThat(DataSize.parse("2g").entries(1024, limit, host)).isEqualTo(2L << 20);
    // a multiple of the limit or of the host's memory is a relation a scale keeps (issue 63); bytes scale
    assertThat(DataSize.parse("4xlimit").scaled(0.25)).isEqualTo(DataSize.parse("4xlimit"));
    assertThat(DataSize.parse("0.5xmemory").scaled(0.25)).isEqualTo(DataSize.parse("0.5xmemory"));
    assertThat(DataSize.parse("2g").scaled(0.25)).isEqualTo(DataSize.parse("512m"));
    assertThatThrownBy(() -> DataSize.parse("4xlimit").entries(104, MemoryLimit.NONE, host))
        .hasMessageContaining("give jvm.memoryLimit SIZE");
    assertThatThrownBy(() -> DataSize.parse("lots")).hasMessageContaining("'lots' is not a data size");
  }

  @Test
  void aPresetsDataFollowsTheLimitAndTheCellSaysWhatItWasSizedBy() {
    Scenario s = files.parse("name: big\nmatrix:\n  stores: ['null']\n  dataSizes: [0.5xlimit, 4xlimit]\n"
        + "  valueSizes: [4000]\n  keys: [int]\n  orders: [rnd]\njvm:\n  memoryLimit: 128m\n", "big.yaml", "big", registry);
    List<CellParams> cells = s.cells(registry);
    assertThat(cells).extracting(c -> c.data().entries())
        .containsExactly(Math.round(0.5 * (128 << 20) / 4004.0), Math.round(4.0 * (128 << 20) / 4004.0));
    assertThat(cells.get(1).id()).isEqualTo("null int rnd 134084x4000 data=4xlimit batch=all nosync");
    assertThat(files.write(s)).contains("memoryLimit: 128m").contains("dataSizes:");
    assertThat(cells.get(1).axes()).containsEntry("dataSizes", "4xlimit");
    // a cell sized by entries records no data size: its parameters read as before the axis existed
    Scenario plain = files.parse("name: plain\nmatrix:\n  stores: ['null']\n", "plain.yaml", "plain", registry);
    assertThat(plain.cells(registry).get(0).axes()).doesNotContainKey("dataSizes");
  }

  /**
   * Issue 64: a plan is made once, the same on every host. Data sized by the host's memory has as
   * many entries as each host's memory holds, and the same cell id on every host (the multiple, not
   * the entries), so shards, resume and compare across hosts agree on which cell is which.
   */
  @Test
  void aMultipleOfTheHostsMemoryGivesEveryHostTheSameCellIdsAndEachItsOwnEntries() throws Exception {
    Scenario s = files.parse("name: ltm\nmatrix:\n  stores: ['null']\n  dataSizes: [0.5xmemory, 64m]\n"
        + "  valueSizes: [1000]\n  keys: [int]\n  orders: [rnd]\n", "ltm.yaml", "ltm", registry);
    List<CellParams> small = s.cells(registry, Scenario.DEFAULT_MAX_CELLS, host("small", 1L << 20));
    List<CellParams> large = s.cells(registry, Scenario.DEFAULT_MAX_CELLS, host("large", 4L << 20));
    assertThat(small).extracting(CellParams::id).containsExactlyElementsOf(large.stream().map(CellParams::id).toList());
    assertThat(small.get(0).id()).isEqualTo("null int rnd x1000 data=0.5xmemory batch=all nosync");
    assertThat(small.get(0).data().entries()).isEqualTo(Math.round(0.5 * (1L << 30) / 1004.0));
    assertThat(large.get(0).data().entries()).isEqualTo(Math.round(0.5 * (4L << 30) / 1004.0));
    // a size in bytes is the same data everywhere, and its id keeps the entries
    assertThat(small.get(1).id()).isEqualTo("null int rnd 66841x1000 data=64m batch=all nosync");
  }

  private HostFiles host(String name, long memTotalKb) throws IOException {
    Path dir = root.resolve(name);
    Files.createDirectories(dir.resolve("proc"));
    Files.writeString(dir.resolve("proc/meminfo"), "MemTotal:       " + memTotalKb + " kB\nMemFree: 1 kB\n");
    return new HostFiles(dir);
  }

  @Test
  void aMultipleOfTheLimitWithoutALimitIsRefusedAtItsLine() {
    assertThatThrownBy(() -> files.parse("name: big\nmatrix:\n  dataSizes: [4xlimit]\n", "big.yaml", "big", registry))
        .isInstanceOf(ScenarioException.class)
        .hasMessageStartingWith("big.yaml:3:")
        .hasMessageContaining("matrix.dataSizes 4xlimit is a multiple of jvm.memoryLimit, which is not set: give"
            + " jvm.memoryLimit SIZE");
  }

  @Test
  void aLimitTooSmallForAJvmOrNotASizeIsRefusedWithTheFix() {
    assertThatThrownBy(() -> MemoryLimit.parse("16m")).hasMessageContaining("give 64m or more");
    assertThatThrownBy(() -> MemoryLimit.parse("lots")).hasMessageContaining("write e.g. 256m or 1g");
    assertThat(MemoryLimit.parse("1g").toString()).isEqualTo("1g");
    assertThat(MemoryLimit.parse("").limits()).isFalse();
  }

  @Test
  void cellsInThisJvmRefuseALimit() {
    Scenario s = files.parse("name: lim\njvm:\n  memoryLimit: 256m\n", "lim.yaml", "lim", registry);
    assertThatThrownBy(() -> s.withRepetitions(new Repetitions(0, 1, 0, 1)))
        .isInstanceOf(ScenarioException.class)
        .hasMessageContaining("give 1 fork or more")
        .extracting(e -> ((ScenarioException) e).pointer()).isEqualTo("/jvm/memoryLimit");
  }

  /**
   * Issue 63: larger-than-memory at a tenth stayed larger than memory in name only (4xlimit became
   * 0.4xlimit). A scale that can change nothing of the data is refused with what would make the run
   * smaller; with sizes in bytes beside the multiples, only the bytes scale, and the note says so.
   */
  @Test
  void aScaleKeepsTheDataWithinAndBeyondTheLimitAndSaysWhatItScaled() {
    Matrix relative = Matrix.of(List.of("null")).with(Axes.DATA_SIZES, List.of(DataSize.parse("0.25xlimit"),
        DataSize.parse("4xlimit"))).with(Axes.BATCH_SIZES, List.of(10_000L));
    assertThatThrownBy(() -> relative.scaled(0.1)).hasMessageContaining("scale 0.1 would change nothing of the data")
        .hasMessageContaining("0.25xlimit, 4xlimit").hasMessageContaining("give a smaller jvm.memoryLimit");
    assertThat(relative.scaled(1)).isEqualTo(relative);
    Matrix mixed = relative.with(Axes.DATA_SIZES, List.of(DataSize.parse("4xlimit"), DataSize.parse("2g")));
    assertThat(mixed.scaled(0.5).get(Axes.DATA_SIZES)).containsExactly(DataSize.parse("4xlimit"),
        DataSize.parse("1g"));
    assertThat(mixed.describeScale(0.5)).isEqualTo("scale 0.5: data sizes 4xlimit 2g -> 4xlimit 1g, batch sizes"
        + " 10,000 -> 5,000; kept: 4xlimit, value sizes, durations, rates and thread counts (a preset's description"
        + " gives its sizes unscaled)");
    Matrix counted = Matrix.of(List.of("null")).with(Axes.ENTRIES, List.of(300_000L));
    assertThat(counted.describeScale(0.05)).startsWith("scale 0.05: entries 300,000 -> 15,000; kept: value sizes");
    // a run of replays alone: its data is its trace's, so the note speaks of the traces only
    Scenario replays = Scenario.defaults("replays").withMatrix(counted.with(Axes.TRACES, List.of("fast20:1000000")))
        .withPhases(List.of(dev.kvbench.workload.Phase.REPLAY));
    assertThat(new ScenarioOverrides().scale(0.1).scaleNote(replays)).isEqualTo("scale 0.1: drawn traces fast20:1000000"
        + " -> fast20:100000; a recorded trace is replayed whole, and a replay's keys and sizes are its trace's");
    assertThat(new ScenarioOverrides().scale(0.1).scaleNote(replays.withPhases(List.of(dev.kvbench.workload.Phase.YCSB_C))))
        .startsWith("scale 0.1: entries 300,000 -> 30,000");
  }
}
