package dev.kvbench.report;

import dev.kvbench.bench.BenchmarkResult;
import dev.kvbench.result.ResultFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/** Reports of a library run: what {@code kvbench report} writes, for a {@link BenchmarkResult} in hand. */
public final class Reports {

  private Reports() {}

  /**
   * Writes the Markdown report with its charts into {@code directory}, as {@code kvbench report
   * RESULT --out DIRECTORY} does, and returns the README's path.
   */
  public static Path write(BenchmarkResult result, Path directory) throws IOException {
    // the file on disk is the result's published form, and what kvbench report reads
    String version = new ResultFiles().read(result.documentPath()).kvbenchVersion();
    return new ReportWriter(version, Clock.systemUTC())
        .write(List.of(result.documentPath()), directory, false).readme();
  }
}
