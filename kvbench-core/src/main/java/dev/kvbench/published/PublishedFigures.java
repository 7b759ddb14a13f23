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
  private static final String DURABILITY = "durability";
  private static final String BATCH_SIZE = "batchSize";
  /** JMH's units as milliseconds: its CSV gives a pass in ms/op, or s/op for long passes (Test 6). */
  private static final Map<String, Double> MS_PER = Map.of("ms/op", 1.0, "s/op", 1000.0);
  /** A size file's name that carries its value size: {@code "LMDB 2027"}. */
  private static final java.util.regex.Pattern SIZED_NAME = java.util.regex.Pattern.compile("(.*\\D) (\\d+)");

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
      List<PublishedStorage> storage = new ArrayList<>();
      e.storage.forEach(f -> storage.addAll(sizes(e, f)));
      sets.add(new PublishedSet(e.id, e.title, e.source, e.referenceStore, e.referenceConditions, e.presets,
          jmhTimings(e), storage, e.claims.stream().map(c -> claim(e, c)).toList(),
          e.hostMemory == null ? PublishedSet.UNKNOWN : dev.kvbench.store.ByteSize.parse(e.hostMemory)));
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
        Double msPerUnit = MS_PER.get(row.get("Unit"));
        if (benchmark == null || msPerUnit == null) {
          continue;
        }
        String[] parts = benchmark.split("\\.");
        String store = e.stores.get(parts[parts.length - 2]);
        if (store == null) {
          continue;
        }
        long entries = Long.parseLong(row.get("Param: num"));
        Map<String, String> conditions = new java.util.TreeMap<>();
        e.conditions.forEach((jmhName, kvbenchName) -> {
          String value = row.get("Param: " + jmhName);
          if (value != null && !value.isEmpty()) {
            conditions.put(kvbenchName, conditionValue(kvbenchName, value, entries));
          }
        });
        out.add(new PublishedTiming(store, parts[parts.length - 1],
            "true".equals(row.get("Param: intKey")) ? "int" : "str",
            "true".equals(row.get("Param: sequential")) ? "seq" : "rnd",
            entries, Integer.parseInt(row.get("Param: valSize")), conditions,
            Double.parseDouble(row.get("Score")) * msPerUnit, Integer.parseInt(row.get("Samples"))));
      }
    } catch (IOException ex) {
      throw new UncheckedIOException("kvbench's published figures " + e.timings + " do not read", ex);
    }
    return out;
  }

  private static PublishedClaim claim(SetEntry e, ClaimEntry c) {
    String where = e.seed + ", line " + c.line;
    return switch (c.kind) {
      case "timeRatio" -> new PublishedClaim.TimeRatio(c.statement, where, c.numerator, c.denominator, c.phases,
          c.low, c.high);
      case "best" -> new PublishedClaim.Best(c.statement, where, c.cells, c.by, c.among,
          PublishedClaim.Measure.valueOf(c.measure.toUpperCase(java.util.Locale.ROOT)), c.phase, c.expected);
      case "maxKeySize" -> new PublishedClaim.MaxKeySize(c.statement, where, c.bytes);
      default -> throw new IllegalStateException("published.yaml: claim kind " + c.kind + " of set " + e.id
          + " is none of timeRatio, best, maxKeySize");
    };
  }

  /**
   * A JMH parameter's value as kvbench names it: {@code sync} true or false is durability sync or
   * nosync; a batch size is a fraction of the entries (a scaled run scales both); a setting's value
   * is the same text.
   */
  private static String conditionValue(String kvbenchName, String jmhValue, long entries) {
    return switch (kvbenchName) {
      case DURABILITY -> Boolean.parseBoolean(jmhValue) ? "sync" : "nosync";
      case BATCH_SIZE -> batchFraction(Long.parseLong(jmhValue), entries);
      default -> jmhValue;
    };
  }

  /** A batch of {@code batchSize} among {@code entries} as the fraction {@link PublishedTiming#conditions} compare. */
  public static String batchFraction(long batchSize, long entries) {
    return new java.math.BigDecimal(Math.min(batchSize, entries))
        .divide(new java.math.BigDecimal(entries), java.math.MathContext.DECIMAL64).stripTrailingZeros().toPlainString();
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

  /**
   * The report's size data: one {@code "name" bytes} or {@code bytes "name"} line per store; a name
   * given twice counts once. Where the file holds several value sizes, each name ends with its value
   * size ({@code "LevelDB 2026"}).
   */
  private static List<PublishedStorage> sizes(SetEntry e, StorageFile f) {
    List<PublishedStorage> out = new ArrayList<>();
    try (InputStream in = resource(f.file)) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        int open = line.indexOf('"');
        int close = line.lastIndexOf('"');
        if (open < 0 || close <= open) {
          continue;
        }
        String name = line.substring(open + 1, close);
        int valueSize = f.valueSize;
        java.util.regex.Matcher sized = SIZED_NAME.matcher(name);
        if (valueSize == 0 && sized.matches()) {
          name = sized.group(1);
          valueSize = Integer.parseInt(sized.group(2));
        }
        String bytes = (line.substring(0, open) + line.substring(close + 1)).trim();
        String store = e.stores.get(name);
        int size = valueSize;
        if (store == null || bytes.isEmpty()
            || out.stream().anyMatch(s -> s.store().equals(store) && s.valueSize() == size)) {
          continue;
        }
        out.add(new PublishedStorage(store, f.keys, f.order, f.entries, valueSize, Long.parseLong(bytes)));
      }
    } catch (IOException ex) {
      throw new UncheckedIOException("kvbench's published figures " + f.file + " do not read", ex);
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
    public Map<String, String> referenceConditions = Map.of();
    public List<String> presets = List.of();
    public String timings;
    /** JMH parameter (without "Param: ") to the kvbench name it is compared with. */
    public Map<String, String> conditions = Map.of();
    public List<StorageFile> storage = List.of();
    public Map<String, String> stores = Map.of();
    /** the seed's file under ../shared/seeds and what it is, for a claim's "where" */
    public String seed;
    public List<ClaimEntry> claims = List.of();
    /** the seed's host's memory, as it says (512g for the LmdbJava reports), for what its data fit in */
    public String hostMemory;
  }

  /** One claim of a set: its kind and the fields that kind reads (see {@link PublishedClaim}). */
  static final class ClaimEntry {
    public String kind;
    public String statement;
    public int line;
    public Map<String, String> numerator = Map.of();
    public Map<String, String> denominator = Map.of();
    public List<String> phases = List.of();
    public double low;
    public double high;
    public Map<String, String> cells = Map.of();
    public String by;
    public List<String> among = List.of();
    public String measure = "time";
    public String phase;
    public String expected;
    public Map<String, Integer> bytes = Map.of();
  }

  /** One size file of a set: whose bytes, at what size (valueSize 0: each name ends with its value size). */
  static final class StorageFile {
    public String file;
    public String keys;
    public String order;
    public long entries;
    public int valueSize;
  }
}
