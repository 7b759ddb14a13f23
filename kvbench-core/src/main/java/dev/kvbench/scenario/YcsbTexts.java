package dev.kvbench.scenario;

import dev.kvbench.workload.FieldWrites;
import java.util.Locale;

/** Scenario-file words for the YCSB knobs of the traffic. */
final class YcsbTexts {

  private YcsbTexts() {}

  /** {@code true} (writeallfields) or {@code false}. */
  static FieldWrites fieldWrites(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> FieldWrites.ALL;
      case "false" -> FieldWrites.ONE;
      default -> throw new IllegalArgumentException("writeAllFields takes true or false, got '" + text + "'");
    };
  }
}
