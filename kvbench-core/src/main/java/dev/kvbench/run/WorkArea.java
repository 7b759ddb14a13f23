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
 * it makes here, and the work directory itself only when it made that too. While a run holds it,
 * its lock file marks it as kvbench's; one whose lock nobody holds is a killed run's leftover
 * ({@link #staleDirectories}), which a resume of that run or {@code kvbench clean} removes.
 */
public final class WorkArea implements AutoCloseable {

  private static final Path SHM = Path.of("/dev/shm");

  /** The file a running kvbench holds locked in its work directory; a stale directory's is unlocked. */
  public static final String LOCK_FILE = ".kvbench-lock";

  /** The lock file's second line when kvbench made the work directory itself (then it may remove it whole). */
  private static final String CREATED_MARK = "created";

  /** The lock file's second line when the user gave the directory: only what kvbench put inside is removed. */
  private static final String GIVEN_MARK = "given";

  private final Path root;
  private final boolean createdRoot;
  // the parents of a requested work directory that did not exist and were made for it, nearest first
  private final java.util.List<Path> createdParents;
  private final Set<Path> created = new LinkedHashSet<>();
  private FileChannel lockChannel;
  private FileLock lock;

  private WorkArea(Path root, boolean createdRoot) {
    this(root, createdRoot, java.util.List.of());
  }

  private WorkArea(Path root, boolean createdRoot, java.util.List<Path> createdParents) {
    this.root = root;
    this.createdRoot = createdRoot;
    this.createdParents = java.util.List.copyOf(createdParents);
  }

  /**
   * Uses {@code requested} when given (it must be empty or not exist yet), else a new directory
   * under /dev/shm when that is a writable tmpfs, else under the system temp directory.
   */
  public static WorkArea open(Path requested) {
    return open(requested, "kvbench-");
  }

  /**
   * {@link #open(Path)}, naming a new default directory {@code prefix} and random characters: a
   * fresh private directory (mode 0700), never one that already exists, so nothing planted in a
   * shared directory like /dev/shm can redirect kvbench's files.
   */
  public static WorkArea open(Path requested, String prefix) {
    try {
      if (requested == null) {
        Path base = defaultBase();
        return new WorkArea(Files.createTempDirectory(base, prefix), true);
      }
      Path dir = requested.toAbsolutePath().normalize();
      if (!Files.exists(dir)) {
        java.util.List<Path> parents = new java.util.ArrayList<>();
        for (Path p = dir.getParent(); p != null && !Files.exists(p); p = p.getParent()) {
          parents.add(p);
        }
        Files.createDirectories(dir);
        return new WorkArea(dir, true, parents);
      }
      if (!Files.isDirectory(dir)) {
        throw new IllegalArgumentException(
            "workDir " + requested + " is not a directory; point it at an empty or new directory");
      }
      if (Files.exists(dir.resolve(LOCK_FILE)) && !unlocked(dir)) {
        throw new IllegalArgumentException("workDir " + requested + " is in use by another kvbench run"
            + " (it holds " + dir.resolve(LOCK_FILE) + "); give each run its own work directory");
      }
      try (var entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException(
              "workDir " + requested + " is not empty; kvbench runs only in an empty or new directory"
                  + " and never deletes files it did not create. Empty it, or choose another directory");
        }
      }
      if (!Files.isWritable(dir)) {
        throw new IllegalArgumentException("workDir " + requested + " is not writable");
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

  /** This work area as a run's journal records it. */
  public dev.kvbench.result.WorkDirectory record() {
    return new dev.kvbench.result.WorkDirectory(root.toString(), createdRoot);
  }

  /**
   * True when the work directory or its lock file has been removed from under the run (someone
   * deleted it): no further cell can run in it.
   */
  public boolean gone() {
    return !Files.isDirectory(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)
        || lockChannel != null && !Files.exists(root.resolve(LOCK_FILE));
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
      lockChannel.write(java.nio.ByteBuffer.wrap((ProcessHandle.current().pid() + "\n"
          + (createdRoot ? CREATED_MARK : GIVEN_MARK) + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
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
    return staleDirectoryPaths(base).stream().map(dir -> new Stale(dir, meter.measure(dir).allocatedBytes())).toList();
  }

  /** The same directories as {@link #staleDirectories}, without measuring them. */
  public static java.util.List<Path> staleDirectoryPaths(Path base) {
    try (var dirs = Files.list(base)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith("kvbench-")
          && Files.exists(d.resolve(LOCK_FILE)) && unlocked(d)).toList();
    } catch (IOException | RuntimeException e) {
      // an unreadable base only means we cannot warn about leftovers
      return java.util.List.of();
    }
  }

  /**
   * What cleaning a stale work directory did: the bytes it freed, whether the directory itself went
   * (kvbench made it and nothing else was left in it) and what it kept (names of entries kvbench did
   * not write there: the user's).
   */
  public record Cleaned(long bytesFreed, boolean directoryRemoved, java.util.List<String> kept) {
    public Cleaned {
      kept = java.util.List.copyOf(kept);
    }

    /** What was kept, in words for a notice ("; kept notes.txt (not written by kvbench)"); empty if nothing. */
    public String keptNote() {
      return kept.isEmpty() ? "" : "; kept " + String.join(", ", kept) + " (not written by kvbench)";
    }
  }

  /**
   * Removes what kvbench wrote in {@code dir} if it is a stale kvbench work directory (its lock
   * file is there and nobody holds it): the cell and trial directories it made and its lock file;
   * then the directory itself when kvbench made it and nothing else is in it. Anything else (a file
   * the user put there) stays, and so does the directory around it. Empty when {@code dir} is gone,
   * in use, or not marked as kvbench's: then nothing is touched.
   */
  public static java.util.Optional<Cleaned> removeIfStale(Path dir, dev.kvbench.measure.StorageMeter meter) {
    if (!isStale(dir)) {
      return java.util.Optional.empty();
    }
    boolean made;
    try {
      made = madeByKvbench(dir);
    } catch (IOException e) {
      return java.util.Optional.empty();
    }
    long before = meter.measure(dir).allocatedBytes();
    java.util.List<String> kept = new java.util.ArrayList<>();
    try (var entries = Files.list(dir)) {
      for (Path p : entries.sorted().toList()) {
        String n = p.getFileName().toString();
        if (n.startsWith(CELL_PREFIX) || n.startsWith(TRIAL_PREFIX)) {
          deleteTree(p);
        } else if (!n.equals(LOCK_FILE)) {
          kept.add(n);
        }
      }
      // the lock goes last: until then a half-cleaned directory is still recognisably kvbench's
      Files.deleteIfExists(dir.resolve(LOCK_FILE));
      boolean removed = made && kept.isEmpty();
      if (removed) {
        Files.delete(dir);
      }
      return java.util.Optional.of(new Cleaned(before - (removed ? 0 : meter.measure(dir).allocatedBytes()),
          removed, kept));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clean " + dir, e);
    }
  }

  /**
   * Whether kvbench made {@code dir} itself (so cleaning removes it whole) rather than being given it
   * by the user (so cleaning empties it of kvbench's files and leaves it).
   */
  public static boolean madeByKvbench(Path dir) throws IOException {
    java.util.List<String> lock = Files.readAllLines(dir.resolve(LOCK_FILE), java.nio.charset.StandardCharsets.US_ASCII);
    // a lock file of kvbench 0.1 holds the pid alone: its default directories have the random name
    // createTempDirectory gives (kvbench-<digits>), a user's directory any other
    return lock.contains(CREATED_MARK)
        || lock.size() == 1 && dir.getFileName().toString().matches("kvbench-(crash-)?\\d+");
  }

  /** Whether {@code dir} is a kvbench work directory (it holds the lock file) that no live run holds. */
  public static boolean isStale(Path dir) {
    return Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)
        && Files.isRegularFile(dir.resolve(LOCK_FILE), java.nio.file.LinkOption.NOFOLLOW_LINKS) && unlocked(dir);
  }

  /** How kvbench names a cell's directory in a work area. */
  public static final String CELL_PREFIX = "cell-";

  /** How kvbench names a crash trial's directory in a work area. */
  public static final String TRIAL_PREFIX = "crash-";

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
        // --work-dir a/b/c where only a existed: b goes too, once empty
        for (Path p : createdParents) {
          Files.deleteIfExists(p);
        }
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
