package dev.kvbench.testing;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A test-only store for the crash test: each commit appends one checksummed record to a journal
 * file (forced to the device for sync), and opening replays the whole records. Its {@code fault}
 * setting makes it break its promise on purpose, so the crash test can show it catches that:
 * {@code drop} acknowledges every third commit without writing it, {@code tear} writes every third
 * commit with one value's last byte changed.
 */
public class JournalStoreProvider implements StoreProvider {

  @Override
  public String id() {
    return "test-journal";
  }

  @Override
  public String library() {
    return "kvbench tests";
  }

  @Override
  public String libraryVersion() {
    return "1";
  }

  @Override
  public Capabilities capabilities() {
    return new Capabilities(false, false, true, true, EnumSet.allOf(Durability.class), false, true, 64, 1 << 16);
  }

  @Override
  public List<SettingSpec> settings() {
    return List.of(SettingSpec.choice("fault", "none", "none, drop (every third commit), tear (every third) or"
        + " slow-first (the first commit takes a second, as on a busy host)", "none", "drop", "tear", "slow-first"));
  }

  @Override
  public Store open(StoreConfig config) {
    try {
      return new JournalStore(config.directory().resolve("journal"), config.durability() == Durability.SYNC,
          config.settings().getString("fault"));
    } catch (IOException e) {
      throw new StoreException("test-journal: " + e.getMessage(), e);
    }
  }

  static final class JournalStore implements Store, Session {
    private final Map<ByteBuffer, byte[]> map = new HashMap<>();
    private final FileChannel journal;
    private final boolean sync;
    private final String fault;
    private long commits;

    JournalStore(Path file, boolean sync, String fault) throws IOException {
      this.sync = sync;
      this.fault = fault;
      if (Files.exists(file)) {
        replay(ByteBuffer.wrap(Files.readAllBytes(file)));
      }
      journal = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.APPEND);
    }

    /** Applies every whole record; a torn tail (a crash in the middle of an append) is ignored. */
    private void replay(ByteBuffer in) {
      while (in.remaining() >= 4) {
        int length = in.getInt();
        if (length < 0 || in.remaining() < length + 8) {
          return;
        }
        byte[] payload = new byte[length];
        in.get(payload);
        CRC32 crc = new CRC32();
        crc.update(payload);
        if (in.getLong() != crc.getValue()) {
          return;
        }
        ByteBuffer p = ByteBuffer.wrap(payload);
        while (p.hasRemaining()) {
          byte[] k = new byte[p.getInt()];
          p.get(k);
          byte[] v = new byte[p.getInt()];
          p.get(v);
          map.put(ByteBuffer.wrap(k), v);
        }
      }
    }

    @Override
    public Session openSession() {
      return this;
    }

    @Override
    public Map<String, Object> nativeSettings() {
      return Map.of("fault", fault, "fsyncPerCommit", sync);
    }

    @Override
    public void close() {
      try {
        journal.close();
      } catch (IOException e) {
        throw new StoreException("test-journal: " + e.getMessage(), e);
      }
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new Writer() {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(bytes);
        private final Map<ByteBuffer, byte[]> pending = new HashMap<>();

        @Override
        public void put(ByteBuffer key, ByteBuffer value) {
          byte[] k = Writer.copyOf(key);
          byte[] v = Writer.copyOf(value);
          pending.put(ByteBuffer.wrap(k), v);
          try {
            out.writeInt(k.length);
            out.write(k);
            out.writeInt(v.length);
            out.write(v);
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        }

        @Override
        public void commit() {
          commits++;
          if (commits == 1 && fault.equals("slow-first")) {
            try {
              Thread.sleep(1000);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          byte[] payload = bytes.toByteArray();
          boolean faulty = commits % 3 == 0;
          if (faulty && fault.equals("tear")) {
            payload[payload.length - 1] ^= 0x5A;
          }
          if (!(faulty && fault.equals("drop"))) {
            CRC32 crc = new CRC32();
            crc.update(payload);
            ByteBuffer record = ByteBuffer.allocate(payload.length + 12);
            record.putInt(payload.length).put(payload).putLong(crc.getValue()).flip();
            try {
              while (record.hasRemaining()) {
                journal.write(record);
              }
              if (sync) {
                journal.force(false);
              }
            } catch (IOException e) {
              throw new StoreException("test-journal: " + e.getMessage(), e);
            }
          }
          map.putAll(pending);
          pending.clear();
          bytes.reset();
        }

        @Override
        public void close() {}
      };
    }

    @Override
    public Reader beginRead() {
      return new Reader() {
        @Override
        public ByteBuffer get(ByteBuffer key) {
          byte[] v = map.get(key);
          return v == null ? null : ByteBuffer.wrap(v).asReadOnlyBuffer();
        }

        @Override
        public long scan(ScanDirection direction, EntryVisitor visitor) {
          throw new UnsupportedOperationException("test-journal has no cursor");
        }

        @Override
        public void close() {}
      };
    }
  }
}
