package dev.kvbench.cli;

import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/** The {@code kvbench} command: its subcommands, version and exit codes. */
@Command(
    name = "kvbench",
    mixinStandardHelpOptions = true,
    versionProvider = KvbenchCommand.Version.class,
    description = "Benchmarks embedded key-value stores on the JVM, the same way for every store.",
    subcommands = {RunCommand.class, ListCommand.class, ReportCommand.class, CompareCommand.class, EnvCommand.class,
        DurabilityCommand.class, CleanCommand.class, BisectCommand.class, HistoryCommand.class, TraceCommand.class,
        picocli.CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every phase ok or unsupported",
      "1:a phase failed (error or verification)",
      "2:bad input; nothing was run",
      "3:internal error (a bug in kvbench)",
      "4:the results' file system filled up: the run stopped, what it measured is kept; --resume finishes it"
    })
public final class KvbenchCommand implements Runnable {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * The version in the jar's manifest with the commit it was built from as build metadata, e.g.
   * {@code 0.1.0-SNAPSHOT+1a2b3c4d5e} ({@code .dirty} when the checkout had uncommitted changes):
   * what every result records, so a report names the exact code that measured it.
   */
  static String version() {
    String v = KvbenchCommand.class.getPackage().getImplementationVersion();
    if (v == null) {
      return "dev";
    }
    Attributes manifest = manifest();
    String commit = manifest == null ? null : manifest.getValue("Implementation-Build");
    // outside a git checkout the build leaves the placeholder unresolved
    if (commit == null || commit.isBlank() || commit.startsWith("${")) {
      return v;
    }
    boolean dirty = "true".equals(manifest.getValue("Implementation-Build-Dirty"));
    return v + "+" + commit + (dirty ? ".dirty" : "");
  }

  /** kvbench.jar's main manifest attributes, or null when not run from the jar. */
  private static Attributes manifest() {
    try {
      var location = KvbenchCommand.class.getProtectionDomain().getCodeSource().getLocation();
      if (location == null || !location.getPath().endsWith(".jar")) {
        return null;
      }
      try (JarFile jar = new JarFile(new java.io.File(location.toURI()))) {
        Manifest m = jar.getManifest();
        return m == null ? null : m.getMainAttributes();
      }
    } catch (java.io.IOException | java.net.URISyntaxException | SecurityException e) {
      return null;
    }
  }

  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"kvbench " + version(), "JVM " + System.getProperty("java.runtime.version")};
    }
  }
}
