package dev.kvbench.workload;

/**
 * Finds a value format by the name a scenario file, a flag or a forked cell's plan gives: a
 * built-in {@link ValueContent} id ({@code random}, {@code zeros}, {@code compressible:R}), {@code
 * uniform-length} ({@link UniformLengthValues}) or the
 * class name of a {@link ValueFormat} on the class path.
 */
public final class ValueFormats {

  private ValueFormats() {}

  /** The format {@code reference} names; throws IllegalArgumentException naming the fix. */
  public static ValueFormat of(String reference) {
    String s = reference.trim();
    if (s.equals(UniformLengthValues.ID)) {
      return new UniformLengthValues();
    }
    YcsbRecords ycsb = YcsbRecords.fromId(s);
    if (ycsb != null) {
      return ycsb;
    }
    if (s.contains(".") && !s.startsWith("compressible:")) {
      return ClassReferences.create(s, ValueFormat.class, "value format");
    }
    return ValueContent.fromId(s);
  }

  /** What {@link #of} turns back into {@code format}: a built-in's id, else its class name. */
  public static String reference(ValueFormat format) {
    return format instanceof ValueContent || format instanceof UniformLengthValues || format instanceof YcsbRecords
        ? format.id()
        : format.getClass().getName();
  }

  /** Whether {@code format} is one of kvbench's own, which travels to a forked JVM by its id, not its class. */
  public static boolean builtIn(ValueFormat format) {
    return !reference(format).equals(format.getClass().getName());
  }
}
