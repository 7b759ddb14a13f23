package dev.kvbench.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Values kept by row ({@link Setting.Values}): a section's or a run's settings with no field,
 * constructor or wither per setting, so a new setting is its row and the code that reads it. A
 * row left unset has its default; {@link #check} says what the values cannot be together.
 *
 * @param <S> the values' own class, which {@link #with} returns
 */
public abstract class RowValues<S extends RowValues<S>> implements Setting.Values<S> {

  private final Map<Setting<S, ?>, Object> values;

  protected RowValues(Map<Setting<S, ?>, Object> values) {
    this.values = Map.copyOf(values);
  }

  @Override
  @SuppressWarnings("unchecked")
  public final <T> T get(Setting<S, T> row) {
    Object value = values.get(row);
    return value == null ? row.defaultValue() : (T) value;
  }

  /**
   * These values with {@code row} at {@code value} (null: its default); throws
   * IllegalArgumentException where the value cannot go with the others.
   */
  @Override
  public final <T> S with(Setting<S, T> row, T value) {
    Map<Setting<S, ?>, Object> changed = new LinkedHashMap<>(values);
    if (value == null || value.equals(row.defaultValue())) {
      changed.remove(row);
    } else {
      changed.put(row, value);
    }
    S made = copy(changed);
    made.check();
    return made;
  }

  /** Values of this class, these others besides, holding {@code values}. */
  protected abstract S copy(Map<Setting<S, ?>, Object> values);

  /** Refuses values that cannot go together, with IllegalArgumentException; nothing by default. */
  protected void check() {}

  @Override
  public boolean equals(Object o) {
    return o != null && o.getClass() == getClass() && values.equals(((RowValues<?>) o).values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(getClass(), values);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(getClass().getSimpleName()).append('[');
    values.entrySet().stream().sorted(Map.Entry.comparingByKey(java.util.Comparator.comparing(Setting::name)))
        .forEach(e -> text.append(text.charAt(text.length() - 1) == '[' ? "" : ", ").append(e.getKey().key())
            .append('=').append(e.getValue()));
    return text.append(']').toString();
  }
}
