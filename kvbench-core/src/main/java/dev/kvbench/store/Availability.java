package dev.kvbench.store;

import org.apiguardian.api.API;

/** Whether a store can be used here, and if not, why not. */
@API(status = API.Status.STABLE, since = "0.6.0")
public record Availability(boolean available, String reason) {

  public static final Availability AVAILABLE = new Availability(true, "");

  public static Availability unavailable(String reason) {
    return new Availability(false, reason);
  }
}
