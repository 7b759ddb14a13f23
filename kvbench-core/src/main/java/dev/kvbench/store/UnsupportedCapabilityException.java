package dev.kvbench.store;

/** Thrown when the harness asks for something a store did not declare in its capabilities. */
public class UnsupportedCapabilityException extends StoreException {

  public UnsupportedCapabilityException(String storeId, String capability) {
    super(storeId + " does not support " + capability);
  }
}
