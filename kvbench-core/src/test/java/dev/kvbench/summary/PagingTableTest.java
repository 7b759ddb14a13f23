package dev.kvbench.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.Paging;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The paging table: rows for limited cells and for phases that faulted, none for data that fits. */
class PagingTableTest {

  private static PassResult pass(long faults, Long peak, long readBytes) {
    return PassResult.of(1000, 5_000_000, new CpuTime(1, 0), 0).withIo(new IoBytes(readBytes, 0))
        .withPaging(new Paging(faults, peak));
  }

  private static CellResult cell(String store, long entries, CellResult.MemoryLimitFigures limit, PassResult... passes) {
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 16, 100);
    PhaseResult readKey = PhaseResult.measured("readKey", List.of(passes), PhaseResult.Latency.NONE, true, null, null);
    CellResult c = new CellResult(store + entries, store, "g:a", "1", caps, Map.of(), Map.of(),
        new CellResult.Parameters(entries, "int", 4, 1000, "rnd", 1000, "nosync", 1, 16, 2, 1000, 3), List.of(readKey),
        null, CellResult.Outcome.RAN, null, null);
    return limit == null ? c : c.withMemory(new CellResult.CellMemory(null, null, limit));
  }

  @Test
  void aLimitedCellShowsItsFaultsDeviceReadsPerOpAndItsHighestPeakBesideTheLimit() {
    var limit = new CellResult.MemoryLimitFigures(256L << 20, 1, 0, true);
    List<CellResult> cells = List.of(
        cell("lmdb", 1000, limit, pass(700, 250L << 20, 700 * 4096L), pass(800, 255L << 20, 800 * 4096L),
            pass(900, 240L << 20, 900 * 4096L)),
        cell("fits", 10, null, pass(0, null, 0), pass(0, null, 0)),
        cell("faults", 100, null, pass(50, null, 50 * 4096L)));
    TextTable t = PagingTable.of(new RunTables(cells), cells);
    String text = t.render(200);
    // the median pass: 800 faults and 800 pages over 1,000 ops; the peak: the highest of the three
    assertThat(text).contains("0.80", "3,277", "255", "256");
    assertThat(text).contains("faults").contains("0.05");
    assertThat(t.rows()).isEqualTo(2);
    assertThat(text).doesNotContain("fits");
  }

  @Test
  void noLimitAndNoFaultsNoTable() {
    List<CellResult> cells = List.of(cell("fits", 10, null, pass(0, null, 0)));
    assertThat(PagingTable.of(new RunTables(cells), cells).rows()).isZero();
  }
}
