package dev.kvbench.store;

import org.apiguardian.api.API;

/** A store failed to open, read, write or close; the message names the store and the cause. */
@API(status = API.Status.STABLE, since = "0.6.0")
public class StoreException extends RuntimeException {

  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
