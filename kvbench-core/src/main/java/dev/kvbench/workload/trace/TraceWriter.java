package dev.kvbench.workload.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.store.ScanDirection;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.zip.CRC32;
import net.openhft.hashing.LongHashFunction;
import org.apiguardian.api.API;

/**
 * Writes a trace ({@link TraceFormat}), one record per call, from any thread (calls are serialised,
 * and each record's time is taken in turn, so times never go back). The records go to a temporary
 * file beside the target, which {@link #close} ends, forces to disk and renames to the target: a
 * trace at the target is whole. The first write that fails (a full disk) stops the recording, the
 * application's operations go on, and {@link #close} deletes the partial file and throws.
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public final class TraceWriter implements AutoCloseable {

  private final Path target;
  private final Path temp;
  private final FileChannel channel;
  private final OutputStream out;
  private final KeyMode keys;
  private final LongHashFunction pseudonyms;
  private final CRC32 crc = new CRC32();
  private final long startNanos;
  /** The clock of each operation's offset: nanoTime, or a generator's own for a trace it makes up. */
  private final java.util.function.LongSupplier clock;
  private byte[] scratch = new byte[256];
  private long lastNanos;
  private long records;
  private IOException failed;
  private boolean closed;

  private TraceWriter(Path target, KeyMode keys, long pseudonymSeed, String source,
      java.util.function.LongSupplier clock) throws IOException {
    this.target = target.toAbsolutePath();
    this.clock = clock;
    this.keys = keys;
    this.pseudonyms = LongHashFunction.xx3(pseudonymSeed);
    Path dir = this.target.getParent();
    Files.createDirectories(dir);
    // a new name of its own (not createTempFile's, which makes the file private): the trace gets the umask's mode
    this.temp = dir.resolve(this.target.getFileName() + "." + ProcessHandle.current().pid() + "-"
        + Long.toHexString(System.nanoTime()) + ".partial");
    this.channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
    this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
    TraceHeader header = new TraceHeader(TraceFormat.VERSION, Instant.now().toString(), keys.id(),
        TraceWriter.class.getPackage().getImplementationVersion() == null ? "dev"
            : TraceWriter.class.getPackage().getImplementationVersion(), source == null ? "" : source);
    byte[] json = new ObjectMapper().writeValueAsBytes(header);
    out.write(TraceFormat.MAGIC);
    out.write(new byte[] {(byte) (TraceFormat.VERSION >>> 8), (byte) TraceFormat.VERSION});
    out.write(ByteBuffer.allocate(4).putInt(json.length).array());
    out.write(json);
    this.startNanos = clock.getAsLong();
    this.lastNanos = startNanos;
  }

  /**
   * A trace to be written to {@code target} (whose folder is made), keeping each key as {@code keys}
   * says; {@code pseudonymSeed} seeds the pseudonyms (keep it to yourself: with it and a guess of a
   * key, the key can be checked); {@code source} says what is recorded.
   */
  public static TraceWriter create(Path target, KeyMode keys, long pseudonymSeed, String source) {
    return create(target, keys, pseudonymSeed, source, System::nanoTime);
  }

  /**
   * {@link #create(Path, KeyMode, long, String)} with each operation's time read from {@code clock}
   * (nanoseconds, never going back): for a generator that makes a trace up at a rate of its own.
   */
  public static TraceWriter create(Path target, KeyMode keys, long pseudonymSeed, String source,
      java.util.function.LongSupplier clock) {
    try {
      return new TraceWriter(target, keys, pseudonymSeed, source, clock);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the trace " + target + ": " + e.getMessage(), e);
    }
  }

  /** A trace of raw keys. */
  public static TraceWriter create(Path target, String source) {
    return create(target, KeyMode.RAW, 0, source);
  }

  /** What the trace keeps of each key. */
  public KeyMode keys() {
    return keys;
  }

  /** An operation without a key: a transaction's begin, commit, abort or end. */
  public void record(TraceKind kind, int session) {
    write(kind, session, null, 0, null, null, 0);
  }

  /** A put of {@code value}'s size and class under {@code key}. */
  public void put(int session, ByteBuffer key, ByteBuffer value) {
    write(TraceKind.PUT, session, key, value.remaining(), ValueClass.of(value), null, 0);
  }

  /** A delete of {@code key}. */
  public void delete(int session, ByteBuffer key) {
    write(TraceKind.DELETE, session, key, 0, null, null, 0);
  }

  /** A get of {@code key} ({@code kind} GET or WRITE_GET) that found {@code found}, or null. */
  public void get(TraceKind kind, int session, ByteBuffer key, ByteBuffer found) {
    write(kind, session, key, found == null ? TraceOp.MISSING : found.remaining(), null, null, 0);
  }

  /** A scan of the whole store that visited {@code entries}. */
  public void scan(int session, ScanDirection direction, long entries) {
    write(TraceKind.SCAN, session, null, 0, null, direction, entries);
  }

  /** A scan from {@code start} that visited {@code entries}. */
  public void scanFrom(int session, ByteBuffer start, ScanDirection direction, long entries) {
    write(TraceKind.SCAN_FROM, session, start, 0, null, direction, entries);
  }

  /** How many operations were written so far. */
  public synchronized long records() {
    return records;
  }

  private synchronized void write(TraceKind kind, int session, ByteBuffer key, int valueSize, ValueClass valueClass,
      ScanDirection direction, long entries) {
    if (failed != null || closed) {
      return;
    }
    int keyLength = key == null ? 0 : key.remaining();
    int room = 3 * TraceFormat.MAX_VARINT_BYTES + 4 + (keyLength + TraceFormat.MAX_VARINT_BYTES) + 2 * 10;
    if (scratch.length < room) {
      scratch = new byte[Math.max(room, 2 * scratch.length)];
    }
    long now = clock.getAsLong();
    int at = 0;
    scratch[at++] = (byte) kind.code();
    at = TraceFormat.putVarLong(scratch, at, session);
    at = TraceFormat.putVarLong(scratch, at, Math.max(0, now - lastNanos));
    lastNanos = Math.max(lastNanos, now);
    if (kind.keyed()) {
      at = TraceFormat.putVarLong(scratch, at, keyLength);
      if (keys == KeyMode.RAW) {
        key.get(key.position(), scratch, at, keyLength);
        at += keyLength;
      } else {
        long p = pseudonyms.hashBytes(key);
        for (int i = 0; i < TraceFormat.PSEUDONYM_BYTES; i++) {
          scratch[at++] = (byte) (p >>> (56 - 8 * i));
        }
      }
    }
    switch (kind) {
      case PUT -> {
        at = TraceFormat.putVarLong(scratch, at, valueSize);
        scratch[at++] = (byte) valueClass.code();
      }
      case GET, WRITE_GET -> at = TraceFormat.putVarLong(scratch, at, valueSize + 1L);
      case SCAN, SCAN_FROM -> {
        scratch[at++] = (byte) (direction == ScanDirection.FORWARD ? 0 : 1);
        at = TraceFormat.putVarLong(scratch, at, entries);
      }
      default -> {
        // nothing more
      }
    }
    try {
      out.write(scratch, 0, at);
      crc.update(scratch, 0, at);
      records++;
    } catch (IOException e) {
      failed = e; // the application goes on; close says the trace was not kept
    }
  }

  /**
   * Ends the trace, forces it to disk and moves it to the target. Throws, having deleted the partial
   * file, where a write failed: a trace with operations missing is no trace.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (failed == null) {
        byte[] end = new byte[1 + TraceFormat.MAX_VARINT_BYTES + 4];
        end[0] = (byte) TraceFormat.END;
        int at = TraceFormat.putVarLong(end, 1, records);
        long sum = crc.getValue();
        for (int i = 0; i < 4; i++) {
          end[at++] = (byte) (sum >>> (24 - 8 * i));
        }
        out.write(end, 0, at);
        out.flush();
        channel.force(true);
      }
    } catch (IOException e) {
      failed = e;
    } finally {
      try {
        out.close();
      } catch (IOException e) {
        failed = failed == null ? e : failed;
      }
    }
    try {
      if (failed != null) {
        Files.deleteIfExists(temp);
        throw new UncheckedIOException("the trace " + target + " was not kept: writing it failed after " + records
            + " operations (" + failed.getMessage() + "); the partial file is deleted", failed);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("the trace " + target + " was written to " + temp + " but could not be moved"
          + " into place: " + e.getMessage(), e);
    }
  }
}
