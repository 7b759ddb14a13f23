package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.Amplification;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Every result file published under {@code results/} is read by today's kvbench: the reports there
 * say "to write it again: kvbench report inputs/...", which holds only while documents written by
 * every earlier kvbench read. The oldest (schema 2) had a phase's amplification as one object and
 * traffic without YCSB's field writes and scan lengths.
 */
class PublishedInputsTest {

  private static final Path RESULTS = Path.of("..", "results");

  static List<Path> inputs() throws IOException {
    try (Stream<Path> files = Files.walk(RESULTS)) {
      return files.filter(p -> p.getParent().getFileName().toString().equals("inputs"))
          .filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".jsonl")).sorted().toList();
    }
  }

  @Test
  void theResultsFolderHoldsInputsOfEverySchemaRead() throws IOException {
    // the test below is only as good as what it reads: documents of schema 2 and 3, and a journal
    List<Path> inputs = inputs();
    assertThat(inputs).hasSizeGreaterThan(20);
    assertThat(inputs).anyMatch(p -> p.toString().endsWith(".jsonl"));
    assertThat(inputs).anyMatch(p -> content(p).contains("\"schemaVersion\" : 2") || content(p).contains("\"schemaVersion\":2"));
  }

  @ParameterizedTest
  @MethodSource("inputs")
  void everyPublishedInputReadsWithItsCellsAndFigures(Path input) {
    RunResults run = new ReportInputs().readOne(input);
    // a published run may have failed cells (mvstore out of heap); every phase that says ok has its passes
    assertThat(run.cells()).as("cells of " + input).isNotEmpty();
    long okWithoutPasses = run.cells().stream().flatMap(c -> c.phases().stream())
        .filter(p -> p.status() == dev.kvbench.result.PhaseStatus.OK && p.passes().isEmpty()).count();
    assertThat(okWithoutPasses).as("ok phases without passes in " + input).isZero();
    assertThat(run.warnings()).as(input.toString()).isEmpty();
  }

  @Test
  void aSchema2PhaseKeepsItsAmplificationAndTraffic() {
    RunResults compress = new ReportInputs().readOne(RESULTS.resolve("2026-11-23-symas-compress/inputs/symas-compress.json"));
    PhaseResult write = compress.cells().get(0).phases().get(0);
    assertThat(write.amplification(Amplification.Direction.WRITE)).isNotNull();
    assertThat(write.amplification(Amplification.Direction.WRITE).factor()).isGreaterThan(1);
    RunResults readers = new ReportInputs().readOne(RESULTS.resolve("2026-11-23-16core-readers/inputs/readers-lmdb.json"));
    CellResult cell = readers.cells().get(0);
    assertThat(cell.parameters().traffic().maxScanLength()).isEqualTo(100);
  }

  private static String content(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
