package dev.kvbench.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Where flags made from a table (the axes', the settings' rows) go in a command: right after one of
 * its annotated options, so {@code --help} lists them where annotated flags were; picocli adds an
 * option at the end.
 */
final class HelpOrder {

  private HelpOrder() {}

  /** Adds {@code options} to {@code command} after its option {@code after}, the ones after it following them. */
  static void addAfter(CommandSpec command, String after, List<OptionSpec> options) {
    List<OptionSpec> later = new ArrayList<>();
    boolean past = false;
    for (OptionSpec o : List.copyOf(command.options())) {
      if (past) {
        later.add(o);
        command.remove(o);
      }
      past |= o.longestName().equals(after);
    }
    options.forEach(command::addOption);
    later.forEach(command::addOption);
  }
}
