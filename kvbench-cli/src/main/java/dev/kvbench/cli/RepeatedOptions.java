package dev.kvbench.cli;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Axis;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The same option twice is an error, not "last wins" (and list options would silently add up);
 * so is a count written with a thousands separator, which a sweep's comma would split.
 */
final class RepeatedOptions {

  private RepeatedOptions() {}

  /** Throws a usage error for the first option of {@code command}'s given twice, or a count that looks split. */
  static void refuse(CommandSpec command) {
    Map<String, Integer> seen = new HashMap<>();
    for (String arg : command.commandLine().getParseResult().originalArgs()) {
      // the options meant to repeat: -o per setting, --jvm-option per option, -p per YCSB property
      if (!arg.startsWith("-") || arg.startsWith("-o") || arg.startsWith("-p") || arg.startsWith("--ycsb-property")
          || arg.equals("--store-option")
          || arg.startsWith("--store-option=") || arg.startsWith("--jvm-option")) {
        continue;
      }
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      var option = command.findOption(name);
      if (option == null) {
        continue;
      }
      String longest = option.longestName();
      if (seen.merge(longest, 1, Integer::sum) > 1) {
        throw new UsageException(longest + " is given twice; give it once (a comma list sweeps several values)");
      }
    }
    for (Axis<?> counted : List.of(Axes.ENTRIES, Axes.BATCH_SIZES, Axes.VALUE_SIZES)) {
      List<String> values = AxisOptions.texts(command, counted);
      if (values == null) {
        continue;
      }
      String flag = counted.flags().get(0);
      if (looksLikeOneGroupedNumber(values)) {
        throw new UsageException(flag + " '" + String.join(",", values) + "' looks like a number with a thousands"
            + " separator, but a comma separates the values of a sweep; write 1000000, 1_000_000 or 1m");
      }
      if (readsBothWays(values)) {
        String joined = String.join(",", values);
        throw new UsageException(flag + " " + joined + " reads two ways: the number " + joined + " (a thousands"
            + " separator) or a sweep of " + values.get(0) + " and " + values.get(1) + "; write " + joined.replace(",", "")
            + " (or " + joined.replace(",", "_") + ") for the number, " + values.get(1) + "," + values.get(0)
            + " for the sweep");
      }
    }
  }

  /**
   * Whether two values read as well as one number in groups of three as a sweep of two, rising
   * (2,500: 2500 entries, or 2 and 500?): a sweep of three or more in that shape is one (64,128,256),
   * one that does not rise a grouped number ({@link #looksLikeOneGroupedNumber}).
   */
  static boolean readsBothWays(List<String> values) {
    return values.size() == 2 && values.get(0).matches("\\d{1,3}") && values.get(1).matches("\\d{3}")
        && Integer.parseInt(values.get(1)) > Integer.parseInt(values.get(0));
  }

  /**
   * Whether {@code values} read as one number in groups of three (1,000,000) rather than a sweep:
   * all of them digits in that shape and not rising, as a sweep is written (64,128,256 is a sweep).
   */
  static boolean looksLikeOneGroupedNumber(List<String> values) {
    if (values.size() < 2 || !values.get(0).matches("\\d{1,3}")) {
      return false;
    }
    for (int i = 1; i < values.size(); i++) {
      if (!values.get(i).matches("\\d{3}")) {
        return false;
      }
    }
    for (int i = 1; i < values.size(); i++) {
      if (Integer.parseInt(values.get(i)) <= Integer.parseInt(values.get(i - 1))) {
        return true;
      }
    }
    return false;
  }
}
