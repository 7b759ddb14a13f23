package dev.kvbench.workload;

/**
 * Finds a key format by the name a scenario file, a flag or a forked cell's plan gives: a built-in
 * id ({@code int}, {@code str}, {@code uuid4}, {@code uuid7}, {@code ycsb}, {@code ycsb-ordered}) or the class name of a {@link
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
    YcsbKeys ycsb = YcsbKeys.fromId(reference);
    if (ycsb != null) {
      return ycsb;
    }
    if (reference.contains(".")) {
      return ClassReferences.create(reference, KeyFormat.class, "key format");
    }
    throw new IllegalArgumentException("unknown key type '" + reference
        + "': use int, str, uuid4, uuid7, ycsb (YCSB's key names, hashed insert order) or ycsb-ordered, or the class name of a KeyFormat on the class path");
  }

  /** What {@link #of} turns back into {@code format}: a built-in's id, else its class name. */
  public static String reference(KeyFormat format) {
    return format instanceof KeyEncoding || format instanceof YcsbKeys ? format.id() : format.getClass().getName();
  }

  /** Whether {@code format} is one of kvbench's own, which travels to a forked JVM by its id, not its class. */
  public static boolean builtIn(KeyFormat format) {
    return !reference(format).equals(format.getClass().getName());
  }
}
