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
    cli.setOut(out);
    cli.setErr(err);
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (e instanceof UsageException) {
            commandLine.getErr().println("kvbench: " + e.getMessage());
            commandLine.getErr().println("Try 'kvbench " + commandLine.getCommandName() + " --help' for the options.");
            return ExitCodes.USAGE;
          }
          commandLine.getErr().println("kvbench: internal error: " + e);
          e.printStackTrace(commandLine.getErr());
          return ExitCodes.INTERNAL;
        });
    return cli;
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
