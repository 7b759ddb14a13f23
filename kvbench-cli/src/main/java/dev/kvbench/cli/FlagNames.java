package dev.kvbench.cli;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Axis;
import dev.kvbench.scenario.Setting;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Core names a setting as a scenario file and the library do ({@code matrix.entries}, {@code
 * workDir}); a person at the command line gave a flag. {@link #worded} says a core message in the
 * flags' words. The axes' flags come from the axis table; every other flag is listed here once,
 * beside the setting it sets.
 */
final class FlagNames {

  private FlagNames() {}

  /**
   * A scenario's field, as core's messages name it, to the flag that sets it: a flag's name only
   * where a message begins with it, which is where core names the field it refuses. Inside a
   * message, or after a file's line, it is the file's own field.
   */
  static final Map<String, String> FIELDS = fields();

  /**
   * The runner's and the crash test's options, as their records name them, to their flags: never
   * a file's field, so their flag wherever a message names them as code ({@code maxCells}, {@code
   * workDir}) or before a value ({@code scale 0.2}).
   */
  static final Map<String, String> OPTIONS = Map.of("output", "--output", "resume", "--resume", "maxCells",
      "--max-cells", "shard", "--shard", "workDir", "--work-dir", "scale", "--scale", "trials", "--trials",
      "killAfter", "--kill-after", "putsPerCommit", "--puts-per-commit", "valueSize", "--value-size");

  /** Every name, longest first, so {@code repetitions.readCache cold} is found before a shorter name it begins with. */
  private static final List<String> BY_LENGTH = java.util.stream.Stream.concat(FIELDS.keySet().stream(),
      OPTIONS.keySet().stream()).sorted(Comparator.comparingInt(String::length).reversed()).toList();

  private static final Pattern OPTION_AS_CODE = Pattern.compile("(?<=[\\s(])(" + String.join("|",
      OPTIONS.keySet().stream().filter(n -> !n.equals(n.toLowerCase(Locale.ROOT))).map(Pattern::quote).toList())
      + ")(?=[\\s,;:)]|$)");
  private static final Pattern OPTION_BEFORE_A_NUMBER = Pattern.compile("(?<=[\\s(])(" + String.join("|",
      OPTIONS.keySet().stream().map(Pattern::quote).toList()) + ")(?= \\d)");

  private static Map<String, String> fields() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("matrix.stores", "--stores");
    for (Axis<?> axis : Axes.ALL) {
      f.put("matrix." + axis.key(), axis.flags().get(0));
    }
    f.put("phases", "--phases");
    f.put("seed", "--seed");
    f.put("latencySample", "--latency-sample");
    f.put("cellTimeout", "--timeout");
    for (Setting<?, ?> row : SettingOptions.rows()) {
      if (!row.flags().isEmpty()) {
        // a switch's flag sets one value: a message about that value, or about the setting, is about the flag
        if (row.arity() == Setting.Arity.SWITCH) {
          f.put(row.name() + " " + switchedText(row), row.flags().get(0));
        }
        f.put(row.name(), row.flags().get(0));
      }
    }
    return Map.copyOf(f);
  }

  private static <S, T> String switchedText(Setting<S, T> row) {
    return String.join(",", row.texts(row.switched()));
  }

  /** A usage error of {@code problem}, which flags or options caused: core's message said in the flags' words. */
  static UsageException usage(IllegalArgumentException problem) {
    return new UsageException(worded(problem.getMessage()), problem);
  }

  /**
   * {@code problem}, found expanding {@code read} with {@code overrides}: led by its flag when a
   * flag set its field, else placed at the file's line in the file's words.
   */
  static String explained(ScenarioSource read, ScenarioException problem, ScenarioOverrides overrides) {
    return worded(read.explained(problem, overrides).getMessage());
  }

  /** {@code message} with the setting it begins with, and the options it names, as flags. */
  static String worded(String message) {
    if (message == null) {
      return null;
    }
    String text = message;
    for (String name : BY_LENGTH) {
      if (text.startsWith(name)
          && (text.length() == name.length() || " :'".indexOf(text.charAt(name.length())) >= 0)) {
        text = (FIELDS.containsKey(name) ? FIELDS : OPTIONS).get(name) + text.substring(name.length());
        break;
      }
    }
    return replaced(OPTION_BEFORE_A_NUMBER, replaced(OPTION_AS_CODE, text));
  }

  private static String replaced(Pattern names, String text) {
    Matcher m = names.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(OPTIONS.get(m.group(1))));
    }
    return m.appendTail(out).toString();
  }
}
