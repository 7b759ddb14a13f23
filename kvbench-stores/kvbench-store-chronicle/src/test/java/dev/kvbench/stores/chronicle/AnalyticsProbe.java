package dev.kvbench.stores.chronicle;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import net.openhft.chronicle.core.analytics.AnalyticsFacade;

/**
 * Runs in a child JVM started by {@link ChronicleAnalyticsTest}, without JUnit on the class path
 * and without the kill switch on the command line, with a throw-away user.home.
 *
 * <p>{@code store DIR}: finds chronicle-map through ServiceLoader, as kvbench does, and writes and
 * reads a small map. {@code control}: builds Chronicle's analytics client directly, without
 * kvbench, and sends nothing: it shows what this setup records when nothing turns analytics off.
 */
public final class AnalyticsProbe {

  private AnalyticsProbe() {}

  public static void main(String[] args) {
    if (System.getProperty(ChronicleMapProvider.ANALYTICS_KILL_SWITCH) != null) {
      throw new IllegalStateException("the kill switch is already set: this run would prove nothing");
    }
    for (String junit : new String[] {"org.junit.jupiter.api.Test", "org.junit.Test"}) {
      // Chronicle mutes its analytics by itself when it sees JUnit, which would prove nothing
      if (Thread.currentThread().getContextClassLoader().getResource(junit.replace('.', '/') + ".class") != null) {
        throw new IllegalStateException(junit + " is on the class path: Chronicle would mute itself");
      }
    }
    if (args[0].equals("control")) {
      System.out.println("analyticsEnabled=" + AnalyticsFacade.isEnabled());
      // building the client writes its id file; no event is sent
      AnalyticsFacade.standardBuilder("G-KVBENCHTEST", "none", "0").build();
      return;
    }
    StoreProvider provider = StoreRegistry.load().require("chronicle-map");
    StoreSettings settings = StoreSettings.defaults(provider.id(), provider.settings());
    ByteBuffer key = ByteBuffer.allocateDirect(4);
    ByteBuffer value = ByteBuffer.allocateDirect(8);
    try (Store store = provider.open(
            new StoreConfig(Path.of(args[1]), settings, Durability.NOSYNC, new WorkloadSizing(100, 4, 8)));
        Session session = store.openSession()) {
      try (Writer w = session.beginWrite(WriteOrder.ANY)) {
        for (int i = 0; i < 100; i++) {
          w.put(key.putInt(0, i), value.putLong(0, i * 7L));
        }
        w.commit();
      }
      try (Reader r = session.beginRead()) {
        for (int i = 0; i < 100; i++) {
          ByteBuffer v = r.get(key.putInt(0, i));
          if (v == null || v.getLong(v.position()) != i * 7L) {
            throw new IllegalStateException("key " + i + " did not read back");
          }
        }
      }
    }
    System.out.println("killSwitch=" + System.getProperty(ChronicleMapProvider.ANALYTICS_KILL_SWITCH));
    System.out.println("analyticsEnabled=" + AnalyticsFacade.isEnabled());
  }
}
