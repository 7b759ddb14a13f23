package dev.kvbench.store;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One jar on a cell's library class path, as the result records it.
 *
 * @param coordinates the artifact it was resolved as, {@code group:artifact:extension[:classifier]:version}
 * @param path where it was read from (the local repository)
 * @param sha256 its SHA-256, lower-case hex, taken when it was resolved
 */
public record LibraryJar(String coordinates, Path path, String sha256) {

  public LibraryJar {
    Objects.requireNonNull(coordinates, "coordinates");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(sha256, "sha256");
  }
}
