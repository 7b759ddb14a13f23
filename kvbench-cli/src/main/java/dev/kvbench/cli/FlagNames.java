package dev.kvbench.cli;

import dev.kvbench.runner.RunSettings;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Axis;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import dev.kvbench.scenario.Setting;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Core names a setting as a scenario file and the library do ({@code matrix.entries}, {@code
 * workDir}); a person at the command line gave a flag. {@link #worded} says a core message in the
 * flags' words, from the rows that define the names and flags (the axes', the sections' and the
 * run's settings), with no pattern matching; the crash test's options and {@code resume}, which are
 * not rows, are listed here.
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
   * The run's settings ({@code output}, {@code maxCells}, {@code workDir} ...), the crash test's
   * options and {@code resume}, as core's messages name them, to their flags: never a file's field,
   * so their flag wherever a message names them as code ({@code maxCells}, {@code workDir}) or
   * before a value ({@code scale 0.2}).
   */
  static final Map<String, String> OPTIONS = options();

  /** Every name, longest first, so {@code repetitions.readCache cold} is found before a shorter name it begins with. */
  private static final List<String> BY_LENGTH = Stream.concat(FIELDS.keySet().stream(), OPTIONS.keySet().stream())
      .sorted(Comparator.comparingInt(String::length).reversed()).toList();

  private static Map<String, String> fields() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("matrix.stores", "--stores");
    // a store's settings come from -o STORE.KEY=VALUE; the message names the store and the key
    f.put("matrix.settings", "-o");
    for (Axis<?> axis : Axes.ALL) {
      f.put("matrix." + axis.key(), axis.flags().get(0));
    }
    f.put("phases", "--phases");
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

  private static Map<String, String> options() {
    Map<String, String> o = new LinkedHashMap<>(Map.of("resume", "--resume", "scale", "--scale", "trials",
        "--trials", "killAfter", "--kill-after", "putsPerCommit", "--puts-per-commit", "valueSize", "--value-size"));
    for (Setting<?, ?> row : RunSettings.ALL) {
      if (!row.flags().isEmpty()) {
        o.put(row.name(), row.flags().get(0));
      }
    }
    return Map.copyOf(o);
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
    String message = read.explained(problem, overrides).getMessage();
    // placed at the file's line, the fields it names are the file's: only the run's options become flags
    return overrides.changes(problem.pointer()) ? worded(message) : optionsWorded(message);
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
    for (Map.Entry<String, String> field : placedInAFile(text) ? Map.<String, String>of().entrySet()
        : FIELDS.entrySet()) {
      // inside a sentence only a name no word can be (matrix.threads, jvm.cpus, cellTimeout): seed and phases stay
      // words there
      if (codeName(field.getKey())) {
        text = namesInside(text, field.getKey(), field.getValue(), true);
      }
    }
    return optionsWorded(text);
  }

  /**
   * {@code text} (a notice, a cell's error, the run's tables) with the settings and options it
   * names as code ({@code jvm.cpus}, {@code waitQuiet}) as flags; its words left as they are.
   */
  static String inText(String text) {
    if (text == null) {
      return null;
    }
    String worded = text;
    for (Map.Entry<String, String> field : FIELDS.entrySet()) {
      if (codeName(field.getKey())) {
        worded = namesInside(worded, field.getKey(), field.getValue(), true);
      }
    }
    for (Map.Entry<String, String> option : OPTIONS.entrySet()) {
      if (!option.getKey().equals(option.getKey().toLowerCase(Locale.ROOT))) {
        worded = namesInside(worded, option.getKey(), option.getValue(), true);
      }
    }
    return worded;
  }

  /** A setting's name or a field in code's form (jvm.cpus, cellTimeout): no word of a sentence is either. */
  private static boolean codeName(String name) {
    return name.indexOf(' ') < 0 && (name.indexOf('.') > 0 || !name.equals(name.toLowerCase(Locale.ROOT)));
  }

  /** Whether {@code text} begins with a file's line and column ({@code s.yaml:3:12: }): its fields are the file's. */
  private static boolean placedInAFile(String text) {
    int colon = text.indexOf(": ");
    String[] place = colon < 0 ? new String[0] : text.substring(0, colon).split(":");
    return place.length >= 3 && !place[place.length - 1].isEmpty() && !place[place.length - 2].isEmpty()
        && place[place.length - 1].chars().allMatch(Character::isDigit)
        && place[place.length - 2].chars().allMatch(Character::isDigit);
  }

  /** {@code text} with the run's options it names as flags; the scenario's fields as they are. */
  private static String optionsWorded(String text) {
    String worded = text;
    for (Map.Entry<String, String> option : OPTIONS.entrySet()) {
      worded = namesInside(worded, option.getKey(), option.getValue(),
          !option.getKey().equals(option.getKey().toLowerCase(Locale.ROOT)));
    }
    return worded;
  }

  /**
   * {@code text} with {@code name} as {@code flag} where it stands as a word after a space or a
   * parenthesis: anywhere where {@code anywhere} (a name in code's form, {@code maxCells}, or a
   * setting's, {@code jvm.cpus}), else only before a number, where a plain word ({@code scale}) is
   * the option and not the word.
   */
  private static String namesInside(String text, String name, String flag, boolean anywhere) {
    StringBuilder out = new StringBuilder();
    int from = 0;
    for (int at = text.indexOf(name, 1); at > 0; at = text.indexOf(name, at + name.length())) {
      int end = at + name.length();
      boolean startsAWord = " (".indexOf(text.charAt(at - 1)) >= 0;
      boolean endsAWord = end == text.length() || " ,;:.)\n".indexOf(text.charAt(end)) >= 0
          && (text.charAt(end) != '.' || end + 1 == text.length() || Character.isWhitespace(text.charAt(end + 1)));
      boolean beforeANumber = end + 1 < text.length() && text.charAt(end) == ' '
          && Character.isDigit(text.charAt(end + 1));
      if (startsAWord && endsAWord && (anywhere || beforeANumber)) {
        out.append(text, from, at).append(flag);
        from = end;
      }
    }
    return out.append(text.substring(from)).toString();
  }
}
