package dev.kvbench.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.ClassReferences;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.Traffic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads scenario YAML files. Every field is optional and has the default documented in the
 * README; an unknown key is an error. Every error names the file, the line and column, and the
 * allowed values.
 */
public final class ScenarioFiles {

  private final ObjectMapper yaml = YAMLMapper.builder()
      .enable(com.fasterxml.jackson.dataformat.yaml.YAMLGenerator.Feature.MINIMIZE_QUOTES)
      .disable(com.fasterxml.jackson.dataformat.yaml.YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
      // a key given twice is an error, as a flag given twice is, never "the last one wins"
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      .build();

  /**
   * The largest scenario file read: a hundred times the largest preset. A bigger one is a mistake
   * (a data file named by accident) and would take minutes to parse before being refused.
   */
  public static final long MAX_FILE_BYTES = 1 << 20;

  /** Reads and checks {@code file}, including that its stores and settings exist in {@code registry}. */
  public Scenario read(Path file, StoreRegistry registry) {
    String text;
    try {
      if (Files.isDirectory(file)) {
        throw new ScenarioException(file + " is a directory; give a scenario YAML file or a preset"
            + " (kvbench list presets)", (Throwable) null);
      }
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw new ScenarioException(String.format(Locale.ROOT, "scenario file %s is %,d bytes; a scenario is at most"
            + " %,d bytes (the presets are a few hundred): is it the file you meant?", file, size, MAX_FILE_BYTES), (Throwable) null);
      }
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (java.nio.charset.MalformedInputException e) {
      throw new ScenarioException("scenario file " + file + " is not UTF-8 text; save it as UTF-8 (a YAML file)", e);
    } catch (NoSuchFileException e) {
      throw new ScenarioException("scenario file " + file + " does not exist; give a YAML file or a preset"
          + " (kvbench list presets)", e);
    } catch (IOException e) {
      throw new ScenarioException("cannot read scenario file " + file + ": " + e.getMessage(), e);
    }
    String defaultName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    return parse(text, file.toString(), defaultName, registry);
  }

  /**
   * Parses scenario text; {@code source} names it in errors (a file name, or {@code preset x});
   * {@code defaultName} is the name when the text gives none. With a {@code registry}, also
   * checks that its stores and settings exist there.
   */
  public Scenario parse(String text, String source, String defaultName, StoreRegistry registry) {
    ScenarioYaml raw;
    try (JsonParser parser = yaml.createParser(text)) {
      raw = text.isBlank() ? null : yaml.readValue(parser, ScenarioYaml.class);
      if (raw == null) {
        raw = new ScenarioYaml();
      } else if (parser.nextToken() != null) {
        throw located(source, parser.currentTokenLocation(), "a second YAML document (after '---'): a scenario"
            + " file holds one scenario; put each in a file of its own", null);
      }
    } catch (UnrecognizedPropertyException e) {
      throw located(source, e.getLocation(), "unknown key '" + e.getPropertyName() + "'; allowed here: "
          + sorted(e.getKnownPropertyIds()), e);
    } catch (JsonProcessingException e) {
      throw located(source, e.getLocation(), plain(e.getOriginalMessage()), e);
    } catch (IOException e) {
      throw new ScenarioException(source + ": " + e.getMessage(), e);
    }
    try {
      Scenario scenario = raw.toScenario(defaultName);
      // every cell is checked here, unless the matrix is beyond the default limit: its size is then
      // refused, or allowed by the caller, when it is run
      if (registry != null && scenario.cellCount(registry) <= Scenario.DEFAULT_MAX_CELLS) {
        scenario.cells(registry);
      }
      return scenario;
    } catch (ScenarioException e) {
      throw located(source, locate(text, e.pointer()), e.field().isEmpty() ? e.getMessage()
          : e.field() + ": " + e.getMessage(), e);
    }
  }

  /** The scenario as YAML that {@link #parse} reads back to an equal scenario. */
  public String write(Scenario s) {
    ScenarioYaml y = new ScenarioYaml();
    y.name = s.name();
    y.description = s.description();
    y.matrix = MatrixYaml.of(s.matrix());
    y.phases = s.phases().stream().map(Phase::id).toList();
    y.seed = String.valueOf(s.seed());
    y.repetitions.forks = String.valueOf(s.repetitions().forks());
    y.repetitions.warmupPasses = String.valueOf(s.repetitions().warmupPasses());
    y.repetitions.warmupMillis = String.valueOf(s.repetitions().warmupMillis());
    y.repetitions.measured = String.valueOf(s.repetitions().measuredPasses());
    y.repetitions.readCache = s.repetitions().readCache().id();
    y.repetitions.traceCommits = String.valueOf(s.repetitions().traceCommits());
    y.jvm.java = s.jvm().java();
    y.jvm.heap = s.jvm().heap();
    y.jvm.options = s.jvm().options();
    y.cellTimeout = s.cellTimeout().getSeconds() + "s";
    y.latencySample = String.valueOf(s.latencySample());
    if (!s.traffic().equals(Traffic.DEFAULT)) {
      Traffic t = s.traffic();
      y.traffic = new TrafficYaml();
      y.traffic.rate = String.valueOf(t.rate());
      y.traffic.duration = t.durationMillis() + "ms";
      y.traffic.operations = String.valueOf(t.operations());
      y.traffic.writerRate = String.valueOf(t.writerRate());
      y.traffic.zipfianConstant = String.valueOf(t.zipfianConstant());
      y.traffic.distribution = t.distribution() == null ? null : t.distribution().id();
      y.traffic.writerStall = t.writerStallMillis() + "ms";
    }
    if (!s.custom().none()) {
      y.custom = new CustomYaml();
      y.custom.distribution = s.custom().distribution().id();
      y.custom.operations = s.custom().operations().stream().map(e -> {
        OperationYaml o = new OperationYaml();
        o.name = e.name();
        o.access = e.access().name().toLowerCase(java.util.Locale.ROOT);
        o.share = String.valueOf(e.share());
        o.className = e.operation().getClass().getName();
        return o;
      }).toList();
    }
    try {
      return yaml.writeValueAsString(y);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write scenario " + s.name() + " as YAML", e);
    }
  }

  private static ScenarioException located(String source, JsonLocation where, String message, Throwable cause) {
    String at = where == null || where.getLineNr() < 1 ? source
        : source + ":" + where.getLineNr() + ":" + where.getColumnNr();
    return new ScenarioException(at + ": " + message, cause);
  }

  /**
   * Jackson's message without the names of kvbench's classes, which mean nothing to whoever wrote
   * the YAML: "Cannot deserialize value of type `java.util.ArrayList<java.lang.String>` from Object
   * value" becomes "expected a list, found a mapping".
   */
  static String plain(String message) {
    String m = message.replaceAll("\\(class [^)]*\\)", "").replaceAll("\\(through reference chain:[^)]*\\)", "");
    if (m.contains("Duplicate field")) {
      return m.replaceFirst("(?s).*Duplicate field '([^']*)'.*", "'$1' is given twice; give it once (a list sweeps"
          + " several values)");
    }
    java.util.regex.Matcher type = java.util.regex.Pattern.compile("(?:value of type|instance of) `([^`<]*)").matcher(m);
    java.util.regex.Matcher from = java.util.regex.Pattern.compile("from (Object|Array|String|Boolean|Integer|Number"
        + "|Floating-point) value|(int|Int|String|boolean|double)-argument").matcher(m);
    if (type.find() && from.find()) {
      String t = type.group(1);
      String expected = t.startsWith("java.util.List") || t.startsWith("java.util.ArrayList") ? "a list or a single value"
          : t.startsWith("java.util.") || t.startsWith("dev.kvbench.") ? "a mapping (key: value)" : "a single value";
      String f = from.group(1) != null ? from.group(1) : from.group(2);
      String found = switch (f) {
        case "Object" -> "a mapping (key: value)";
        case "Array" -> "a list";
        case "String" -> "a text";
        case "Boolean", "boolean" -> "true or false";
        default -> "a number";
      };
      return "expected " + expected + " here, found " + found;
    }
    return m.replaceAll("`?dev\\.kvbench\\.[A-Za-z.$]+`?", "this field").replaceAll("`java\\.[A-Za-z.<>,$]+`", "a value")
        .trim();
  }

  private static String sorted(Collection<Object> ids) {
    return ids.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
  }

  /**
   * Where the value at {@code pointer} starts in {@code text}, or the closest enclosing field that
   * is there; null when the text has none of it (the value came from a flag or a default).
   */
  static JsonLocation locate(String text, String pointer) {
    if (pointer.isEmpty()) {
      return null;
    }
    String target = pointer;
    while (!target.isEmpty()) {
      try (JsonParser p = new YAMLFactory().createParser(text)) {
        JsonToken t;
        while ((t = p.nextToken()) != null) {
          if (t == JsonToken.FIELD_NAME) {
            continue;
          }
          String here = p.getParsingContext().pathAsPointer().toString();
          if (t.isStructStart()) {
            here = p.getParsingContext().getParent() == null ? ""
                : p.getParsingContext().getParent().pathAsPointer().toString();
          }
          if (here.equals(target)) {
            return p.currentTokenLocation();
          }
        }
      } catch (IOException e) {
        return null;
      }
      target = target.substring(0, target.lastIndexOf('/'));
    }
    return null;
  }

  /** The file's shape: strings everywhere, so every conversion error can name its field. */
  static final class ScenarioYaml {
    public String name;
    public String description;
    public MatrixYaml matrix = new MatrixYaml();
    public List<String> phases;
    public String seed;
    public RepetitionsYaml repetitions = new RepetitionsYaml();
    public JvmYaml jvm = new JvmYaml();
    public String cellTimeout;
    public String latencySample;
    public TrafficYaml traffic;
    public CustomYaml custom;

    Scenario toScenario(String defaultName) {
      Scenario d = Scenario.defaults(name == null ? defaultName : name);
      return new Scenario(
          d.name(),
          description,
          matrix == null ? Matrix.DEFAULT : matrix.toMatrix(),
          phases == null ? d.phases() : each("/phases", phases, Phase::fromId),
          seed == null ? d.seed() : convert("/seed", seed, Long::parseLong),
          repetitions == null ? Repetitions.DEFAULT : repetitions.toRepetitions(),
          jvm == null ? JvmOptions.DEFAULT : jvm.toJvm(),
          cellTimeout == null ? d.cellTimeout() : convert("/cellTimeout", cellTimeout, ScenarioFiles::duration),
          latencySample == null ? d.latencySample() : convert("/latencySample", latencySample, Integer::parseInt),
          traffic == null ? Traffic.DEFAULT : traffic.toTraffic(),
          custom == null ? CustomMix.NONE : custom.toCustomMix());
    }
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
  static final class TrafficYaml {
    public String rate;
    public String duration;
    public String operations;
    public String writerRate;
    public String zipfianConstant;
    public String distribution;
    public String writerStall;

    Traffic toTraffic() {
      Traffic d = Traffic.DEFAULT;
      try {
        return new Traffic(
            rate == null ? d.rate() : convert("/traffic/rate", rate, Double::parseDouble),
            duration == null ? d.durationMillis() : convert("/traffic/duration", duration, ScenarioFiles::millis),
            operations == null ? d.operations() : convert("/traffic/operations", operations, Counts::parse),
            writerRate == null ? d.writerRate() : convert("/traffic/writerRate", writerRate, Double::parseDouble),
            zipfianConstant == null ? d.zipfianConstant()
                : convert("/traffic/zipfianConstant", zipfianConstant, Double::parseDouble),
            distribution == null ? null
                : convert("/traffic/distribution", distribution, RequestDistribution::fromId),
            writerStall == null ? d.writerStallMillis() : convert("/traffic/writerStall", writerStall,
                ScenarioFiles::millis));
      } catch (ScenarioException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw new ScenarioException("/traffic", e.getMessage());
      }
    }
  }

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
          throw new ScenarioException("/matrix/" + key, "unknown key '" + key + "'; allowed here: "
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

  static final class RepetitionsYaml {
    public String forks;
    public String warmupPasses;
    public String warmupMillis;
    public String measured;
    public String readCache;
    public String traceCommits;

    Repetitions toRepetitions() {
      Repetitions d = Repetitions.DEFAULT;
      int f = forks == null ? d.forks() : convert("/repetitions/forks", forks, Integer::parseInt);
      int w = warmupPasses == null ? d.warmupPasses() : convert("/repetitions/warmupPasses", warmupPasses,
          Integer::parseInt);
      long ms = warmupMillis == null ? d.warmupMillis() : convert("/repetitions/warmupMillis", warmupMillis,
          Long::parseLong);
      int m = measured == null ? d.measuredPasses() : convert("/repetitions/measured", measured, Integer::parseInt);
      ReadCache cache = readCache == null ? d.readCache()
          : convert("/repetitions/readCache", readCache, ReadCache::fromId);
      boolean trace = traceCommits == null ? d.traceCommits()
          : convert("/repetitions/traceCommits", traceCommits, ScenarioFiles::bool);
      try {
        return new Repetitions(f, w, ms, m, cache, trace);
      } catch (IllegalArgumentException e) {
        throw new ScenarioException("/repetitions", e.getMessage());
      }
    }
  }

  static final class JvmYaml {
    public String java;
    public String heap;
    public List<String> options;

    JvmOptions toJvm() {
      requireNoEmptyValue("/jvm/options", options, "give the option, e.g. -XX:+UseParallelGC");
      try {
        return new JvmOptions(java, heap, options);
      } catch (IllegalArgumentException e) {
        throw new ScenarioException("/jvm/heap", e.getMessage());
      }
    }
  }

  /** A duration in milliseconds: {@code 500ms}, or anything {@link #duration} reads. */
  public static long millis(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.endsWith("ms")) {
      try {
        return Long.parseLong(t.substring(0, t.length() - 2));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. 500ms, 10s or 5m");
      }
    }
    return duration(text).toMillis();
  }

  /** Durations as {@code 250ms}, {@code 90s}, {@code 30m}, {@code 2h}, or ISO-8601 ({@code PT30M}). */
  public static Duration duration(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.startsWith("pt")) {
        return Duration.parse(t.toUpperCase(Locale.ROOT));
      }
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      }
      long n = Long.parseLong(t.substring(0, t.length() - 1));
      return switch (t.charAt(t.length() - 1)) {
        case 's' -> Duration.ofSeconds(n);
        case 'm' -> Duration.ofMinutes(n);
        case 'h' -> Duration.ofHours(n);
        default -> throw new IllegalArgumentException();
      };
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. 250ms, 90s, 30m or 2h");
    }
  }

  /**
   * YAML reads an unquoted {@code null}, {@code ~} or nothing at all as no value: in a list of
   * stores, that is "unknown store" for what looks like the null store's name.
   */
  private static void requireNoEmptyValue(String pointer, List<String> values, String hint) {
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

  private static <T> List<T> each(String pointer, List<String> texts, Function<String, T> parse) {
    requireNoEmptyValue(pointer, texts, "give a value");
    List<T> out = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      out.add(convert(pointer + "/" + i, texts.get(i), parse));
    }
    return out;
  }

  private static boolean bool(String text) {
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("'" + text + "' is neither true nor false");
    };
  }

  private static <T> T convert(String pointer, String text, Function<String, T> parse) {
    try {
      return parse.apply(text);
    } catch (NumberFormatException e) {
      throw new ScenarioException(pointer, "'" + text + "' is not a number");
    } catch (IllegalArgumentException e) {
      throw new ScenarioException(pointer, e.getMessage());
    }
  }
}
