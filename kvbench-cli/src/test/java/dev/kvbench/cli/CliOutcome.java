package dev.kvbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** What a kvbench command run in this JVM returned and printed, for the CLI tests. */
record CliOutcome(int code, String out, String err) {

  static CliOutcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Cli.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    return new CliOutcome(code, out.toString(), err.toString());
  }
}
