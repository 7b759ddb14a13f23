package dev.kvbench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The directory stores run in. kvbench only deletes directories it created: the cell directories
 * it makes here, and the work directory itself only when it made that too.
 */
public final class WorkArea implements AutoCloseable {

  private static final Path SHM = Path.of("/dev/shm");

  /** The file a running kvbench holds locked in its work directory; a stale directory's is unlocked. */
  public static final String LOCK_FILE = ".kvbench-lock";

  private final Path root;
  private final boolean createdRoot;
  private final Set<Path> created = new LinkedHashSet<>();
  private FileChannel lockChannel;
  private FileLock lock;

  private WorkArea(Path root, boolean createdRoot) {
    this.root = root;
    this.createdRoot = createdRoot;
  }

  /**
   * Uses {@code requested} when given (it must be empty or not exist yet), else a new directory
   * under /dev/shm when that is a writable tmpfs, else under the system temp directory.
   */
  public static WorkArea open(Path requested) {
    try {
      if (requested == null) {
        Path base = defaultBase();
        return new WorkArea(Files.createTempDirectory(base, "kvbench-"), true);
      }
      Path dir = requested.toAbsolutePath().normalize();
      if (!Files.exists(dir)) {
        Files.createDirectories(dir);
        return new WorkArea(dir, true);
      }
      if (!Files.isDirectory(dir)) {
        throw new IllegalArgumentException(
            "--work-dir " + requested + " is not a directory; point it at an empty or new directory");
      }
      if (Files.exists(dir.resolve(LOCK_FILE)) && !unlocked(dir)) {
        throw new IllegalArgumentException("--work-dir " + requested + " is in use by another kvbench run"
            + " (it holds " + dir.resolve(LOCK_FILE) + "); give each run its own work directory");
      }
      try (var entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException(
              "--work-dir " + requested + " is not empty; kvbench runs only in an empty or new directory"
                  + " and never deletes files it did not create. Empty it, or choose another directory");
        }
      }
      if (!Files.isWritable(dir)) {
        throw new IllegalArgumentException("--work-dir " + requested + " is not writable");
      }
      return new WorkArea(dir, false);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot use work directory " + requested + ": " + e.getMessage(), e);
    }
  }

  /** /dev/shm when it is a writable tmpfs (memory-sized workloads, as in the seeds), else java.io.tmpdir. */
  public static Path defaultBase() {
    try {
      if (Files.isDirectory(SHM) && Files.isWritable(SHM) && "tmpfs".equals(Files.getFileStore(SHM).type())) {
        return SHM;
      }
    } catch (IOException e) {
      // fall through to the temp directory
    }
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  public Path root() {
    return root;
  }

  /**
   * Marks this work directory as in use by this process until {@link #close}: another run refuses
   * it, and a later run that finds it unlocked (this process was killed) reports it as stale.
   */
  public synchronized void claim() {
    try {
      Path file = root.resolve(LOCK_FILE);
      lockChannel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      lock = lockChannel.tryLock();
      if (lock == null) {
        lockChannel.close();
        throw new IllegalArgumentException(root + " is in use by another kvbench run");
      }
      lockChannel.write(java.nio.ByteBuffer.wrap(
          (ProcessHandle.current().pid() + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock work directory " + root, e);
    }
  }

  /** A work directory left by a kvbench run that was killed: where it is and how much it holds. */
  public record Stale(Path directory, long allocatedBytes) {}

  /**
   * kvbench work directories under {@code base} whose run is gone (killed with SIGKILL, or the
   * machine stopped): their lock file is there but nobody holds it.
   */
  public static java.util.List<Stale> staleDirectories(Path base, dev.kvbench.measure.StorageMeter meter) {
    java.util.List<Stale> stale = new java.util.ArrayList<>();
    try (var dirs = Files.list(base)) {
      for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("kvbench-")
          && Files.exists(d.resolve(LOCK_FILE))).toList()) {
        if (unlocked(dir)) {
          stale.add(new Stale(dir, meter.measure(dir).allocatedBytes()));
        }
      }
    } catch (IOException | RuntimeException e) {
      // an unreadable base only means we cannot warn about leftovers
    }
    return stale;
  }

  private static boolean unlocked(Path dir) {
    try (FileChannel ch = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.WRITE)) {
      FileLock probe = ch.tryLock();
      if (probe == null) {
        return false;
      }
      probe.release();
      return true;
    } catch (java.nio.channels.OverlappingFileLockException e) {
      return false; // this very JVM holds it
    } catch (IOException e) {
      return false;
    }
  }

  /** Creates a new, empty directory for one cell. */
  public synchronized Path newDirectory(String name) {
    try {
      Path dir = Files.createDirectory(root.resolve(name));
      created.add(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + root.resolve(name), e);
    }
  }

  /** Deletes a directory this work area created, with everything the store left in it. */
  public synchronized void delete(Path dir) {
    if (!created.remove(dir)) {
      throw new IllegalArgumentException(dir + " was not created by this work area; not deleting it");
    }
    deleteTree(dir);
  }

  @Override
  public synchronized void close() {
    for (Path dir : Set.copyOf(created)) {
      delete(dir);
    }
    if (lockChannel != null) {
      try {
        lock.release();
        lockChannel.close();
        Files.deleteIfExists(root.resolve(LOCK_FILE));
      } catch (IOException e) {
        // the lock goes with the process anyway
      }
      lockChannel = null;
    }
    if (createdRoot) {
      try {
        Files.deleteIfExists(root);
      } catch (IOException e) {
        // something else was put there meanwhile: it is not ours, leave it
      }
    }
  }

  /**
   * Deletes {@code dir} and everything in it, if it exists; for directories kvbench made (a cell's,
   * a crash trial's). Throws UncheckedIOException naming the directory when it cannot.
   */
  public static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
              Files.delete(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              Files.delete(d);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
