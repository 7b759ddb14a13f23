package dev.kvbench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
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

  private final Path root;
  private final boolean createdRoot;
  private final Set<Path> created = new LinkedHashSet<>();

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
    if (createdRoot) {
      try {
        Files.deleteIfExists(root);
      } catch (IOException e) {
        // something else was put there meanwhile: it is not ours, leave it
      }
    }
  }

  private static void deleteTree(Path dir) {
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
