package dev.kvbench.durability;

import java.util.Arrays;
import java.util.Locale;

/** How the writer dies. */
public enum CrashKind {
  /**
   * SIGKILL: the process ends at once, but the kernel keeps its page cache, so whatever the store
   * handed the kernel survives, synced or not.
   */
  PROCESS,
  /**
   * SIGKILL, then the device as it stood: the store lives on a loop-mounted ext4 file system whose
   * backing file is copied at once, before the kernel writes the cache back, and the copy is
   * mounted (journal replayed) for the check. Only what was synced, or happened to be written back,
   * survives: a power cut. Needs root and loop devices.
   */
  POWER;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static CrashKind fromId(String id) {
    return Arrays.stream(values()).filter(k -> k.id().equals(id)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("unknown crash '" + id + "': use process or power"));
  }
}
