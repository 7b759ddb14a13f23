package dev.kvbench.run.fork;

import dev.kvbench.run.CellParams;

/**
 * What a forked JVM is to do, handed over as a JSON file: one cell, the directory to run it in,
 * and where to write its messages.
 */
record ForkPlan(int protocol, CellParams cell, String directory, String link) {}
