package dev.kvbench.store;

/** Whether a store can be used here, and if not, why not. */
public record Availability(boolean available, String reason) {

  public static final Availability AVAILABLE = new Availability(true, "");

  public static Availability unavailable(String reason) {
    return new Availability(false, reason);
  }
}
