package dev.kvbench.summary;

import dev.kvbench.result.RateCurves;
import dev.kvbench.result.RateCurves.Capacity;
import dev.kvbench.result.RateCurves.Curve;
import dev.kvbench.result.RateCurves.Percentile;
import dev.kvbench.result.RateCurves.Point;
import dev.kvbench.scenario.Sla;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A rate sweep's tables: each curve's points (offered and achieved rate, the percentiles of the
 * latency from the intended start with p99's interval across the forks, and the verdict at the
 * SLA), then with an SLA each curve's capacity with its interval and its ratio to the best.
 */
public final class CapacityTable {

  private CapacityTable() {}

  /** What the curve table shows, for its title line. */
  public static final String CURVES_TITLE = "Throughput and latency at each offered rate (latency from each op's"
      + " intended start, every op of every measured pass and fork; p99's 95 % interval across the forks' own p99)";

  /** The points of {@code curves}, a row each; {@code label} names a curve by its first point's cell id. */
  public static TextTable curves(List<Curve> curves, Function<String, String> label) {
    TextTable t = new TextTable(TextTable.left("Store"), TextTable.left("Phase"), TextTable.right("Offered ops/s"),
        TextTable.right("Achieved ops/s"), TextTable.right("Forks"), TextTable.right("Samples"),
        TextTable.right("p50 µs"), TextTable.right("p90 µs"), TextTable.right("p99 µs"),
        TextTable.right("p99 interval"), TextTable.right("p99.9 µs"), TextTable.right("max µs"),
        TextTable.left("At the SLA")).keyColumns(2);
    for (Curve c : curves) {
      boolean first = true;
      for (Point p : c.points()) {
        List<String> row = new ArrayList<>(List.of(first ? label.apply(c.points().get(0).cellId()) : "",
            first ? c.phase() : "",
            rate(p.offeredRate()), rate(p.achievedRate()), Integer.toString(p.forks()),
            String.format(Locale.ROOT, "%,d", p.samples())));
        Percentile p99 = p.percentiles().get(2);
        row.add(micros(p.percentiles().get(0).nanos()));
        row.add(micros(p.percentiles().get(1).nanos()));
        row.add(micros(p99.nanos()));
        row.add(Double.isNaN(p99.lowNanos()) ? "-" : micros(p99.lowNanos()) + "-" + micros(p99.highNanos()));
        row.add(micros(p.percentiles().get(3).nanos()));
        row.add(micros(p.percentiles().get(4).nanos()));
        row.add(switch (p.status()) {
          case MET -> "met";
          case OVER_BUDGET -> "over: " + p.why().replaceFirst("^latency: ", "");
          case SATURATED -> "saturated (" + percent(p.achievedRate() / p.offeredRate()) + " achieved)";
          case HARNESS_LIMITED -> "not offered: the harness saturated (more client threads)";
          case UNJUDGED -> "-";
        });
        t.row(row.toArray(String[]::new));
        first = false;
      }
    }
    return t;
  }

  /** The title of the capacity table at {@code sla}. */
  public static String capacityTitle(Sla sla) {
    return "Capacity at the SLA " + sla + ": the highest offered rate that met it, every lower rate met too (each"
        + " fork's own capacity judged on its own passes; the capacity is their median, with its bootstrap"
        + " interval; x best: against the highest capacity but the harness's)";
  }

  /** Each curve's capacity, a row each; none without an SLA. */
  public static TextTable capacities(List<Curve> curves, Function<String, String> label) {
    TextTable t = new TextTable(TextTable.left("Store"), TextTable.left("Phase"), TextTable.right("Capacity ops/s"),
        TextTable.right("95 % interval"), TextTable.right("Forks' own"), TextTable.right("x best"),
        TextTable.right("Broke at ops/s"), TextTable.left("Why")).keyColumns(2);
    // the null store's capacity is the harness's own ceiling, never the best store's
    double best = curves.stream().filter(c -> c.capacity() != null && !c.reference())
        .mapToDouble(c -> c.capacity().rate()).max().orElse(0);
    for (Curve c : curves) {
      Capacity cap = c.capacity();
      if (cap == null) {
        continue;
      }
      String rate = cap.rate() > 0 ? (cap.atLeast() ? ">= " : "") + rate(cap.rate())
          : "< " + rate(c.points().get(0).offeredRate());
      String interval = Double.isNaN(cap.low()) ? "-" : rate(cap.low()) + "-" + rate(cap.high());
      String ratio = c.reference() ? "harness" : best > 0 && cap.rate() > 0
          ? String.format(Locale.ROOT, "%.2f", cap.rate() / best) : "-";
      String own = String.join(" ", cap.forkRates().stream().map(CapacityTable::rate).toList());
      t.row(label.apply(c.points().get(0).cellId()), c.phase(), rate, interval, own, ratio,
          cap.brokenAt() == null ? "-" : rate(cap.brokenAt().offeredRate()),
          (cap.brokenAt() == null ? cap.unbroken() : cap.brokenAt().why()) + (cap.stallBound() == null ? "" : "; " + cap.stallBound())
              + (cap.nearHarness() && !c.reference() ? String.format(Locale.ROOT,
              "; limited by the harness: within %.0f %% of the null store's capacity (%s ops/s)",
              100 * (1 - Capacity.NEAR_HARNESS), rate(cap.harnessRate())) : ""));
    }
    return t;
  }

  /** The curves of a run's cells at its SLA, as RunSummary prints them; empty without a rate sweep. */
  static String render(List<Curve> curves, Sla sla, Function<String, String> label, int pageWidth) {
    if (curves.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    out.append('\n').append(TextWrap.wrap(CURVES_TITLE, pageWidth, "  ")).append('\n');
    out.append(curves(curves, label).render(pageWidth));
    if (sla.given()) {
      out.append('\n').append(TextWrap.wrap(capacityTitle(sla), pageWidth, "  ")).append('\n');
      out.append(capacities(curves, label).render(pageWidth));
      out.append(TextWrap.wrap("Saturated: the clients achieved under " + percent(RateCurves.SATURATED_BELOW)
          + " of the offered rate; its latencies are a queue's, not the store's at that rate, and it is never"
          + " reported as one.", pageWidth, "  ")).append('\n');
      if (curves.stream().noneMatch(Curve::reference)) {
        out.append(TextWrap.wrap("The harness's own ceiling was not measured: the run has no null store. Add it to"
            + " the stores to tell a store's capacity from the load generator's.", pageWidth, "  ")).append('\n');
      }
    }
    return out.toString();
  }

  private static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%,.0f", perSecond);
  }

  private static String micros(double nanos) {
    return String.format(Locale.ROOT, "%,.1f", nanos / 1e3);
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f %%", 100 * share);
  }
}
