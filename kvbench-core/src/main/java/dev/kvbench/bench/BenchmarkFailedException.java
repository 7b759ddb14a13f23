package dev.kvbench.bench;

import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Thrown by {@link BenchmarkResult#requireSucceeded()}: a cell failed (a store crashed, ran out of
 * space, timed out or returned wrong data). What was measured is still in the result file it names.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class BenchmarkFailedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final List<String> failures;

  BenchmarkFailedException(List<String> failures, Path results) {
    super(failures.size() + " failure(s); every measured figure is in " + results + ":\n  "
        + String.join("\n  ", failures));
    this.failures = List.copyOf(failures);
  }

  /** One line per failed cell or phase: its id and why. */
  public List<String> failures() {
    return failures;
  }
}
