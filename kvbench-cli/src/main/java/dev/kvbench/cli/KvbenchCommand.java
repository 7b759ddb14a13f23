package dev.kvbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

@Command(
    name = "kvbench",
    mixinStandardHelpOptions = true,
    versionProvider = KvbenchCommand.Version.class,
    description = "Benchmarks embedded key-value stores on the JVM, the same way for every store.",
    subcommands = {RunCommand.class, ListCommand.class, ReportCommand.class, CompareCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every phase ok or unsupported",
      "1:a phase failed (error or verification)",
      "2:bad input; nothing was run",
      "3:internal error"
    })
public final class KvbenchCommand implements Runnable {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The version in the jar's manifest. */
  static String version() {
    String v = KvbenchCommand.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"kvbench " + version(), "JVM " + System.getProperty("java.runtime.version")};
    }
  }
}
