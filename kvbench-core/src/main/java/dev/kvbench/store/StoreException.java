package dev.kvbench.store;

/** A store failed to open, read, write or close; the message names the store and the cause. */
public class StoreException extends RuntimeException {

  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
