package dev.kvbench.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.kvbench.host.HostFiles;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a cell's JVM holds in memory at one moment, broken down: the heap after a full collection
 * (what the store and the harness keep live, not garbage yet to be collected), the JVM's direct
 * and mapped buffer pools, the process's resident memory split into anonymous (heap, native
 * allocations, the JVM itself) and file-backed (mapped files: an LMDB map, the JVM's own jars),
 * the JVM's native memory where Native Memory Tracking is on, and what the store says its own
 * caches and buffers hold. Taken between phases, never inside a timed pass.
 *
 * @param heapUsedBytes heap in use after a full collection
 * @param heapCommittedBytes heap the JVM has taken from the OS
 * @param directBufferBytes direct ByteBuffers ({@code BufferPoolMXBean} "direct")
 * @param mappedBufferBytes mapped ByteBuffers ({@code BufferPoolMXBean} "mapped"): mapped by Java;
 *     a native library's own mmap (LMDB through JNI) shows in {@code fileRssBytes} only
 * @param anonymousRssBytes resident anonymous memory ({@code Anonymous} of /proc/self/smaps_rollup),
 *     or null where Linux does not say
 * @param fileRssBytes resident file-backed memory ({@code Rss} less {@code Anonymous}), or null
 * @param nativeCommittedBytes the JVM's committed memory by Native Memory Tracking's summary
 *     (heap, classes, threads, code, GC, internal, other), or null where tracking is off
 * @param store the store's own figures (cache, write buffers), by the names the store gives them;
 *     empty where it reports none
 * @param pageCacheBytes the page cache charged to the memory cgroup the JVM runs in under a limit
 *     ({@code --memory-limit}): the pages of the store's files it read or wrote, mapped or not; null
 *     where the JVM runs in no limited cgroup (the host's page cache is not the cell's alone)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MemoryFootprint(long heapUsedBytes, long heapCommittedBytes, long directBufferBytes,
    long mappedBufferBytes, Long anonymousRssBytes, Long fileRssBytes, Long nativeCommittedBytes,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> store, Long pageCacheBytes) {

  private static final Pattern NMT_TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");

  /** A footprint of a JVM in no limited cgroup. */
  public MemoryFootprint(long heapUsedBytes, long heapCommittedBytes, long directBufferBytes, long mappedBufferBytes,
      Long anonymousRssBytes, Long fileRssBytes, Long nativeCommittedBytes, Map<String, Long> store) {
    this(heapUsedBytes, heapCommittedBytes, directBufferBytes, mappedBufferBytes, anonymousRssBytes, fileRssBytes,
        nativeCommittedBytes, store, null);
  }

  public MemoryFootprint {
    // in the order the store gives them: its own names, grouped as it groups them
    store = store == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(store));
  }

  /**
   * This JVM's footprint now, after a full collection; {@code storeReported} is what the open store
   * says it holds ({@link dev.kvbench.store.Store#memoryUsage}).
   */
  public static MemoryFootprint now(HostFiles files, Map<String, Long> storeReported) {
    // a full collection first: heap in use is then what is live, comparable between stores and runs
    System.gc();
    var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    long direct = 0;
    long mapped = 0;
    for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (pool.getName().equals("direct")) {
        direct = pool.getMemoryUsed();
      } else if (pool.getName().equals("mapped")) {
        mapped = pool.getMemoryUsed();
      }
    }
    List<String> rollup = files.lines("/proc/self/smaps_rollup");
    OptionalLong rss = HostFiles.numberAfter(rollup, "Rss:");
    OptionalLong anonymous = HostFiles.numberAfter(rollup, "Anonymous:");
    Long anonymousBytes = anonymous.isPresent() ? anonymous.getAsLong() * 1024 : null;
    Long fileBytes = rss.isPresent() && anonymous.isPresent() ? (rss.getAsLong() - anonymous.getAsLong()) * 1024 : null;
    Long pageCache = dev.kvbench.host.MemoryCgroup.ofProcess(files).filter(c -> c.limitBytes().isPresent())
        .map(c -> c.pageCacheBytes()).filter(b -> b >= 0).orElse(null);
    return new MemoryFootprint(heap.getUsed(), heap.getCommitted(), direct, mapped, anonymousBytes, fileBytes,
        nativeCommitted(), storeReported, pageCache);
  }

  /** The committed total of Native Memory Tracking's summary, or null where tracking is off or unreadable. */
  static Long nativeCommitted() {
    try {
      Object out = ManagementFactory.getPlatformMBeanServer().invoke(
          new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
          new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
      return out == null ? null : nmtCommittedBytes(out.toString());
    } catch (javax.management.JMException | RuntimeException e) {
      return null;
    }
  }

  /** The committed total in bytes of a {@code VM.native_memory summary}, or null where it has none. */
  static Long nmtCommittedBytes(String summary) {
    Matcher m = NMT_TOTAL.matcher(summary);
    return m.find() ? Long.parseLong(m.group(2)) * 1024 : null;
  }
}
