package dev.kvbench.report;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.measure.MemoryFootprint;
import dev.kvbench.measure.PassNoise;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code results.csv}: one row per cell, phase and measured pass, with every figure the result
 * holds, so a spreadsheet or a script never picks columns by number from a table meant for reading.
 * A phase that did not run (unsupported, failed) is one row with an empty pass number.
 */
final class ResultsCsv {

  /** The columns before the figure table's: what the row is of, and the pass's time and work. */
  private static final List<String> LEADING = List.of(
      "host", "cell", "store", "library", "libraryVersion", "entries", "keys", "keySize", "valueSize", "valueContent",
      "codec", "order", "batchSize", "durability", "seed", "settings", "phase", "status", "pass", "passMillis", "ops");

  /** The columns after them: the pass's raw measurements, the phase's and the cell's. */
  private static final List<String> TRAILING = List.of("opsPerSec", "cpuUserMillis", "cpuSysMillis", "peakRssBytes", "fork", "noise", "otherProcessesCpuMillis",
      "measuringThreadWaitMillis", "stealMillis", "phaseMedianMillis",
      "phaseMinMillis", "phaseMaxMillis", "verified", "latencyP50Nanos", "latencyP90Nanos", "latencyP99Nanos",
      "latencyP999Nanos", "latencyMaxNanos", "latencySamples", "storageAllocatedBytes", "storageApparentBytes",
      "storageFlatBytes", "measuringThreadCpuMillis", "measuringThreadAllocatedBytes", "ioReadBytes", "ioWriteBytes",
      "majorFaults", "cgroupPeakBytes", "memoryLimitBytes", "heapUsedAfterPhasesBytes", "anonymousRssAfterPhasesBytes",
      "fileRssAfterPhasesBytes", "pageCacheAfterPhasesBytes", "failure");

  /** Every column: the leading ones, a column per row of the figure table (by its id), the trailing ones. */
  static final List<String> COLUMNS = java.util.stream.Stream.of(LEADING.stream(),
      FigureTable.ROWS.stream().map(Figure::id), TRAILING.stream()).flatMap(c -> c).toList();

  private final CsvMapper csv = new CsvMapper();

  String render(List<ReportSection> sections) throws IOException {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    COLUMNS.forEach(schema::addColumn);
    StringWriter out = new StringWriter();
    try (SequenceWriter w = csv.writer(schema.build()).writeValues(out)) {
      for (ReportSection s : sections) {
        for (CellResult c : s.cells()) {
          for (PhaseResult p : c.phases()) {
            if (p.passes().isEmpty()) {
              w.write(row(s, c, p, null, 0));
            }
            for (int i = 0; i < p.passes().size(); i++) {
              w.write(row(s, c, p, p.passes().get(i), i + 1));
            }
          }
        }
      }
    }
    return out.toString();
  }

  private static List<Object> row(ReportSection s, CellResult c, PhaseResult p, PassResult pass, int number) {
    CellResult.Parameters k = c.parameters();
    List<Object> r = new ArrayList<>();
    r.add(s.host());
    r.add(c.cellId());
    r.add(c.store());
    r.add(c.library());
    r.add(c.libraryVersion());
    r.add(k.entries());
    r.add(k.keys());
    r.add(k.keySize());
    r.add(k.valueSize());
    r.add(k.valueContentOrRandom());
    r.add(k.codecOrNone());
    r.add(k.order());
    r.add(k.batchSize());
    r.add(k.durability());
    r.add(k.seed());
    r.add(new TreeMap<>(c.settings()).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(";")));
    r.add(p.phase());
    r.add(p.status().id());
    r.add(pass == null ? "" : number);
    r.add(pass == null ? "" : num(pass.passMillis()));
    r.add(pass == null ? "" : pass.ops());
    for (Figure f : FigureTable.ROWS) {
      Double v = f.of(c, p, pass);
      r.add(v == null ? "" : num(v));
    }
    r.add(pass == null ? "" : num(pass.opsPerSec()));
    r.add(pass == null || pass.cpu() == null ? "" : num(pass.cpu().userMillis()));
    r.add(pass == null || pass.cpu() == null ? "" : num(pass.cpu().sysMillis()));
    r.add(pass == null ? "" : pass.peakRssBytes());
    r.add(pass == null ? "" : pass.fork());
    PassNoise noise = pass == null ? null : pass.noise();
    r.add(noise == null ? "" : noise.marks().stream().map(PassNoise.Mark::id).collect(Collectors.joining("+")));
    r.add(noise == null ? "" : num(noise.otherProcessesCpuMillis()));
    r.add(noise == null ? "" : num(noise.measuringThreadWaitMillis()));
    r.add(noise == null ? "" : num(noise.stealMillis()));
    r.add(pass == null ? "" : num(p.passMillis()));
    r.add(pass == null ? "" : num(p.minPassMillis()));
    r.add(pass == null ? "" : num(p.maxPassMillis()));
    r.add(p.verified());
    LatencySummary l = p.latencyNanos();
    r.add(l == null ? "" : l.p50());
    r.add(l == null ? "" : l.p90());
    r.add(l == null ? "" : l.p99());
    r.add(l == null ? "" : l.p999());
    r.add(l == null ? "" : l.max());
    r.add(l == null ? "" : l.samples());
    r.add(c.storage() == null ? "" : c.storage().allocatedBytes().afterClose());
    r.add(c.storage() == null ? "" : c.storage().apparentBytes().afterClose());
    r.add(c.storage() == null ? "" : c.storage().flatBytes());
    r.add(pass == null || pass.measuringThreadCpuMillis() == null ? "" : num(pass.measuringThreadCpuMillis()));
    r.add(pass == null || pass.measuringThreadAllocatedBytes() == null ? "" : pass.measuringThreadAllocatedBytes());
    r.add(pass == null || pass.io() == null ? "" : pass.io().readBytes());
    r.add(pass == null || pass.io() == null ? "" : pass.io().writeBytes());
    r.add(pass == null || pass.paging() == null ? "" : pass.paging().majorFaults());
    r.add(pass == null || pass.paging() == null || pass.paging().cgroupPeakBytes() == null ? ""
        : pass.paging().cgroupPeakBytes());
    CellResult.CellMemory memory = c.memory();
    r.add(memory == null || memory.limit() == null ? "" : memory.limit().limitBytes());
    MemoryFootprint after = MemoryFigures.footprint(c);
    r.add(after == null ? "" : after.heapUsedBytes());
    r.add(after == null ? "" : after.anonymousRssBytes());
    r.add(after == null ? "" : after.fileRssBytes());
    r.add(after == null || after.pageCacheBytes() == null ? "" : after.pageCacheBytes());
    r.add(p.failure() == null ? (c.error() == null ? "" : c.error()) : p.failure());
    return r.stream().map(SpreadsheetCells::safe).toList();
  }

  /** Plain decimal with three places: the same bytes for the same value on every machine. */
  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
