package dev.kvbench.report.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.result.OutputFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A history as JSON: its rule, runs, series with their points, forks and change points, and (where
 * a gate judged it) the gate's findings. {@code history --json} writes it, and the history page
 * draws from it.
 */
public final class HistoryRecords {

  /** Bumped when a field changes meaning or goes. */
  public static final int FORMAT = 1;

  private static final ObjectMapper JSON = JsonMapper.builder().build();

  private HistoryRecords() {}

  /**
   * The gate's question and answer.
   *
   * @param percent the smallest slowdown that fails
   * @param recent how many of a series' newest points a failing change may start at
   * @param allowIncomplete whether a series the newest run gave no figure passes
   */
  public record Gate(double percent, int recent, boolean allowIncomplete) {

    /** Whether {@code h} fails this gate. */
    public boolean fails(History h) {
      return !h.gate(percent, recent).isEmpty() || (!allowIncomplete && !h.incomplete().isEmpty());
    }
  }

  /** The history as a JSON tree; {@code gate} null where none judged it. */
  public static ObjectNode tree(History h, Gate gate) {
    ObjectNode root = JSON.createObjectNode().put("kvbenchHistory", FORMAT);
    HistoryRule rule = h.rule();
    root.put("order", rule.order().id()).put("figure", rule.figure().id())
        .put("noisyForks", rule.noisyForks().name().toLowerCase(java.util.Locale.ROOT));
    root.putObject("detection").put("method", "E-Divisive, Otava's form (t-test, sliding windows, weak/strong)")
        .put("windowLength", rule.detection().windowLength()).put("maxPValue", rule.detection().maxPValue())
        .put("minMagnitudePercent", rule.detection().minMagnitude() * 100);
    // the figure table's rows each point carries beside its judged figure, with how they print
    dev.kvbench.report.FigureColumns.addTo(root.putArray("figureColumns"));
    ArrayNode runs = root.putArray("runs");
    for (HistoryRun r : h.runs()) {
      ObjectNode o = runs.addObject().put("number", r.number()).put("source", r.source())
          .put("startedAt", r.startedAt()).put("scenario", r.scenarioName()).put("host", r.host())
          .put("kvbenchVersion", r.kvbenchVersion());
      putIfPresent(o, "revision", r.revision());
      putIfPresent(o, "note", r.note());
    }
    ArrayNode warnings = root.putArray("warnings");
    h.warnings().forEach(warnings::add);
    ArrayNode series = root.putArray("series");
    for (Series s : h.series()) {
      series.add(series(s));
    }
    // the series no run measured and what is never a series, each with why: nothing leaves without a line
    ArrayNode unmeasured = root.putArray("unmeasured");
    for (Series s : h.unmeasured()) {
      unmeasured.add(series(s).put("why", s.whyNoFigure()));
    }
    ArrayNode notSeries = root.putArray("notSeries");
    h.notSeries().forEach(notSeries::add);
    if (gate != null) {
      ObjectNode g = root.putObject("gate").put("percent", gate.percent()).put("recent", gate.recent())
          .put("allowIncomplete", gate.allowIncomplete()).put("fails", gate.fails(h));
      ArrayNode regressions = g.putArray("regressions");
      h.gate(gate.percent(), gate.recent()).forEach(f -> regressions.addObject().put("series", f.series().label())
          .put("hostClass", f.series().hostClass()).put("run", f.change().after().run().number())
          .put("percent", f.change().percent()).put("pValue", f.change().pValue()));
      ArrayNode incomplete = g.putArray("incomplete");
      h.incomplete().forEach(f -> incomplete.addObject().put("series", f.series().label())
          .put("hostClass", f.series().hostClass()));
    }
    return root;
  }

  private static ObjectNode series(Series s) {
    ObjectNode o = JSON.createObjectNode().put("hostClass", s.hostClass()).put("scenario", s.scenario())
        .put("cell", s.cell())
        .put("store", s.store()).put("phase", s.phase()).put("unit", "ms per op")
        // a phase of a fixed duration is shown by its rate, 1000 / ms per op (higher better)
        .put("shownAs", s.figure() == dev.kvbench.result.PrimaryFigure.RATE ? "ops/s" : "ms per op");
    ArrayNode points = o.putArray("points");
    for (Series.Point p : s.points()) {
      ObjectNode pt = points.addObject().put("run", p.run().number()).put("millisPerOp", p.millisPerOp());
      putIfPresent(pt, "libraryVersion", p.libraryVersion());
      ObjectNode figures = pt.putObject("figures");
      p.figures().forEach(figures::put);
      ArrayNode forks = pt.putArray("forks");
      p.forks().forEach(f -> forks.addObject().put("fork", f.number()).put("millisPerOp", f.millisPerOp())
          .put("disturbed", f.disturbed()));
    }
    ArrayNode changes = o.putArray("changes");
    for (Series.Change c : s.changes()) {
      ObjectNode ch = changes.addObject().put("index", c.index()).put("run", c.after().run().number())
          .put("runBefore", c.before().run().number()).put("direction", c.direction().id())
          .put("percent", c.percent()).put("magnitudePercent", c.magnitudePercent())
          .put("meanBefore", c.meanBefore()).put("meanAfter", c.meanAfter()).put("pValue", c.pValue());
      if (Double.isFinite(c.percentInterval()[0])) { // JSON has no NaN
        ch.put("percentLow", c.percentInterval()[0]).put("percentHigh", c.percentInterval()[1]);
      }
      putIfPresent(ch, "note", c.note());
      putIfPresent(ch, "bisect", c.bisect());
    }
    ArrayNode gaps = o.putArray("gaps");
    s.gaps().forEach(g -> gaps.addObject().put("run", g.run().number()).put("why", g.why()).put("kind", g.kind().id()));
    return o;
  }

  private static void putIfPresent(ObjectNode o, String field, String value) {
    if (value != null) {
      o.put(field, value);
    }
  }

  /** {@link #tree} as indented JSON text. */
  public static String json(History h, Gate gate) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree(h, gate)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the history cannot be written as JSON", e);
    }
  }

  /**
   * Where {@code --json} may write: {@code target} by temp file and rename, refused over a link, an
   * input, or a file that is not a history kvbench wrote.
   */
  public static OutputFile jsonFile(Path target, String role) {
    return new OutputFile(target, role, HistoryRecords::writtenByKvbench);
  }

  private static boolean writtenByKvbench(Path p) {
    try {
      return JSON.readTree(p.toFile()).has("kvbenchHistory");
    } catch (IOException e) {
      return false;
    }
  }
}
