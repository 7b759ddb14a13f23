package kvbenchtest.slowmap;

/**
 * A stand-in for a store library whose versions tests publish to a temporary repository ({@link
 * dev.kvbench.testing.slowmap.SlowMapVersions}): each version says which it is, and versions from
 * 1.5 on spend time in every put, a planted regression. This copy is the "bundled" one. Its
 * package is outside {@code dev.kvbench}, as a real library's is, so a cell's library loader takes
 * it from the version's jar.
 */
public final class SlowMap {

  private SlowMap() {}

  public static String version() {
    return "bundled";
  }

  /** Called by the adapter on every put. */
  public static void onPut() {}
}
