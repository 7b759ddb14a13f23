package dev.kvbench.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** One value of each axis: one point of the matrix, before the store and its settings are added. */
public final class AxisValues {

  /** No axis set yet. */
  static final AxisValues NONE = new AxisValues(Map.of());

  private final Map<Axis<?>, Object> values;

  private AxisValues(Map<Axis<?>, Object> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /** These values and {@code value} for {@code axis}. */
  AxisValues with(Axis<?> axis, Object value) {
    Map<Axis<?>, Object> next = new LinkedHashMap<>(values);
    next.put(axis, value);
    return new AxisValues(next);
  }

  /** The value of {@code axis}. */
  @SuppressWarnings("unchecked")
  public <T> T get(Axis<T> axis) {
    Object v = values.get(axis);
    if (v == null) {
      throw new IllegalStateException("no value for axis " + axis);
    }
    return (T) v;
  }

  /**
   * The values of the axes without a field of their own in a cell, as text by key: a cell's {@code
   * axes}; an axis at a value that writes as nothing is left out.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  Map<String, String> withoutFields() {
    Map<String, String> texts = new LinkedHashMap<>();
    values.forEach((axis, value) -> {
      String text = ((Axis) axis).text(value);
      // an axis whose value writes as nothing (no data size) is left out: results of cells that do not
      // use it read as they did before it existed
      if (!axis.namedInResults() && !text.isEmpty()) {
        texts.put(axis.key(), text);
      }
    });
    return texts;
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
