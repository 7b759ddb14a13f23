package dev.kvbench.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * A store's settings resolved against its specs: every key present, every value parsed. Built
 * once per cell; immutable.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class StoreSettings {

  private final Map<String, Object> values;
  private final Map<String, String> texts;

  private StoreSettings(Map<String, Object> values, Map<String, String> texts) {
    this.values = Collections.unmodifiableMap(values);
    this.texts = Collections.unmodifiableMap(texts);
  }

  /**
   * Resolves {@code given} (key to text, as typed by the user) against {@code specs}: unknown keys
   * and unparsable values are errors that name the store, the key and the valid choices.
   */
  public static StoreSettings resolve(String storeId, List<SettingSpec> specs, Map<String, String> given) {
    Map<String, SettingSpec> byKey = new LinkedHashMap<>();
    for (SettingSpec spec : specs) {
      byKey.put(spec.key(), spec);
    }
    for (String key : given.keySet()) {
      if (!byKey.containsKey(key)) {
        throw new InvalidSettingException(
            "unknown setting '" + storeId + "." + key + "'" + NearestNames.suggestion(key, byKey.keySet())
                + "; valid settings for " + storeId + ": "
                + (byKey.isEmpty() ? "(none)" : String.join(", ", new TreeSet<>(byKey.keySet()))));
      }
    }
    Map<String, Object> values = new LinkedHashMap<>();
    Map<String, String> texts = new LinkedHashMap<>();
    for (SettingSpec spec : specs) {
      String text = given.getOrDefault(spec.key(), spec.defaultValue());
      try {
        values.put(spec.key(), spec.type().parse(spec.key(), text, spec.allowed()));
      } catch (IllegalArgumentException e) {
        throw new InvalidSettingException(storeId + ": " + e.getMessage());
      }
      texts.put(spec.key(), text.trim());
    }
    return new StoreSettings(values, texts);
  }

  /** Defaults only. */
  public static StoreSettings defaults(String storeId, List<SettingSpec> specs) {
    return resolve(storeId, specs, Map.of());
  }

  public boolean getBoolean(String key) {
    return (Boolean) require(key);
  }

  public long getLong(String key) {
    return (Long) require(key);
  }

  public String getString(String key) {
    return require(key).toString();
  }

  /** True when a size or count setting was left at {@code auto}. */
  public boolean isAuto(String key) {
    return SettingSpec.SettingType.AUTO.equals(require(key));
  }

  /** The resolved values as the user would write them, for the result document. */
  public Map<String, String> asText() {
    return texts;
  }

  private Object require(String key) {
    Object v = values.get(key);
    if (v == null) {
      throw new IllegalArgumentException("no setting named " + key);
    }
    return v;
  }
}
