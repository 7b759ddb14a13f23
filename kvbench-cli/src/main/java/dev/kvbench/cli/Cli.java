package dev.kvbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Builds the kvbench command line with its exit codes and error handling, for main and tests alike. */
public final class Cli {

  private Cli() {}

  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new KvbenchCommand());
    AxisOptions.addTo(cli.getSubcommands().get("run").getCommandSpec(), "--stores");
    AxisOptions.addTo(cli.getSubcommands().get("bisect").getCommandSpec(), "--output-dir");
    for (String command : List.of("run", "bisect")) {
      SettingOptions.addTo(cli.getSubcommands().get(command).getCommandSpec(), "--phases");
    }
    SettingOptions.addTo(cli.getSubcommands().get("run").getCommandSpec(), "--work-dir", RunCommand.RUN_ROWS);
    SettingOptions.addTo(cli.getSubcommands().get("bisect").getCommandSpec(), "--work-dir", ForkOptions.ROWS);
    // help fits the terminal it is shown in (80 columns where there is none), and synopses say
    // [OPTIONS] instead of listing forty of them
    cli.setUsageHelpAutoWidth(true);
    abbreviateSynopses(cli);
    // what kvbench prints holds text from result files: a control character in one is shown, never sent
    cli.setOut(TerminalWriter.of(out));
    cli.setErr(TerminalWriter.of(err));
    // so the help is plain text: picocli's colours on a terminal are escape sequences, which the
    // writers above would show as \x1b[33m
    cli.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    CommandLine.IParameterExceptionHandler picocli = cli.getParameterExceptionHandler();
    cli.setParameterExceptionHandler((e, args) -> unknownCommand(e).map(message -> {
      e.getCommandLine().getErr().println("kvbench: " + message);
      e.getCommandLine().getErr().println("Try 'kvbench help' for the commands.");
      return ExitCodes.USAGE;
    }).orElseGet(() -> {
      try {
        return picocli.handleParseException(e, args);
      } catch (Exception other) {
        throw new IllegalStateException(other);
      }
    }));
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (e instanceof UsageException) {
            commandLine.getErr().println("kvbench: " + e.getMessage());
            commandLine.getErr().println("Try '" + commandLine.getCommandSpec().qualifiedName() + " --help' for the options.");
            return ExitCodes.USAGE;
          }
          commandLine.getErr().println("kvbench: internal error: " + e);
          e.printStackTrace(commandLine.getErr());
          return ExitCodes.INTERNAL;
        });
    return cli;
  }

  /**
   * {@code kvbench rnu}: a first word that is no command, with the commands it may have meant; empty
   * for any other parse error (picocli says those, suggesting options itself).
   */
  private static java.util.Optional<String> unknownCommand(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u) || e.getCommandLine().getParent() != null
        || u.getUnmatched().isEmpty() || u.getUnmatched().get(0).startsWith("-")) {
      return java.util.Optional.empty();
    }
    String typed = u.getUnmatched().get(0);
    java.util.Set<String> commands = e.getCommandLine().getSubcommands().keySet();
    return java.util.Optional.of("unknown command '" + typed + "'"
        + dev.kvbench.store.NearestNames.suggestion(typed, commands) + "; commands: " + String.join(", ", commands));
  }

  private static void abbreviateSynopses(CommandLine command) {
    command.getCommandSpec().usageMessage().abbreviateSynopsis(true);
    command.getSubcommands().values().forEach(sub -> {
      // a command's one-line header names it in 'kvbench help'; its own help opens with the usage
      List<String> sections = new ArrayList<>(sub.getHelpSectionKeys());
      sections.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER);
      sub.setHelpSectionKeys(sections);
      abbreviateSynopses(sub);
    });
  }
}
