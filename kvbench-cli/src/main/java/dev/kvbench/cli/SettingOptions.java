package dev.kvbench.cli;

import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.Section;
import dev.kvbench.scenario.Setting;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The flags of the run-level settings ({@code --forks}, {@code --heap}, {@code --counters} ...,
 * and the run's own: {@code --output}, {@code --max-cells} ...), made from their rows (every
 * {@link Section}'s, and RunSettings') as {@link AxisOptions} makes the axes': each
 * row's flag, label and help; a switch takes no value, a list is repeated. {@link #applyTo} turns
 * the flags given into the scenario's changes, a value a row refuses a usage error naming the flag.
 */
final class SettingOptions {

  private SettingOptions() {}

  /** Adds a flag for every section's row that has one to {@code command}, after its option {@code after}. */
  static void addTo(CommandSpec command, String after) {
    addTo(command, after, rows());
  }

  /**
   * Adds a flag for each of {@code rows} that has one to {@code command}, after its option {@code
   * after}; not one the command has already (a flag several commands share, as --work-dir).
   */
  static void addTo(CommandSpec command, String after, List<? extends Setting<?, ?>> rows) {
    List<OptionSpec> options = new ArrayList<>();
    for (Setting<?, ?> row : rows) {
      if (row.flags().isEmpty() || command.findOption(row.flags().get(0)) != null) {
        continue;
      }
      OptionSpec.Builder option = OptionSpec.builder(row.flags().toArray(String[]::new)).hidden(row.hidden());
      if (row.help() != null) {
        option.description(row.help());
      }
      switch (row.arity()) {
        case SWITCH -> option.arity("0").type(boolean.class);
        case ONE -> option.paramLabel(row.paramLabel()).type(String.class);
        case LIST -> option.paramLabel(row.paramLabel()).type(List.class).auxiliaryTypes(String.class);
      }
      options.add(option.build());
    }
    HelpOrder.addAfter(command, after, options);
  }

  /** Sets on {@code o} every row whose flag {@code command} was given. */
  static void applyTo(CommandSpec command, ScenarioOverrides o) {
    for (Setting<?, ?> row : rows()) {
      applyRow(command, row, o);
    }
  }

  /** Every section's rows, in the order the sections apply. */
  static List<Setting<?, ?>> rows() {
    List<Setting<?, ?>> all = new ArrayList<>();
    Section.ALL.forEach(section -> all.addAll(section.rows()));
    return all;
  }

  private static <S, T> void applyRow(CommandSpec command, Setting<S, T> row, ScenarioOverrides o) {
    if (given(command, row)) {
      o.set(row, value(command, row));
    }
  }

  /** {@code values} with each of {@code rows} whose flag {@code command} was given set to the flag's value. */
  static <S> S applied(CommandSpec command, List<Setting<S, ?>> rows, S values) {
    S applied = values;
    for (Setting<S, ?> row : rows) {
      applied = withRow(command, row, applied);
    }
    return applied;
  }

  private static <S, T> S withRow(CommandSpec command, Setting<S, T> row, S values) {
    return given(command, row) ? row.with(values, value(command, row)) : values;
  }

  /** Whether {@code row}'s flag was given to {@code command}. */
  static boolean given(CommandSpec command, Setting<?, ?> row) {
    OptionSpec option = row.flags().isEmpty() ? null : command.findOption(row.flags().get(0));
    Object given = option == null ? null : option.getValue();
    return given != null && !Boolean.FALSE.equals(given);
  }

  /** The value {@code row}'s flag gave, a value the row refuses a usage error naming the flag. */
  @SuppressWarnings("unchecked")
  private static <S, T> T value(CommandSpec command, Setting<S, T> row) {
    if (row.arity() == Setting.Arity.SWITCH) {
      return row.switched();
    }
    Object given = command.findOption(row.flags().get(0)).getValue();
    List<String> texts = given instanceof List<?> list ? (List<String>) list : List.of(String.valueOf(given));
    T value;
    try {
      value = row.parse(texts);
    } catch (IllegalArgumentException e) {
      throw new UsageException(row.flags().get(0) + " " + e.getMessage(), e);
    }
    String refused = row.flagRefuses(value);
    if (refused != null) {
      throw new UsageException(row.flags().get(0) + " " + refused);
    }
    return value;
  }
}
