package dev.kvbench.cli;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Axis;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The flags of the matrix's axes ({@code --entries}, {@code --value-size} ...), made from
 * {@link Axes#ALL}: each axis's flags, label and help, a comma list sweeping. They go right after
 * {@code --stores}, so {@code kvbench run --help} lists them where the annotated flags were.
 */
final class AxisOptions {

  private AxisOptions() {}

  /** Adds a flag for every axis to {@code run}, after its option {@code after}. */
  static void addTo(CommandSpec run, String after) {
    List<OptionSpec> options = new ArrayList<>();
    for (Axis<?> axis : Axes.ALL) {
      options.add(OptionSpec.builder(axis.flags().toArray(String[]::new))
          .paramLabel(axis.paramLabel())
          .description(axis.help())
          .type(List.class)
          .auxiliaryTypes(String.class)
          .splitRegex(",")
          .build());
    }
    HelpOrder.addAfter(run, after, options);
  }

  /** The texts given to {@code axis}'s flag, or null when it was not given. */
  @SuppressWarnings("unchecked")
  static List<String> texts(CommandSpec run, Axis<?> axis) {
    OptionSpec option = run.findOption(axis.flags().get(0));
    return option == null ? null : (List<String>) option.getValue();
  }
}
