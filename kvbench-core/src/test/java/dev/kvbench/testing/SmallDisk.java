package dev.kvbench.testing;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted for one test, to fill on purpose: a full disk, exactly when the test says.
 * Mounting needs root; without it the test is skipped (assumption), never failed.
 */
public final class SmallDisk implements AutoCloseable {

  private final Path mountPoint;

  private SmallDisk(Path mountPoint) {
    this.mountPoint = mountPoint;
  }

  /** Mounts a tmpfs of {@code size} (as mount takes it: 4m, 512k) at {@code dir}, made if needed. */
  public static SmallDisk mount(Path dir, String size) throws IOException, InterruptedException {
    return mount(dir, size, false);
  }

  /** A read-only tmpfs: no one, root included, can write there. */
  public static SmallDisk mountReadOnly(Path dir) throws IOException, InterruptedException {
    return mount(dir, "1m", true);
  }

  private static SmallDisk mount(Path dir, String size, boolean readOnly) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size + (readOnly ? ",ro" : ""), "tmpfs",
        dir.toString()).redirectErrorStream(true).start();
    boolean mounted = m.waitFor(30, TimeUnit.SECONDS) && m.exitValue() == 0;
    assumeThat(mounted).as("mounting a small tmpfs needs root").isTrue();
    return new SmallDisk(dir);
  }

  public Path path() {
    return mountPoint;
  }

  /** Makes the mounted file system read-only from now on, what is on it kept. */
  public void makeReadOnly() throws IOException, InterruptedException {
    Process m = new ProcessBuilder("mount", "-o", "remount,ro", mountPoint.toString()).redirectErrorStream(true)
        .start();
    if (!m.waitFor(30, TimeUnit.SECONDS) || m.exitValue() != 0) {
      throw new IOException("cannot remount " + mountPoint + " read-only");
    }
  }

  /** Writes {@code file} until the file system refuses another byte: then it is full. */
  public Path fill(Path file) throws IOException {
    byte[] chunk = new byte[4096];
    try (OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        out.write(chunk);
        out.flush();
      }
    } catch (IOException full) {
      // what a full disk says
    }
    byte[] one = new byte[1];
    try (OutputStream out = Files.newOutputStream(file, java.nio.file.StandardOpenOption.APPEND)) {
      while (true) {
        out.write(one);
        out.flush();
      }
    } catch (IOException full) {
      return file;
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    new ProcessBuilder("umount", "-l", mountPoint.toString()).redirectErrorStream(true).start()
        .waitFor(30, TimeUnit.SECONDS);
  }
}
