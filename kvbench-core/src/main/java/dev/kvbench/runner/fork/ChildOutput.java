package dev.kvbench.runner.fork;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * What a forked cell's JVM prints (stdout and stderr together), read from its pipe as it comes and
 * kept in memory: the last lines, for a failed cell's reason and diagnostics, and on request
 * everything printed after a moment (a thread dump). Nothing goes to disk, so a full file system
 * neither loses it nor stalls the child.
 */
final class ChildOutput {

  /** Lines kept: enough for an OutOfMemoryError's or a store's last words, a few hundred KB at most. */
  static final int KEPT_LINES = 2000;

  private static final int MAX_CAPTURE_BYTES = 4 << 20;

  private final ArrayDeque<String> lines = new ArrayDeque<>();
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
  private ByteArrayOutputStream capture;
  private long received;

  private ChildOutput() {}

  /** Starts reading {@code in} on a daemon thread until it ends. */
  static ChildOutput drain(InputStream in) {
    ChildOutput out = new ChildOutput();
    Thread t = new Thread(() -> out.read(in), "kvbench-fork-output");
    t.setDaemon(true);
    t.start();
    return out;
  }

  private void read(InputStream in) {
    byte[] buffer = new byte[8192];
    try (in) {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        append(buffer, n);
      }
    } catch (IOException e) {
      // the child is gone
    }
  }

  private synchronized void append(byte[] bytes, int n) {
    received += n;
    if (capture != null && capture.size() < MAX_CAPTURE_BYTES) {
      capture.write(bytes, 0, Math.min(n, MAX_CAPTURE_BYTES - capture.size()));
    }
    for (int i = 0; i < n; i++) {
      if (bytes[i] == '\n') {
        keep(partial.toString(StandardCharsets.ISO_8859_1));
        partial.reset();
      } else if (partial.size() < 64 << 10) {
        partial.write(bytes[i]);
      }
    }
  }

  private void keep(String line) {
    if (lines.size() == KEPT_LINES) {
      lines.removeFirst();
    }
    lines.addLast(line);
  }

  /** The last {@code n} lines, an unfinished last line included. */
  synchronized List<String> tail(int n) {
    List<String> all = new java.util.ArrayList<>(lines);
    if (partial.size() > 0) {
      all.add(partial.toString(StandardCharsets.ISO_8859_1));
    }
    return List.copyOf(all.subList(Math.max(0, all.size() - n), all.size()));
  }

  /**
   * Runs {@code trigger} (a signal that makes the JVM print) and returns what the child printed
   * after it: waits up to ten seconds for the first bytes, then until nothing more came for half a
   * second (a loaded machine may print a long dump in bursts), ten seconds at most.
   */
  String printedAfter(Runnable trigger) throws InterruptedException {
    long before;
    synchronized (this) {
      capture = new ByteArrayOutputStream();
      before = received;
    }
    trigger.run();
    long until = System.nanoTime() + 10_000_000_000L;
    while (System.nanoTime() < until && receivedSince(before) == 0) {
      Thread.sleep(100);
    }
    long quietUntil = System.nanoTime() + 10_000_000_000L;
    for (long seen = -1; System.nanoTime() < quietUntil && receivedSince(before) != seen; ) {
      seen = receivedSince(before);
      Thread.sleep(500);
    }
    synchronized (this) {
      String text = capture.toString(StandardCharsets.ISO_8859_1);
      capture = null;
      return text;
    }
  }

  private synchronized long receivedSince(long mark) {
    return received - mark;
  }
}
