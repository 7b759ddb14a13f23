package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.StorageResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SeedTablesTest {

  private static CellResult cell(String store, boolean keepsData, double readKeyMillis, PhaseStatus seqStatus, long bytes) {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, keepsData, 16, 100);
    PhaseResult readKey = new PhaseResult("readKey", PhaseStatus.OK, 1000, readKeyMillis, 0, readKeyMillis * 1000, null,
        null, null, null, 0, keepsData, null, null);
    PhaseResult readSeq = seqStatus == PhaseStatus.OK
        ? new PhaseResult("readSeq", PhaseStatus.OK, 1000, 1, 0, 1000, null, null, null, null, 0, true, null, null)
        : PhaseResult.unsupported("readSeq", "no cursor");
    return new CellResult(store, "g:a", "1", caps, Map.of(), Map.of(),
        new CellResult.Parameters(1000, "int", 4, 100, "rnd", 1000, "nosync", 1, 16, 0),
        List.of(readKey, readSeq), StorageResult.of(new StorageSize(bytes, bytes), new StorageSize(bytes, bytes), 104_000),
        null);
  }

  @Test
  void ranksByPassTimeAgainstTheFastestRealStore() {
    String table = SeedTables.timings(List.of(
        cell("slow", true, 30, PhaseStatus.OK, 200_000),
        cell("null", false, 1, PhaseStatus.OK, 0),
        cell("fast", true, 10, PhaseStatus.UNSUPPORTED, 150_000)));
    List<String> lines = table.lines().toList();
    assertThat(lines.get(2)).contains("readKey", "fast", "10.00", "fastest");
    assertThat(lines.get(3)).contains("slow", "30.00", "x 3.00");
    assertThat(lines.get(4)).contains("null", "harness").doesNotContain("fastest");
    assertThat(table).contains("unsupported");
  }

  @Test
  void storageShowsOverheadAgainstTheFlatArrayWithoutTheReferenceStore() {
    String table = SeedTables.storage(List.of(
        cell("slow", true, 30, PhaseStatus.OK, 208_000), cell("null", false, 1, PhaseStatus.OK, 4096)));
    assertThat(table).contains("(flat array)", "104,000", "208,000", "100.00").doesNotContain("null");
  }
}
