package dev.kvbench.run.fork;

import dev.kvbench.run.CellParams;

/**
 * What a forked JVM is to do, handed over on its standard input: one cell, the directory to run
 * it in, and where to send its messages (a loopback port, and the token that proves the
 * connection is this child's).
 */
record ForkPlan(int protocol, CellParams cell, String directory, int linkPort, String linkToken) {}
