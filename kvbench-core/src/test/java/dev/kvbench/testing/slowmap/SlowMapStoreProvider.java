package dev.kvbench.testing.slowmap;

import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.SortedMapStoreProvider;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kvbenchtest.slowmap.SlowMap;

/**
 * The adapter of the stand-in library {@link SlowMap}: the sorted-map test store, calling {@code
 * SlowMap.onPut()} on every put and reporting the library's own idea of its version. Its package
 * holds only it, as a store module's does, so a cell's library loader defines it over the version
 * a cell asks for.
 */
public final class SlowMapStoreProvider extends SortedMapStoreProvider {

  @Override
  public String id() {
    return "slowmap";
  }

  @Override
  public String library() {
    return "org.example.kvbench:slowmap";
  }

  @Override
  public String libraryVersion() {
    return "bundled";
  }

  @Override
  public List<String> versionedArtifacts() {
    return List.of(library());
  }

  @Override
  public String supportedVersions() {
    return "[0.9,2.0)";
  }

  @Override
  public Store open(StoreConfig config) {
    return new SlowMapStore(id(), config.directory());
  }

  private static final class SlowMapStore extends SortedMapStore {
    SlowMapStore(String id, Path directory) {
      super(id, directory, true);
    }

    @Override
    public Map<String, Object> nativeSettings() {
      Map<String, Object> m = new LinkedHashMap<>(super.nativeSettings());
      m.put("slowMapVersion", SlowMap.version());
      return m;
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      Writer inner = super.beginWrite(order);
      return new Writer() {
        @Override
        public void put(ByteBuffer key, ByteBuffer value) {
          SlowMap.onPut();
          inner.put(key, value);
        }

        @Override
        public void delete(ByteBuffer key) {
          inner.delete(key);
        }

        @Override
        public ByteBuffer get(ByteBuffer key) {
          return inner.get(key);
        }

        @Override
        public void commit() {
          inner.commit();
        }

        @Override
        public void close() {
          inner.close();
        }
      };
    }
  }
}
