package dev.kvbench.testing;

import java.util.List;

/**
 * The flags the build gives the test JVMs ({@code kvbench.tests.jvm.flags}: C1 only), for the JVMs a
 * test starts itself (a cell, the jar): the tests check what kvbench does, never how fast, and C2's
 * compile threads were a large share of their CPU.
 */
public final class TestJvmFlags {

  private TestJvmFlags() {}

  /** The flags, split on white space; none where the build passes none (a run from an IDE). */
  public static List<String> all() {
    String flags = System.getProperty("kvbench.tests.jvm.flags", "").trim();
    return flags.isEmpty() ? List.of() : List.of(flags.split("\\s+"));
  }
}
