package dev.kvbench.cli;

import java.io.PrintWriter;

/** Entry point of kvbench.jar; the only place that calls System.exit. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    int code = Cli.commandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true)).execute(args);
    System.exit(code);
  }
}
