package dev.kvbench.result;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collection;
import java.util.function.Predicate;

/**
 * One file kvbench writes for the user (a comparison page, a result document): written whole to a
 * temporary file in the target's folder, flushed, then renamed over the name, so a reader, a kill
 * or a full disk never leaves half a file and an earlier file stays whole until the new one is.
 * Before writing it refuses a name that is a link (a rename would replace the link, but the user
 * meant the file it points to, which kvbench did not write), a name that is one of the command's
 * inputs, and an existing file that kvbench does not recognise as one of its own.
 */
public final class OutputFile {

  /** Why a target was refused; the message names the file, what is there and what to do. */
  public static final class RefusedException extends IllegalArgumentException {
    RefusedException(String message) {
      super(message);
    }
  }

  private final Path target;
  private final String role;
  private final Predicate<Path> writtenByKvbench;

  /**
   * @param target the file to write
   * @param role how the user named it, for messages ("--html cmp.html")
   * @param writtenByKvbench recognises an existing file as an earlier output of the same kind
   */
  public OutputFile(Path target, String role, Predicate<Path> writtenByKvbench) {
    this.target = target;
    this.role = role;
    this.writtenByKvbench = writtenByKvbench;
  }

  /**
   * Refuses the target, before anything is measured or written, when it is a link, a folder, one
   * of {@code inputs} or a file kvbench did not write.
   *
   * @throws RefusedException naming the target and the fix
   */
  public void check(Collection<Path> inputs) {
    for (Path input : inputs) {
      if (sameFile(input, target)) {
        throw new RefusedException(role + " is " + input + ", an input of this command: writing there would"
            + " destroy it; give another file");
      }
    }
    if (Files.isSymbolicLink(target)) {
      String to;
      try {
        to = Files.readSymbolicLink(target).toString();
      } catch (IOException e) {
        to = "?";
      }
      throw new RefusedException(role + " is a link (to " + to + "); kvbench never writes through a link: remove"
          + " the link or give another file");
    }
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
        throw new RefusedException(role + " is a folder or a special file; give the name of a file");
      }
      if (!writtenByKvbench.test(target)) {
        throw new RefusedException(role + " already exists and kvbench did not write it, so it stays as it is:"
            + " move it away or give another file (kvbench replaces only a file of its own)");
      }
    }
  }

  /**
   * Checks the target again ({@link #check}) and writes {@code content} to it through a temporary
   * file and a rename; on any failure the temporary file is removed and the target is as it was.
   */
  public void write(byte[] content, Collection<Path> inputs) throws IOException {
    check(inputs);
    Path parent = target.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path temp = createTemp(parent, "." + target.getFileName() + ".");
    try {
      try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer b = ByteBuffer.wrap(content);
        while (b.hasRemaining()) {
          ch.write(b);
        }
        ch.force(true);
      }
      moveOver(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Renames {@code temp} over {@code target} in one step where the file system can, else as a plain move. */
  static void moveOver(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * A temporary file beside the target, readable as any file the user makes (0666 less the umask;
   * createTempFile alone gives 0600), hidden and named after the target so a leftover is recognisable.
   */
  static Path createTemp(Path dir, String prefix) throws IOException {
    try {
      return Files.createTempFile(dir, prefix, ".part",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-rw-rw-")));
    } catch (UnsupportedOperationException notPosix) {
      return Files.createTempFile(dir, prefix, ".part");
    }
  }

  /** Whether {@code a} and {@code b} name one file: the same path, or one existing file reached two ways. */
  static boolean sameFile(Path a, Path b) {
    if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
      return true;
    }
    try {
      return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
