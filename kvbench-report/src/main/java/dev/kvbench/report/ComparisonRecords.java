package dev.kvbench.report;

import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.ForkRatio;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.OutputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code compare --json} and {@code --csv}: every row of a comparison for a machine (a CI job, the
 * history of runs): its figures, forks, ratio, interval, verdict and what would decide it, and
 * every phase that could not be compared with why. The same rule and figures as the text.
 */
public final class ComparisonRecords {

  /**
   * The CSV's columns, in order; its first line, which also tells a file kvbench wrote. {@code
   * baseline} and {@code candidate} are in the row's {@code figure} (ms a pass, ops/s for a phase of
   * a fixed duration, CPU ms, MB after close for a cell's storage), {@code ratio}, {@code low} and {@code high} are candidate over
   * baseline of that figure, and {@code better} says which way is better: a rate's ratio below 1 is
   * slower.
   */
  public static final List<String> COLUMNS;

  /** The columns before the figure table's rows had theirs: such a file may be written over too. */
  private static final List<String> COLUMNS_BEFORE_FIGURE_TABLE = List.of("cell", "phase", "figure", "better",
      "baseline", "candidate", "baseline_forks", "candidate_forks", "ratio", "low", "high", "verdict",
      "forks_to_decide", "min_effect_percent", "settings_changed", "caveats", "why_not_compared");

  static {
    // the judged figure's columns, then each row of the figure table on both sides (shown, not judged)
    List<String> columns = new ArrayList<>(COLUMNS_BEFORE_FIGURE_TABLE.subList(0, COLUMNS_BEFORE_FIGURE_TABLE.size() - 1));
    FigureTable.ROWS.forEach(f -> {
      columns.add("baseline_" + f.id());
      columns.add("candidate_" + f.id());
    });
    columns.add("why_not_compared");
    COLUMNS = List.copyOf(columns);
  }

  /** The columns of the CSV kvbench wrote before a row said its figure: such a file may be written over too. */
  private static final List<String> COLUMNS_BEFORE_FIGURES = List.of("cell", "phase", "baseline_ms", "candidate_ms",
      "baseline_forks", "candidate_forks", "ratio", "low", "high", "verdict", "forks_to_decide", "min_effect_percent",
      "settings_changed", "caveats", "why_not_compared");

  private static final String GENERATOR = "kvbench compare";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ComparisonRecords() {}

  /** Where {@code --json} may write: refused over a file that is not a comparison kvbench wrote. */
  public static OutputFile jsonFile(Path target, String role) {
    return new OutputFile(target, role, ComparisonRecords::jsonWrittenByKvbench);
  }

  /** Where {@code --csv} may write: refused over a file that is not a comparison kvbench wrote. */
  public static OutputFile csvFile(Path target, String role) {
    return new OutputFile(target, role, ComparisonRecords::csvWrittenByKvbench);
  }

  /** The comparison as one JSON document: its rule, its rows and what was not compared. */
  public static String json(Comparison c, String baseline, String candidate) {
    ObjectNode root = rule(JSON.createObjectNode().put("generator", GENERATOR).put("baseline", baseline)
        .put("candidate", candidate), c);
    root.set("rows", rows(c));
    ArrayNode unmatched = root.putArray("notCompared");
    c.unmatched().forEach(u -> unmatched.addObject().put("side", u.side()).put("cell", u.cell()).put("why", u.why())
        .put("gap", u.gap().name().toLowerCase(java.util.Locale.ROOT)));
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The rule {@code c} judged by (minimum effect, confidence, forks, noisy forks, figure), put on {@code node}. */
  static ObjectNode rule(ObjectNode node, Comparison c) {
    return node.put("minEffectPercent", c.minEffectPercent()).put("confidence", ForkRatio.CONFIDENCE)
        .put("minForks", ForkRatio.MIN_FORKS).put("on", c.figure().id())
        .put("noisyForks", c.noisyForks().name().toLowerCase(java.util.Locale.ROOT))
        .put("pairing", c.pairing().id());
  }

  /** Every compared row as a JSON object, fields by the CSV's columns in camel case; those without a value left out. */
  static ArrayNode rows(Comparison c) {
    ArrayNode rows = JSON.createArrayNode();
    for (Map<String, Object> r : records(c)) {
      if (r.get("why_not_compared") == null) {
        ObjectNode n = rows.addObject();
        r.forEach((k, v) -> {
          if (v != null && !k.equals("why_not_compared") && !k.equals("min_effect_percent")) {
            n.set(camel(k), JSON.valueToTree(v));
          }
        });
      }
    }
    return rows;
  }

  /** The comparison as CSV: a row per compared phase, then one per phase not compared (with why). */
  public static String csv(Comparison c) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    COLUMNS.forEach(schema::addColumn);
    try {
      // a cell's id or a setting from a result file is text a spreadsheet would run as a formula
      List<Map<String, Object>> safe = records(c).stream().map(r -> {
        Map<String, Object> m = new LinkedHashMap<>();
        r.forEach((k, v) -> m.put(k, SpreadsheetCells.safe(v)));
        return m;
      }).toList();
      return new CsvMapper().writer(schema.build()).writeValueAsString(safe);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Map<String, Object>> records(Comparison c) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Comparison.Row r : c.rows()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("cell", r.cell());
      m.put("phase", r.phase());
      m.put("figure", r.shown().id());
      m.put("better", r.shown().lowerIsBetter() ? "lower" : "higher");
      m.put("baseline", r.baselineFigure());
      m.put("candidate", r.candidateFigure());
      m.put("baseline_forks", r.change().baselineForks());
      m.put("candidate_forks", r.change().candidateForks());
      m.put("ratio", r.shownRatio());
      m.put("low", r.change().hasInterval() ? r.shownInterval()[0] : null);
      m.put("high", r.change().hasInterval() ? r.shownInterval()[1] : null);
      m.put("verdict", r.verdict().id());
      int forks = r.verdict() == Verdict.UNDECIDED ? r.change().forksToDecide(c.minEffectPercent()) : -1;
      m.put("forks_to_decide", forks >= 0 ? forks : null);
      m.put("min_effect_percent", c.minEffectPercent());
      m.put("settings_changed", r.settingsChanged() == null ? "" : r.settingsChanged());
      m.put("caveats", r.caveats() == null ? "" : r.caveats().describe());
      for (Comparison.FigurePair f : r.figures()) {
        m.put("baseline_" + f.figure().id(), f.baseline());
        m.put("candidate_" + f.figure().id(), f.candidate());
      }
      m.put("why_not_compared", null);
      out.add(m);
    }
    for (Comparison.Unmatched u : c.unmatched()) {
      Map<String, Object> m = new LinkedHashMap<>();
      COLUMNS.forEach(k -> m.put(k, null));
      m.put("cell", u.side() + ": " + u.cell());
      m.put("verdict", "not compared");
      m.put("min_effect_percent", c.minEffectPercent());
      m.put("why_not_compared", u.why());
      out.add(m);
    }
    return out;
  }

  private static String camel(String snake) {
    StringBuilder b = new StringBuilder();
    boolean up = false;
    for (char ch : snake.toCharArray()) {
      if (ch == '_') {
        up = true;
      } else {
        b.append(up ? Character.toUpperCase(ch) : ch);
        up = false;
      }
    }
    return b.toString();
  }

  private static boolean jsonWrittenByKvbench(Path p) {
    try {
      JsonNode root = JSON.readTree(p.toFile());
      return root != null && GENERATOR.equals(root.path("generator").asText(null));
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean csvWrittenByKvbench(Path p) {
    try (var lines = Files.lines(p, StandardCharsets.UTF_8)) {
      return lines.findFirst().map(l -> l.replace("\"", "")).map(l -> l.equals(String.join(",", COLUMNS))
          || l.equals(String.join(",", COLUMNS_BEFORE_FIGURE_TABLE))
          || l.equals(String.join(",", COLUMNS_BEFORE_FIGURES))).orElse(false);
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }
}
