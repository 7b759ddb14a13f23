package dev.kvbench.cli;

import dev.kvbench.report.ShellWords;
import java.nio.file.Path;

/**
 * How the user starts kvbench, for the commands kvbench suggests ("next: ./kvbench report ..."), so
 * each runs as printed: the launcher as the user called it (the {@code ./kvbench} script passes its
 * name in {@value #PROPERTY}), else {@code java -jar} with the jar's path, else {@code kvbench}.
 */
final class Launcher {

  /** The system property the launcher script sets to how it was called. */
  static final String PROPERTY = "kvbench.launcher";

  private Launcher() {}

  /** The command that starts kvbench, quoted for a shell where it needs to be. */
  static String command() {
    String given = System.getProperty(PROPERTY);
    if (given != null && !given.isBlank()) {
      return ShellWords.quote(given);
    }
    try {
      Path code = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (code.toString().endsWith(".jar")) {
        Path here = Path.of("").toAbsolutePath();
        Path shown = code.startsWith(here) ? here.relativize(code) : code;
        return "java -jar " + ShellWords.quote(shown.toString());
      }
    } catch (java.net.URISyntaxException | RuntimeException e) {
      // no jar to name (a test's class folder): the command's own name
    }
    return "kvbench";
  }
}
