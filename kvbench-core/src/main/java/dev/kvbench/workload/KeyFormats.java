package dev.kvbench.workload;

/**
 * Finds a key format by the name a scenario file, a flag or a forked cell's plan gives: a built-in
 * id ({@code int}, {@code str}, {@code uuid4}, {@code uuid7}) or the class name of a {@link
 * KeyFormat} on the class path, such as {@code com.example.OrderKeys}.
 */
public final class KeyFormats {

  private KeyFormats() {}

  /** The format {@code reference} names; throws IllegalArgumentException naming the fix. */
  public static KeyFormat of(String reference) {
    for (KeyEncoding e : KeyEncoding.values()) {
      if (e.id().equals(reference)) {
        return e;
      }
    }
    if (reference.contains(".")) {
      return ClassReferences.create(reference, KeyFormat.class, "key format");
    }
    throw new IllegalArgumentException("unknown key type '" + reference
        + "': use int, str, uuid4 or uuid7, or the class name of a KeyFormat on the class path");
  }

  /** What {@link #of} turns back into {@code format}: a built-in's id, else its class name. */
  public static String reference(KeyFormat format) {
    return format instanceof KeyEncoding e ? e.id() : format.getClass().getName();
  }
}
