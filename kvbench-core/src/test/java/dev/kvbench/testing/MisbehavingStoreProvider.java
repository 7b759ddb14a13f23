package dev.kvbench.testing;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;

/**
 * A test-only store that fails on purpose when it opens its store, in the ways a real store can
 * take a JVM down: a native crash, SIGKILL, a hang, running out of heap, or exiting; or when it
 * closes, as a store whose last flush finds the disk full. Otherwise it is the sorted-map store. Registered for the core tests' forked cells; never in kvbench.jar.
 */
public final class MisbehavingStoreProvider extends SortedMapStoreProvider {

  @Override
  public String id() {
    return "misbehaving";
  }

  @Override
  public Capabilities capabilities() {
    // no sync: so a matrix with sync has a combination this store cannot honour
    return new Capabilities(true, true, true, true, EnumSet.of(Durability.NOSYNC, Durability.LAZY), false, true, 4096,
        1 << 20);
  }

  @Override
  public List<SettingSpec> settings() {
    return List.of(
        SettingSpec.bool("ordered", true, "false hides the cursors"),
        SettingSpec.choice("failure", "none", "how to fail as the store opens (close: as it closes, its last"
            + " flush finding the disk full)", "none", "segv", "kill", "hang", "oom", "exit", "interrupt",
            "close", "hog"));
  }

  @Override
  public Store open(StoreConfig config) {
    switch (config.settings().getString("failure")) {
      case "segv" -> segv();
      case "kill" -> signal("-9");
      case "interrupt" -> signal("-INT");
      case "hang" -> hang();
      case "oom" -> exhaustHeap();
      case "hog" -> touchNativeMemory();
      case "exit" -> Runtime.getRuntime().halt(42);
      case "close" -> {
        // only the loaded store, the one the read phases read, fails to close: as a big store's last flush
        // finds the disk full where the smaller warm-up stores' did not
        return new SortedMapStore(id(), config.directory(), config.settings().getBoolean("ordered")) {
          private volatile boolean read;

          @Override
          protected byte[] read(byte[] key, byte[] stored) {
            read = true;
            return stored;
          }

          @Override
          public void close() {
            super.close();
            if (read) {
              throw new dev.kvbench.store.StoreException("misbehaving: close (flushing; the data was not kept)"
                  + " failed: No space left on device");
            }
          }
        };
      }
      default -> { }
    }
    return super.open(config);
  }

  /** A native crash: a write through a null address, as a store's native code would make it. */
  private static void segv() {
    try {
      var field = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
      field.setAccessible(true);
      Object unsafe = field.get(null);
      unsafe.getClass().getMethod("putAddress", long.class, long.class).invoke(unsafe, 0L, 42L);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot reach Unsafe to crash on purpose", e);
    }
  }

  private static void signal(String signal) {
    try {
      new ProcessBuilder("kill", signal, Long.toString(ProcessHandle.current().pid())).start().waitFor();
      Thread.sleep(10_000);
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void hang() {
    try {
      Thread.sleep(Long.MAX_VALUE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Allocates native memory outside the heap and touches every page, as a store's own cache would,
   * until a memory limit's OOM killer ends the JVM; gives up at 4 GiB, so that without a limit it
   * fails its cell rather than the machine.
   */
  private static void touchNativeMemory() {
    try {
      var field = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
      field.setAccessible(true);
      Object unsafe = field.get(null);
      var allocate = unsafe.getClass().getMethod("allocateMemory", long.class);
      var set = unsafe.getClass().getMethod("setMemory", long.class, long.class, byte.class);
      long chunk = 16L << 20;
      for (long total = 0; total < (4L << 30); total += chunk) {
        long address = (long) allocate.invoke(unsafe, chunk);
        set.invoke(unsafe, address, chunk, (byte) 1);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot reach Unsafe to allocate native memory on purpose", e);
    }
    throw new IllegalStateException("misbehaving: 4 GiB of native memory touched and nothing stopped it");
  }

  @SuppressWarnings("MismatchedQueryAndUpdateOfCollection")
  private static void exhaustHeap() {
    List<long[]> hog = new java.util.ArrayList<>();
    while (true) {
      hog.add(new long[1 << 20]);
    }
  }
}
