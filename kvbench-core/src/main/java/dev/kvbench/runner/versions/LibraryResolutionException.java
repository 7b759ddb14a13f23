package dev.kvbench.runner.versions;

/** A library version that cannot be had: the message names the coordinates and the fix. */
public class LibraryResolutionException extends RuntimeException {

  public LibraryResolutionException(String message, Throwable cause) {
    super(message, cause);
  }

  public LibraryResolutionException(String message) {
    super(message);
  }
}
