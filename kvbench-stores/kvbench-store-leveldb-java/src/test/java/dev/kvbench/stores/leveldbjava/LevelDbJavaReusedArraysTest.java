package dev.kvbench.stores.leveldbjava;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.Availability;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Reader;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.StoreContractTest;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;
import org.iq80.leveldb.impl.Iq80DBFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * iq80 keeps the arrays handed to put. These tests show the library does, and that the shared
 * contract test catches an adapter that reuses its arrays while this adapter passes it.
 */
class LevelDbJavaReusedArraysTest {

  @TempDir Path temp;

  @Test
  void iq80KeepsTheArraysItIsGiven() throws IOException {
    byte[] key = new byte[4];
    byte[] value = new byte[4];
    try (DB db = Iq80DBFactory.factory.open(temp.toFile(), new Options().createIfMissing(true))) {
      try (WriteBatch batch = db.createWriteBatch()) {
        for (byte i = 0; i < 3; i++) {
          key[3] = i;
          value[0] = i;
          batch.put(key, value);
        }
        db.write(batch);
      }
      // every stored entry now points at the arrays' last contents: keys 0 and 1 are gone
      assertThat(db.get(new byte[] {0, 0, 0, 0})).isNull();
      assertThat(db.get(new byte[] {0, 0, 0, 1})).isNull();
      assertThat(db.get(new byte[] {0, 0, 0, 2})).containsExactly(2, 0, 0, 0);
    }
  }

  @Test
  void contractTestCatchesAnAdapterThatReusesArrays() throws Exception {
    Method reuseCheck = StoreContractTest.class.getDeclaredMethod("reusedBuffersAreCopiedAndLeftAsTheyWere");
    reuseCheck.setAccessible(true);

    reuseCheck.invoke(contractTest(new LevelDbJavaProvider(), Files.createDirectories(temp.resolve("adapter"))));

    StoreContractTest broken = contractTest(new ReusingArraysProvider(), Files.createDirectories(temp.resolve("broken")));
    assertThatThrownBy(() -> reuseCheck.invoke(broken))
        .isInstanceOf(InvocationTargetException.class)
        .cause()
        .isInstanceOf(AssertionError.class);
  }

  private static StoreContractTest contractTest(StoreProvider provider, Path dir) {
    return new StoreContractTest() {
      {
        temp = dir;
      }

      @Override
      protected StoreProvider provider() {
        return provider;
      }
    };
  }

  /**
   * The adapter with its writer swapped for one that reuses a key array and a value array, the
   * mistake the seeds' own LevelDB code would make with iq80. Reads go through the adapter.
   */
  private static final class ReusingArraysProvider implements StoreProvider {
    private final LevelDbJavaProvider real = new LevelDbJavaProvider();

    @Override
    public String id() {
      return real.id();
    }

    @Override
    public String library() {
      return real.library();
    }

    @Override
    public String libraryVersion() {
      return real.libraryVersion();
    }

    @Override
    public Capabilities capabilities() {
      return real.capabilities();
    }

    @Override
    public List<SettingSpec> settings() {
      return real.settings();
    }

    @Override
    public Availability availability() {
      return real.availability();
    }

    @Override
    public Store open(StoreConfig config) {
      LevelDbJavaStore store = (LevelDbJavaStore) real.open(config);
      return new Store() {
        @Override
        public Session openSession() {
          Session session = store.openSession();
          return new Session() {
            @Override
            public Writer beginWrite(WriteOrder order) {
              return new ReusingWriter(store.db(), store.writeOptions());
            }

            @Override
            public Reader beginRead() {
              return session.beginRead();
            }

            @Override
            public void close() {
              session.close();
            }
          };
        }

        @Override
        public Map<String, Object> nativeSettings() {
          return store.nativeSettings();
        }

        @Override
        public void close() {
          store.close();
        }
      };
    }
  }

  /** Copies the harness's bytes, but always into the same two arrays: the bug. */
  private static final class ReusingWriter implements Writer {
    private final DB db;
    private final WriteOptions options;
    private WriteBatch batch;
    private byte[] key = new byte[0];
    private byte[] value = new byte[0];

    ReusingWriter(DB db, WriteOptions options) {
      this.db = db;
      this.options = options;
      this.batch = db.createWriteBatch();
    }

    @Override
    public void put(ByteBuffer k, ByteBuffer v) {
      key = k.remaining() == key.length ? key : new byte[k.remaining()];
      value = v.remaining() == value.length ? value : new byte[v.remaining()];
      k.get(k.position(), key);
      v.get(v.position(), value);
      batch.put(key, value);
    }

    @Override
    public void commit() {
      db.write(batch, options);
      close();
      batch = db.createWriteBatch();
    }

    @Override
    public void close() {
      try {
        batch.close();
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
