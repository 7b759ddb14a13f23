package dev.kvbench.workload.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;

/**
 * A buffered stream without BufferedInputStream's lock on every read: a trace is read a byte at a
 * time by one thread, and the lock cost a replay about a fifth of its time per operation.
 */
final class TraceInput extends InputStream {
  private final InputStream source;
  // read in place by TraceReader where a record is whole in it
  final byte[] buffer = new byte[1 << 18];
  int position;
  int limit;
  /** The file's bytes before the buffer's first. */
  private long bufferStart;
  /** The records' checksum, taken over the buffer in runs: at each refill and at the end record. */
  private final CRC32 crc;
  private int checksummedTo;
  private boolean checksumming;

  TraceInput(InputStream source, CRC32 crc) {
    this.source = source;
    this.crc = crc;
  }

  /** Starts the checksum at the next byte read: the records' first. */
  void startChecksum() {
    checksummedTo = position;
    checksumming = true;
  }

  /**
   * Ends the checksum before the byte just read (the end record's code): the records' checksum is
   * taken over the buffer when it is refilled and here, never per record (a CRC32 call for each
   * few-byte record was half a replay's time).
   */
  void stopChecksumBeforeLastByte() {
    if (checksumming) {
      crc.update(buffer, checksummedTo, position - 1 - checksummedTo);
    }
    checksumming = false;
  }

  private boolean fill() throws IOException {
    if (position < limit) {
      return true;
    }
    if (checksumming) {
      crc.update(buffer, checksummedTo, limit - checksummedTo);
    }
    bufferStart += limit;
    int n = source.read(buffer);
    checksummedTo = 0;
    position = 0;
    limit = Math.max(n, 0);
    return n > 0;
  }

  /** The file's byte the next read begins at. */
  long offset() {
    return bufferStart + position;
  }

  @Override
  public int read() throws IOException {
    return fill() ? buffer[position++] & 0xFF : -1;
  }

  @Override
  public int read(byte[] into, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (!fill()) {
      return -1;
    }
    int n = Math.min(len, limit - position);
    System.arraycopy(buffer, position, into, off, n);
    position += n;
    return n;
  }

  @Override
  public void close() throws IOException {
    source.close();
  }
}
