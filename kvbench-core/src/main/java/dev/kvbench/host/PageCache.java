package dev.kvbench.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The kernel's page cache, emptied on request: what a cold read pass starts from. */
public final class PageCache {

  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private PageCache() {}

  /** Why {@link #drop()} cannot work here, or null when it can: it needs root on Linux. */
  public static String unavailableReason() {
    if (!Files.exists(DROP_CACHES)) {
      return DROP_CACHES + " does not exist (not Linux): the page cache cannot be dropped here";
    }
    if (!Files.isWritable(DROP_CACHES)) {
      return "dropping the page cache writes " + DROP_CACHES + ", which needs root: run as root, or keep the"
          + " read cache warm";
    }
    return null;
  }

  /**
   * Writes every dirty page back ({@code sync}), then drops the clean page cache ({@code echo 1 >
   * /proc/sys/vm/drop_caches}); throws IllegalStateException naming what failed.
   */
  public static void drop() {
    try {
      Process sync = new ProcessBuilder("sync").redirectErrorStream(true).start();
      if (!sync.waitFor(5, TimeUnit.MINUTES) || sync.exitValue() != 0) {
        sync.destroyForcibly();
        throw new IllegalStateException("'sync' failed or took over 5 minutes before dropping the page cache");
      }
      Files.writeString(DROP_CACHES, "1");
    } catch (IOException e) {
      throw new IllegalStateException("could not drop the page cache (" + DROP_CACHES + "): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while dropping the page cache", e);
    }
  }
}
