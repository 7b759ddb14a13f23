package dev.kvbench.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Set;
import jnr.posix.FileStat;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/**
 * Measures a directory tree as {@code du} does: every file and directory, the root included,
 * hard links counted once, symbolic links not followed. Uses lstat(2) through jnr-posix because
 * the JDK exposes no {@code st_blocks}.
 */
public final class StorageMeter {

  private final POSIX posix = POSIXFactory.getNativePOSIX();

  public StorageSize measure(Path root) {
    long[] totals = new long[2];
    Set<String> seen = new HashSet<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
              add(dir);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
              add(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              // a store deleted a temporary file while we walked: it takes no space any more
              return FileVisitResult.CONTINUE;
            }

            private void add(Path p) {
              FileStat st = posix.allocateStat();
              if (posix.lstat(p.toString(), st) != 0) {
                return;
              }
              if (st.nlink() > 1 && !st.isDirectory() && !seen.add(st.dev() + ":" + st.ino())) {
                return;
              }
              totals[0] += st.blocks() * 512;
              totals[1] += st.st_size();
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot measure " + root, e);
    }
    return new StorageSize(totals[0], totals[1]);
  }
}
