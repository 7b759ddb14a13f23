package dev.kvbench.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No output lists a figure of the figure table by hand: outside the result package, where the
 * rows are defined, main code reads a row's figure through its row ({@code FigureTable.NS_PER_OP.of},
 * {@code FigureTable.ROWS}), never through the accessor the row measures. An output that calls the
 * accessor names the figure, its heading and its format a second time, and misses the next row
 * (issue 64: the CPU table printed "-" where the figure table had the value).
 */
class FiguresByHandTest {

  private static final Path ROOT = Path.of("..");

  /** The accessors the figure table's rows read, on a pass and on a phase's median. */
  private static final List<String> ROW_ACCESSORS = List.of("nsPerOp", "cpuNanosPerOp", "allocatedBytesPerOp");

  /** Files that call one for something other than showing it, and why. */
  private static final Map<String, String> READ_FOR_ANOTHER_REASON = Map.of(
      "ReportInputs.java", "checks that a document's stored numbers are finite; shows none",
      "PhaseFigures.java", "the library's record keeps ns/op of a one-op phase too (its time), which the row leaves out");

  private static final Pattern CALL = Pattern.compile("\\.(" + String.join("|", ROW_ACCESSORS) + ")\\(\\)");

  @Test
  void noOutputCallsTheAccessorsBehindTheFigureTable() throws IOException {
    List<Path> files = mainSources();
    assertThat(files).as("main sources of every module").hasSizeGreaterThan(300);
    List<String> byHand = new ArrayList<>();
    for (Path f : files) {
      String name = f.getFileName().toString();
      if (f.toString().contains("/dev/kvbench/result/") || READ_FOR_ANOTHER_REASON.containsKey(name)) {
        continue;
      }
      List<String> lines = Files.readAllLines(f);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = CALL.matcher(lines.get(i));
        if (m.find()) {
          byHand.add(ROOT.relativize(f) + ":" + (i + 1) + " calls " + m.group(1)
              + "(): read it through its row of FigureTable, so its heading, format and the next row come along");
        }
      }
    }
    assertThat(byHand).isEmpty();
  }

  @Test
  void theListedAccessorsAreTheResultsOwnAndTheScanFindsACall() throws IOException {
    // a renamed accessor must not leave the list naming nothing
    for (String accessor : ROW_ACCESSORS) {
      assertThat(Arrays.stream(PassResult.class.getMethods()).map(java.lang.reflect.Method::getName))
          .as("PassResult." + accessor).contains(accessor);
      assertThat(Arrays.stream(PhaseResult.class.getMethods()).map(java.lang.reflect.Method::getName))
          .as("PhaseResult." + accessor).contains(accessor);
    }
    assertThat(CALL.matcher("String s = f(p.cpuNanosPerOp());").find()).isTrue();
    assertThat(CALL.matcher("FigureTable.NS_PER_OP.of(cell, p)").find()).isFalse();
    // the files let off still call one: otherwise they leave the list
    for (String name : READ_FOR_ANOTHER_REASON.keySet()) {
      Path f = mainSources().stream().filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
      assertThat(CALL.matcher(Files.readString(f)).find()).as(name + " still calls one").isTrue();
    }
  }

  private static List<Path> mainSources() throws IOException {
    try (Stream<Path> all = Files.walk(ROOT)) {
      return all.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/"))
          .filter(p -> !p.toString().contains("/target/")).toList();
    }
  }
}
