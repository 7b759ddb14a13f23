package dev.kvbench.store;

import org.apiguardian.api.API;

/** Direction of a full cursor pass. */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum ScanDirection {
  FORWARD,
  REVERSE
}
