package dev.kvbench.store;

import org.apiguardian.api.API;

/** Thrown when the harness asks for something a store did not declare in its capabilities. */
@API(status = API.Status.STABLE, since = "0.6.0")
public class UnsupportedCapabilityException extends StoreException {

  public UnsupportedCapabilityException(String storeId, String capability) {
    super(storeId + " does not support " + capability);
  }
}
