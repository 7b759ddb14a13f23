package dev.kvbench.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Where the commands write when not told: everything under one folder, {@code kvbench-results/}
 * (git-ignored in this repository), as {@code run} does for its results, so a first hour leaves one
 * folder behind, not one per command.
 */
final class DefaultOutputs {

  static final Path ROOT = Path.of("kvbench-results");

  private DefaultOutputs() {}

  /** {@code kvbench-results/PREFIX-yyyyMMdd-HHmmss}: a new folder per invocation. */
  static Path stamped(String prefix) {
    return ROOT.resolve(prefix + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
  }

  /**
   * A report's folder: named after its one input ({@code quick-...json} gives {@code
   * kvbench-results/quick-...-report}, so a report made again from the same results replaces its
   * own earlier one), or stamped when it pools several.
   */
  static Path report(List<Path> inputs) {
    if (inputs.size() == 1 && inputs.get(0).getFileName() != null) {
      String name = inputs.get(0).getFileName().toString().replaceFirst("\\.jsonl?$", "");
      return ROOT.resolve(name + "-report");
    }
    return stamped("report");
  }
}
