package dev.kvbench.cli;

import java.io.PrintWriter;

/** Entry point of kvbench.jar; the only place that calls System.exit. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    int code = Cli.commandLine(out, err).execute(args);
    // autoflush covers println only: what a command print()ed last would be lost at exit
    out.flush();
    err.flush();
    System.exit(code);
  }
}
