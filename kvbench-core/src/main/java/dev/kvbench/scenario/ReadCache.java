package dev.kvbench.scenario;

import java.util.Arrays;
import java.util.Locale;

/**
 * The page cache a measured read pass starts with. {@link #WARM} leaves it as the load and the
 * warm-up passes left it, as the seeds did; {@link #COLD} writes dirty pages back and drops the
 * clean ones (root's {@code /proc/sys/vm/drop_caches}) before each measured read pass, untimed,
 * so the pass's read bytes say what the store reads from the device. Pages a store has mapped
 * stay cached whatever is dropped: an mmap store's cold pass is only as cold as the kernel lets it
 * be.
 */
public enum ReadCache {
  WARM,
  COLD;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static ReadCache fromId(String id) {
    return Arrays.stream(values()).filter(c -> c.id().equals(id)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("unknown read cache '" + id + "': use warm or cold"));
  }
}
