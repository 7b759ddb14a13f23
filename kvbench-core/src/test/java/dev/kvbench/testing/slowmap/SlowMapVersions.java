package dev.kvbench.testing.slowmap;

import dev.kvbench.testing.TestJars;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Builds the jars of the stand-in library {@code kvbenchtest.slowmap.SlowMap} at a version, for
 * tests of library versions and bisection: from {@link #REGRESSED} on, every put spends {@link
 * #DELAY_NANOS} of its thread's CPU time (a busy wait on the thread's CPU clock, so the cost is the
 * same on a loaded machine, where a wait on the wall clock shrinks in CPU time whenever the thread is
 * preempted); version {@link #OLD_API} lacks the method the adapter calls.
 */
public final class SlowMapVersions {

  /** The first version whose puts are slow. */
  public static final String REGRESSED = "1.5";

  /** A version whose API the adapter was not built for: it has no {@code onPut}. */
  public static final String OLD_API = "0.9";

  /** What each put of a regressed version costs: several times a put of the map itself. */
  public static final long DELAY_NANOS = 20_000;

  private SlowMapVersions() {}

  /** The library's jar at {@code version}, written into {@code dir}. */
  public static Path jar(Path dir, String version) {
    boolean slow = compare(version, REGRESSED) >= 0;
    String onPut = version.equals(OLD_API) ? "" : !slow ? """
          public static void onPut() {}
        """ : """
          private static final java.lang.management.ThreadMXBean THREADS =
              java.lang.management.ManagementFactory.getThreadMXBean();
          public static void onPut() {
            long until = THREADS.getCurrentThreadCpuTime() + %d;
            while (THREADS.getCurrentThreadCpuTime() < until) {
              Thread.onSpinWait();
            }
          }
        """.formatted(DELAY_NANOS);
    String source = """
        package kvbenchtest.slowmap;
        public final class SlowMap {
          private SlowMap() {}
          public static String version() { return "%s"; }
        %s
        }""".formatted(version, onPut);
    return TestJars.jar(dir.resolve("slowmap-" + version + ".jar"), Map.of("kvbenchtest.slowmap.SlowMap", source),
        Map.of(), List.of());
  }

  /** Compares dotted numeric versions such as 1.10 and 1.9 as numbers, part by part. */
  public static int compare(String a, String b) {
    String[] x = a.split("\\."), y = b.split("\\.");
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      int c = Integer.compare(i < x.length ? Integer.parseInt(x[i]) : 0, i < y.length ? Integer.parseInt(y[i]) : 0);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
