package dev.kvbench.testing;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyEncoding;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs in a fresh JVM for {@link StoreContractTest}: opens a store found by ServiceLoader, writes,
 * reads and closes it, then prints whatever is left in java.io.tmpdir, user.home and the working
 * directory while the JVM still runs (deleteOnExit would hide it after).
 *
 * <p>Arguments: store id, store directory, then settings as key=value.
 */
public final class LeftoverProbe {

  private LeftoverProbe() {}

  public static void main(String[] args) throws IOException {
    StoreProvider p = StoreRegistry.load().require(args[0]);
    if (!p.availability().available()) {
      throw new IllegalStateException(p.availability().reason());
    }
    Map<String, String> given = new HashMap<>();
    for (int i = 2; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      given.put(kv[0], kv[1]);
    }
    StoreSettings settings = StoreSettings.resolve(p.id(), p.settings(), given);
    int entries = 100;
    try (Store store = p.open(new StoreConfig(Path.of(args[1]), settings, Durability.NOSYNC,
            new WorkloadSizing(entries, 4, 16)));
        Session session = store.openSession()) {
      try (Writer w = session.beginWrite(WriteOrder.ASCENDING)) {
        for (int i = 0; i < entries; i++) {
          w.put(KeyEncoding.INT.keyOf(i), ByteBuffer.allocateDirect(16).putInt(0, i));
        }
        w.commit();
      }
      try (Reader r = session.beginRead()) {
        ByteBuffer v = r.get(KeyEncoding.INT.keyOf(42));
        if (v == null && p.capabilities().retainsData()) {
          throw new IllegalStateException("key 42 not found");
        }
        if (p.capabilities().orderedScan()) {
          r.scan(ScanDirection.FORWARD, (k, value) -> true);
        }
      }
    }
    for (String dir : List.of("java.io.tmpdir", "user.home", "user.dir")) {
      for (Path left : listing(Path.of(System.getProperty(dir)))) {
        System.out.println("left behind: " + left);
      }
    }
    System.out.println("probe ok");
  }

  static List<Path> listing(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(p -> !p.equals(dir)).toList();
    }
  }
}
