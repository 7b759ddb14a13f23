package dev.kvbench.published;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The seeds' published figures that ship with kvbench: {@code published.yaml} in this package's
 * resources lists each set, its source and its files, copied unchanged from where they were
 * published (JMH's CSV output for timings, the report's size data for storage).
 */
public final class PublishedFigures {

  private static final String INDEX = "published.yaml";

  private PublishedFigures() {}

  /** The sets a run of {@code scenarioName} reproduces: those that name it among their presets. */
  public static List<PublishedSet> reproducedBy(String scenarioName) {
    return bundled().stream().filter(s -> s.presets().contains(scenarioName)).toList();
  }

  /** Every set kvbench ships. */
  public static List<PublishedSet> bundled() {
    Index index;
    try (InputStream in = resource(INDEX)) {
      index = new ObjectMapper(new YAMLFactory()).readValue(in, Index.class);
    } catch (IOException e) {
      throw new UncheckedIOException("kvbench's " + INDEX + " does not read", e);
    }
    List<PublishedSet> sets = new ArrayList<>();
    for (SetEntry e : index.sets) {
      sets.add(new PublishedSet(e.id, e.title, e.source, e.referenceStore, e.presets, jmhTimings(e), sizes(e)));
    }
    return sets;
  }

  /** JMH's CSV rows for the stores the set names: one figure per benchmark method and parameters. */
  private static List<PublishedTiming> jmhTimings(SetEntry e) {
    if (e.timings == null) {
      return List.of();
    }
    List<PublishedTiming> out = new ArrayList<>();
    try (InputStream in = resource(e.timings)) {
      List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
      List<String> header = fields(lines.get(0));
      for (String line : lines.subList(1, lines.size())) {
        Map<String, String> row = new java.util.HashMap<>();
        List<String> values = fields(line);
        for (int i = 0; i < header.size() && i < values.size(); i++) {
          row.put(header.get(i), values.get(i));
        }
        String benchmark = row.get("Benchmark");
        if (benchmark == null || !"ms/op".equals(row.get("Unit"))) {
          continue;
        }
        String[] parts = benchmark.split("\\.");
        String store = e.stores.get(parts[parts.length - 2]);
        if (store == null) {
          continue;
        }
        out.add(new PublishedTiming(store, parts[parts.length - 1],
            "true".equals(row.get("Param: intKey")) ? "int" : "str",
            "true".equals(row.get("Param: sequential")) ? "seq" : "rnd",
            Long.parseLong(row.get("Param: num")), Integer.parseInt(row.get("Param: valSize")),
            Double.parseDouble(row.get("Score")), Integer.parseInt(row.get("Samples"))));
      }
    } catch (IOException ex) {
      throw new UncheckedIOException("kvbench's published figures " + e.timings + " do not read", ex);
    }
    return out;
  }

  /**
   * One line of JMH's CSV as JMH writes it: fields split at commas, quotes around text removed (its
   * fields hold no commas; a CSV library stays out of core, which embedding applications carry).
   */
  private static List<String> fields(String line) {
    List<String> out = new ArrayList<>();
    for (String f : line.split(",", -1)) {
      String t = f.trim();
      out.add(t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"") ? t.substring(1, t.length() - 1) : t);
    }
    return out;
  }

  /** The report's size data: one {@code "name" bytes} or {@code bytes "name"} line per store; a name given twice counts once. */
  private static List<PublishedStorage> sizes(SetEntry e) {
    if (e.storage == null) {
      return List.of();
    }
    List<PublishedStorage> out = new ArrayList<>();
    try (InputStream in = resource(e.storage)) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        int open = line.indexOf('"');
        int close = line.lastIndexOf('"');
        if (open < 0 || close <= open) {
          continue;
        }
        String name = line.substring(open + 1, close);
        String bytes = (line.substring(0, open) + line.substring(close + 1)).trim();
        String store = e.stores.get(name);
        if (store == null || bytes.isEmpty() || out.stream().anyMatch(s -> s.store().equals(store))) {
          continue;
        }
        out.add(new PublishedStorage(store, e.storageKeys, e.storageEntries, e.storageValueSize, Long.parseLong(bytes)));
      }
    } catch (IOException ex) {
      throw new UncheckedIOException("kvbench's published figures " + e.storage + " do not read", ex);
    }
    return out;
  }

  private static InputStream resource(String name) {
    InputStream in = PublishedFigures.class.getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException("published figures " + name + " are missing from kvbench's jar");
    }
    return in;
  }

  /** published.yaml. */
  static final class Index {
    public List<SetEntry> sets = List.of();
  }

  /** One set of published.yaml. */
  static final class SetEntry {
    public String id;
    public String title;
    public String source;
    public String referenceStore;
    public List<String> presets = List.of();
    public String timings;
    public String storage;
    public String storageKeys;
    public long storageEntries;
    public int storageValueSize;
    public Map<String, String> stores = Map.of();
  }
}
