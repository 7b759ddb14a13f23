package dev.kvbench.cli;

import dev.kvbench.summary.TextTable;
import java.io.Console;

/** Whether kvbench prints to a terminal, and how wide the text it prints may be. */
final class Terminal {

  private Terminal() {}

  /**
   * Whether standard input and output are a terminal. From JDK 22 {@code System.console()} is there
   * even when output is redirected; its {@code isTerminal()} then says which.
   */
  static boolean attached() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true; // JDK 17 to 21: a console is a terminal
    }
  }

  /** The terminal's columns as picocli finds them for its help ({@code stty} on /dev/tty), else 80. */
  static int columns() {
    return new picocli.CommandLine.Model.UsageMessageSpec().autoWidth(true).width();
  }

  /**
   * The width tables and summaries are folded to: the terminal's, at most {@link
   * TextTable#PAGE_WIDTH}; {@link TextTable#PAGE_WIDTH} in a file or pipe.
   */
  static int pageWidth() {
    return attached() ? Math.min(columns(), TextTable.PAGE_WIDTH) : TextTable.PAGE_WIDTH;
  }
}
