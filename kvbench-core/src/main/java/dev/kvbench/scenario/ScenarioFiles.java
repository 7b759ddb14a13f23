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
import dev.kvbench.scenario.ScenarioYaml.MatrixYaml;
import dev.kvbench.scenario.ScenarioYaml.CustomYaml;
import dev.kvbench.scenario.ScenarioYaml.OperationYaml;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
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
    return parse(text(file), file.toString(), nameOf(file), registry);
  }

  /** {@code file} read and parsed, not checked against stores nor expanded, with its text. */
  public ScenarioSource source(Path file) {
    String text = text(file);
    return new ScenarioSource(parse(text, file.toString(), nameOf(file), null), text, file.toString());
  }

  private static String nameOf(Path file) {
    return file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
  }

  /** The file's text; a ScenarioException naming the file when it is no scenario file. */
  private static String text(Path file) {
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
    return text;
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
      throw located(source, e.getLocation(), "unknown key '" + e.getPropertyName() + "'"
          + dev.kvbench.store.NearestNames.suggestion(e.getPropertyName(),
              e.getKnownPropertyIds().stream().map(String::valueOf).toList())
          + "; allowed here: " + sorted(e.getKnownPropertyIds()), e);
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
      throw placed(e, text, source);
    }
  }

  /**
   * {@code problem}, found in the scenario parsed from {@code text}, with the file (or preset)
   * {@code source}, line and column of the field it names: for a problem found when the scenario
   * is expanded later, as a run does.
   */
  public static ScenarioException placed(ScenarioException problem, String text, String source) {
    return located(source, locate(text, problem.pointer()), problem.namingItsField(), problem);
  }

  /** The scenario as YAML that {@link #parse} reads back to an equal scenario. */
  public String write(Scenario s) {
    ScenarioYaml y = new ScenarioYaml();
    y.name = s.name();
    y.description = s.description();
    y.matrix = MatrixYaml.of(s.matrix());
    y.phases = s.phases().stream().map(Phase::id).toList();
    y.seed = ScenarioYaml.topText(ScenarioSettings.SEED, s);
    y.repetitions = ScenarioYaml.SectionYaml.of(Section.REPETITIONS, s.repetitions());
    y.jvm = ScenarioYaml.SectionYaml.of(Section.JVM, s.jvm());
    y.cellTimeout = ScenarioYaml.topText(ScenarioSettings.CELL_TIMEOUT, s);
    y.latencySample = ScenarioYaml.topText(ScenarioSettings.LATENCY_SAMPLE, s);
    y.sla = ScenarioYaml.topText(ScenarioSettings.SLA, s);
    y.rateStart = ScenarioYaml.topText(ScenarioSettings.RATE_START, s);
    y.ratePrecision = ScenarioYaml.topText(ScenarioSettings.RATE_PRECISION, s);
    if (!s.traffic().equals(Traffic.DEFAULT)) {
      y.traffic = ScenarioYaml.SectionYaml.of(Section.TRAFFIC, s.traffic());
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

}
