package dev.kvbench.runner.fork;

import dev.kvbench.runner.versions.CellLibrary;
import dev.kvbench.scenario.CellParams;

/**
 * What a forked JVM is to do, handed over on its standard input: one cell, the directory to run
 * it in, and where to send its messages (the parent's loopback address and port, and the token
 * that proves the connection is this child's), the store library to load, and where to keep a
 * Flight Recorder recording of the JVM ({@link #NO_RECORDING} for none), and whether its measured
 * passes wait for a duet partner's.
 */
record ForkPlan(int protocol, CellParams cell, String directory, String linkHost, int linkPort, String linkToken,
    CellLibrary library, String recording, PassStart passStart) {

  /** When the JVM starts a measured pass: at once, or when the parent says its duet partners start theirs. */
  enum PassStart {
    AT_ONCE,
    WITH_PARTNERS
  }

  /** The recording path of a cell that is not profiled. */
  static final String NO_RECORDING = "";

  ForkPlan {
    library = library == null ? CellLibrary.BUNDLED : library;
    recording = recording == null ? NO_RECORDING : recording;
    passStart = passStart == null ? PassStart.AT_ONCE : passStart;
  }
}
