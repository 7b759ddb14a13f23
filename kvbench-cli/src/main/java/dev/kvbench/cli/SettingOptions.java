package dev.kvbench.cli;

import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.Section;
import dev.kvbench.scenario.Setting;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The flags of the run-level settings ({@code --forks}, {@code --heap}, {@code --counters} ...),
 * made from their rows (every {@link Section}'s) as {@link AxisOptions} makes the axes': each
 * row's flag, label and help; a switch takes no value, a list is repeated. {@link #applyTo} turns
 * the flags given into the scenario's changes, a value a row refuses a usage error naming the flag.
 */
final class SettingOptions {

  private SettingOptions() {}

  /** Adds a flag for every row that has one to {@code command}, after its option {@code after}. */
  static void addTo(CommandSpec command, String after) {
    List<OptionSpec> options = new ArrayList<>();
    for (Setting<?, ?> row : rows()) {
      if (row.flags().isEmpty()) {
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

  @SuppressWarnings("unchecked")
  private static <S, T> void applyRow(CommandSpec command, Setting<S, T> row, ScenarioOverrides o) {
    OptionSpec option = row.flags().isEmpty() ? null : command.findOption(row.flags().get(0));
    Object given = option == null ? null : option.getValue();
    if (given == null || Boolean.FALSE.equals(given)) {
      return;
    }
    if (row.arity() == Setting.Arity.SWITCH) {
      o.set(row, row.switched());
      return;
    }
    List<String> texts = given instanceof List<?> list ? (List<String>) list : List.of((String) given);
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
    o.set(row, value);
  }
}
