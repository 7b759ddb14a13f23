package dev.kvbench.scenario;

import dev.kvbench.workload.ClassReferences;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.Traffic;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A scenario file's shape, as Jackson reads and writes it: strings everywhere, so every
 * conversion error can name its field (a JSON pointer such as {@code /matrix/entries/1}), and
 * the conversions to and from the scenario's own types.
 */
final class ScenarioYaml {
  public String name;
  public String description;
  public MatrixYaml matrix = new MatrixYaml();
  public List<String> phases;
  public String seed;
  public SectionYaml repetitions = new SectionYaml();
  public SectionYaml jvm = new SectionYaml();
  public String cellTimeout;
  public String latencySample;
  public String sla;
  public String rateStart;
  public String ratePrecision;
  public SectionYaml traffic;
  public CustomYaml custom;
  // YCSB workload properties by YCSB's names, applied over the matrix and traffic
  public Map<String, String> ycsb;

  Scenario toScenario(String defaultName) {
    Scenario s = withoutYcsb(defaultName);
    if (ycsb == null) {
      return s;
    }
    Map<String, String> clash = Map.of("recordcount", "entries", "threadcount", "threads", "fieldcount", "valueSizes",
        "fieldlength", "valueSizes", "insertorder", "keys");
    for (Map.Entry<String, String> e : clash.entrySet()) {
      if (ycsb.containsKey(e.getKey()) && matrix != null && matrix.axes.get(e.getValue()) != null) {
        throw new ScenarioException("/ycsb/" + e.getKey(), "ycsb." + e.getKey() + " and matrix." + e.getValue()
            + " both set it; keep one");
      }
    }
    try {
      return YcsbProperties.applyTo(ycsb, new ScenarioOverrides()).applyTo(s);
    } catch (ScenarioException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new ScenarioException("/ycsb", e.getMessage());
    }
  }

  private Scenario withoutYcsb(String defaultName) {
    Scenario d = Scenario.defaults(name == null ? defaultName : name);
    Scenario s = new Scenario(
        d.name(),
        description,
        matrix == null ? Matrix.DEFAULT : matrix.toMatrix(),
        phases == null ? d.phases() : each("/phases", phases, Phase::fromId),
        d.seed(),
        repetitions == null ? Repetitions.DEFAULT : repetitions.to(Section.REPETITIONS),
        jvm == null ? JvmOptions.DEFAULT : jvm.to(Section.JVM),
        d.cellTimeout(),
        d.latencySample(),
        traffic == null ? Traffic.DEFAULT : traffic.to(Section.TRAFFIC),
        custom == null ? CustomMix.NONE : custom.toCustomMix());
    // the top of the file's own settings, read by their rows
    s = seed == null ? s : SectionYaml.applied(s, ScenarioSettings.SEED, seed);
    s = cellTimeout == null ? s : SectionYaml.applied(s, ScenarioSettings.CELL_TIMEOUT, cellTimeout);
    s = latencySample == null ? s : SectionYaml.applied(s, ScenarioSettings.LATENCY_SAMPLE, latencySample);
    s = rateStart == null ? s : SectionYaml.applied(s, ScenarioSettings.RATE_START, rateStart);
    s = ratePrecision == null ? s : SectionYaml.applied(s, ScenarioSettings.RATE_PRECISION, ratePrecision);
    return sla == null ? s : SectionYaml.applied(s, ScenarioSettings.SLA, sla);
  }

  /** The text a scenario file writes for {@code row} of {@code s}. */
  static <T> String topText(Setting<Scenario, T> row, Scenario s) {
    List<String> texts = row.texts(row.get(s));
    return texts.isEmpty() ? null : texts.get(0);
  }

  /**
   * A library run's custom operations, each by the class that re-creates it (a public class with a
   * public no-argument constructor): what lets a stopped run resume and a forked cell rebuild them.
   */
  static final class CustomYaml {
    public String distribution;
    public List<OperationYaml> operations;

    CustomMix toCustomMix() {
      List<CustomMix.Entry> entries = new java.util.ArrayList<>();
      for (int i = 0; i < (operations == null ? 0 : operations.size()); i++) {
        OperationYaml o = operations.get(i);
        String at = "/custom/operations/" + i;
        if (o == null) {
          throw new ScenarioException(at, "is empty; give name, access, share and class");
        }
        for (Map.Entry<String, String> field : java.util.Arrays.asList(Map.entry("name", String.valueOf(o.name)),
            Map.entry("access", String.valueOf(o.access)), Map.entry("share", String.valueOf(o.share)),
            Map.entry("class", String.valueOf(o.className)))) {
          if (field.getValue().equals("null")) {
            throw new ScenarioException(at, "has no " + field.getKey() + "; an operation needs name, access"
                + " (read_only or read_write), share and class");
          }
        }
        entries.add(convert(at, o.name, name -> new CustomMix.Entry(name,
            access(o.access), Double.parseDouble(o.share),
            ClassReferences.create(o.className, CustomOperation.class, "custom operation " + name))));
      }
      return new CustomMix(entries, distribution == null ? RequestDistribution.ZIPFIAN
          : convert("/custom/distribution", distribution, RequestDistribution::fromId));
    }
  }

  private static CustomMix.Access access(String text) {
    for (CustomMix.Access a : CustomMix.Access.values()) {
      if (a.name().equalsIgnoreCase(text.trim())) {
        return a;
      }
    }
    throw new IllegalArgumentException("access '" + text + "' is neither read_only nor read_write");
  }

  /** One custom operation. */
  static final class OperationYaml {
    public String name;
    public String access;
    public String share;
    @com.fasterxml.jackson.annotation.JsonProperty("class")
    public String className;
  }

  /** How the threaded phases are driven; every field optional. */
  /** The matrix: stores, their settings, and one list per axis of {@link Axes}, by the axis's key. */
  static final class MatrixYaml {
    public List<String> stores;
    public Map<String, List<String>> settings;
    private final Map<String, List<String>> axes = new LinkedHashMap<>();

    @com.fasterxml.jackson.annotation.JsonAnySetter
    void axis(String key, List<String> values) {
      axes.put(key, values);
    }

    @com.fasterxml.jackson.annotation.JsonAnyGetter
    Map<String, List<String>> axes() {
      return axes;
    }

    static MatrixYaml of(Matrix m) {
      MatrixYaml y = new MatrixYaml();
      y.stores = m.stores();
      y.settings = m.settings();
      for (Axis<?> axis : Axes.ALL) {
        y.axes.put(axis.key(), texts(axis, m));
      }
      return y;
    }

    private static <T> List<String> texts(Axis<T> axis, Matrix m) {
      return m.get(axis).stream().map(axis::text).toList();
    }

    Matrix toMatrix() {
      for (String key : axes.keySet()) {
        if (Axes.byKey(key) == null) {
          List<String> allowed = new ArrayList<>(List.of("stores", "settings"));
          Axes.ALL.forEach(a -> allowed.add(a.key()));
          throw new ScenarioException("/matrix/" + key, "unknown key '" + key + "'"
              + dev.kvbench.store.NearestNames.suggestion(key, allowed) + "; allowed here: "
              + allowed.stream().sorted().collect(Collectors.joining(", ")));
        }
      }
      requireNoEmptyValue("/matrix/stores", stores, "for the null store, quote it: 'null'");
      for (Map.Entry<String, List<String>> e : settings == null ? Map.<String, List<String>>of().entrySet()
          : settings.entrySet()) {
        requireNoEmptyValue("/matrix/settings/" + e.getKey(), e.getValue(), "quote a text value: 'null'");
      }
      try {
        Matrix m = Matrix.of(stores == null ? List.of() : stores)
            .withSettings(settings == null ? Map.of() : new LinkedHashMap<>(settings));
        for (Axis<?> axis : Axes.ALL) {
          m = withTexts(m, axis, axes.get(axis.key()));
        }
        return m;
      } catch (ScenarioException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw new ScenarioException("/matrix", e.getMessage());
      }
    }

    private static <T> Matrix withTexts(Matrix m, Axis<T> axis, List<String> texts) {
      return texts == null ? m : m.with(axis, each(axis.pointer(), texts, axis::parse));
    }
  }

  /** A section whose settings are rows ({@code repetitions:}, {@code jvm:}): read and written by its rows. */
  static final class SectionYaml {
    private final Map<String, Object> values = new LinkedHashMap<>();

    @com.fasterxml.jackson.annotation.JsonAnySetter
    void set(String key, Object value) {
      values.put(key, value);
    }

    @com.fasterxml.jackson.annotation.JsonAnyGetter
    Map<String, Object> values() {
      return values;
    }

    static <S> SectionYaml of(Section<S> section, S record) {
      SectionYaml y = new SectionYaml();
      for (Setting<S, ?> row : section.rows()) {
        y.put(row, record);
      }
      return y;
    }

    private <S, T> void put(Setting<S, T> row, S record) {
      List<String> texts = row.texts(row.get(record));
      if (!texts.isEmpty()) {
        values.put(row.key(), row.arity() == Setting.Arity.LIST ? texts : texts.get(0));
      }
    }

    /** The section's record: its defaults with every row this file sets. */
    <S> S to(Section<S> section) {
      for (String key : values.keySet()) {
        if (section.row(key) == null) {
          List<String> keys = section.rows().stream().map(Setting::key).sorted().toList();
          throw new ScenarioException("/" + section.name() + "/" + key, "unknown key '" + key + "'"
              + dev.kvbench.store.NearestNames.suggestion(key, keys) + "; allowed here: " + String.join(", ", keys));
        }
      }
      S record = section.defaults();
      for (Setting<S, ?> row : section.rows()) {
        Object raw = values.get(row.key());
        if (raw != null) {
          record = applied(record, row, raw);
        }
      }
      return record;
    }

    static <S, T> S applied(S record, Setting<S, T> row, Object raw) {
      List<String> texts;
      if (raw instanceof Map<?, ?>) {
        throw new ScenarioException(row.pointer(), "expected " + (row.arity() == Setting.Arity.LIST ? "a list"
            : "a value") + " here, found a mapping (key: value)");
      }
      if (raw instanceof List<?> list) {
        // YAML's numbers and booleans as the texts the row reads; an empty value stays null to be named
        texts = list.stream().map(v -> v == null ? null : String.valueOf(v)).toList();
        requireNoEmptyValue(row.pointer(), texts, "give a value");
      } else {
        texts = List.of(String.valueOf(raw));
      }
      T value;
      try {
        value = row.parse(texts);
      } catch (IllegalArgumentException e) {
        throw new ScenarioException(row.pointer(), e.getMessage());
      }
      try {
        return row.with(record, value);
      } catch (ScenarioException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw new ScenarioException(row.pointer(), e.getMessage());
      }
    }
  }

  static void requireNoEmptyValue(String pointer, List<String> values, String hint) {
    if (values == null) {
      return;
    }
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) == null) {
        throw new ScenarioException(pointer + "/" + i, "is empty: YAML reads null, ~ and a blank as no value; "
            + hint);
      }
    }
  }

  static <T> List<T> each(String pointer, List<String> texts, Function<String, T> parse) {
    requireNoEmptyValue(pointer, texts, "give a value");
    List<T> out = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      out.add(convert(pointer + "/" + i, texts.get(i), parse));
    }
    return out;
  }

  static boolean bool(String text) {
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("'" + text + "' is neither true nor false");
    };
  }

  static <T> T convert(String pointer, String text, Function<String, T> parse) {
    try {
      return parse.apply(text);
    } catch (NumberFormatException e) {
      throw new ScenarioException(pointer, "'" + text + "' is not a number");
    } catch (IllegalArgumentException e) {
      throw new ScenarioException(pointer, e.getMessage());
    }
  }
}
