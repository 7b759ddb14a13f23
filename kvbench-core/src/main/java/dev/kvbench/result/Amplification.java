package dev.kvbench.result;

import dev.kvbench.measure.IoBytes;

/**
 * Bytes the process made storage move during a measured pass against the bytes the workload
 * itself put or got: write amplification for write passes, read amplification for read passes.
 * The device bytes are /proc/self/io's, counted when a page is dirtied or fetched, so a tmpfs work
 * directory (no device under it) gives 0; a page already cached costs no read, so a warm read pass
 * says what the cache saved, a cold one ({@code --drop-caches}) what the store reads.
 *
 * @param direction what was measured: {@code write} or {@code read}
 * @param workloadBytes keys and values the pass put, or the values (and, for scans, keys) it got
 * @param deviceBytes write_bytes or read_bytes of the pass
 * @param factor deviceBytes / workloadBytes
 */
public record Amplification(Direction direction, long workloadBytes, long deviceBytes, double factor) {

  /** Bytes the device wrote against those the workload put, or read against those it got. */
  public enum Direction { WRITE, READ }

  /** The amplification of {@code pass}, whose ops each put or got {@code bytesPerOp}; null without its I/O. */
  public static Amplification of(Direction direction, PassResult pass, long bytesPerOp) {
    return ofBytes(direction, pass, pass.ops() * bytesPerOp);
  }

  /**
   * The amplification of {@code pass}, whose ops put or got {@code workload} bytes in all (a mixed
   * workload's puts or reads); null without its I/O or workload.
   */
  public static Amplification ofBytes(Direction direction, PassResult pass, long workload) {
    IoBytes io = pass.io();
    if (io == null || workload <= 0) {
      return null;
    }
    long device = direction == Direction.WRITE ? io.writeBytes() : io.readBytes();
    return new Amplification(direction, workload, device, (double) device / workload);
  }
}
