package dev.kvbench.scenario;

import dev.kvbench.workload.FieldWrites;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.OperationMix;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.YcsbKeys;
import dev.kvbench.workload.YcsbRecords;
import dev.kvbench.workload.Zipfian;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * YCSB workload properties by YCSB's own names ({@code recordcount}, {@code readproportion},
 * {@code fieldlength}, ...), as a YCSB workload file or its {@code -p} flags give them, turned into
 * kvbench's settings: a scenario's {@code ycsb:} block and {@code run -p NAME=VALUE}. A property
 * YCSB has that kvbench does not build is refused by name, never ignored.
 */
public final class YcsbProperties {

  /** The properties taken, in the order YCSB's workload files list them. */
  public static final List<String> NAMES = List.of("workload", "recordcount", "operationcount", "threadcount",
      "fieldcount", "fieldlength", "fieldlengthdistribution", "readallfields", "writeallfields", "readproportion",
      "updateproportion", "insertproportion", "scanproportion", "readmodifywriteproportion", "requestdistribution",
      "zipfianconstant", "maxscanlength", "minscanlength", "scanlengthdistribution", "insertorder", "zeropadding",
      "hotspotdatafraction", "hotspotopnfraction", "exponential.percentile", "exponential.frac");

  private static final Map<String, Operation> PROPORTIONS = Map.of("readproportion", Operation.READ,
      "updateproportion", Operation.UPDATE, "insertproportion", Operation.INSERT, "scanproportion", Operation.SCAN,
      "readmodifywriteproportion", Operation.READ_MODIFY_WRITE);

  private YcsbProperties() {}

  /**
   * {@code overrides} with every property set; throws IllegalArgumentException naming the property
   * and the fix for one kvbench does not take or a value it cannot.
   */
  public static ScenarioOverrides applyTo(Map<String, String> properties, ScenarioOverrides overrides) {
    Map<String, String> p = new LinkedHashMap<>();
    properties.forEach((k, v) -> p.put(k.trim().toLowerCase(Locale.ROOT), v == null ? "" : v.trim()));
    for (String name : p.keySet()) {
      if (!NAMES.contains(name)) {
        throw new IllegalArgumentException("YCSB property '" + name + "' is not one kvbench takes; it takes "
            + String.join(", ", NAMES) + " (docs/workloads.md, YCSB side by side)");
      }
    }
    String workload = p.get("workload");
    if (workload != null && !workload.endsWith(".workloads.CoreWorkload")) {
      throw new IllegalArgumentException("YCSB property workload=" + workload + ": kvbench runs YCSB's CoreWorkload"
          + " only (site.ycsb.workloads.CoreWorkload)");
    }
    requireValue(p, "fieldlengthdistribution", "constant", "records of varying field lengths are not built");
    requireValue(p, "minscanlength", "1", "scans of 1 to maxscanlength entries are built");
    requireValue(p, "scanlengthdistribution", "uniform", "scan lengths uniform from 1 are built");
    requireValue(p, "zeropadding", "1", "YCSB's default key names are built");
    requireValue(p, "hotspotdatafraction", "0.2", "YCSB's default hot set is built");
    requireValue(p, "hotspotopnfraction", "0.8", "YCSB's default hot set is built");
    requireValue(p, "exponential.percentile", "95", "YCSB's default exponential is built");
    requireValue(p, "exponential.frac", "0.8571428571", "YCSB's default exponential is built");
    String readAll = p.get("readallfields");
    if (readAll != null) {
      bool("readallfields", readAll);
    }
    if (p.containsKey("recordcount")) {
      overrides.axis(Axes.ENTRIES, List.of(count(p, "recordcount")));
    }
    if (p.containsKey("operationcount")) {
      long ops = count(p, "operationcount");
      overrides.traffic(t -> t.withOperations(ops));
    }
    if (p.containsKey("threadcount")) {
      overrides.axis(Axes.THREADS, List.of((int) count(p, "threadcount")));
    }
    if (p.containsKey("fieldcount") || p.containsKey("fieldlength")) {
      int fields = p.containsKey("fieldcount") ? (int) count(p, "fieldcount") : YcsbRecords.DEFAULT_FIELDS;
      int length = p.containsKey("fieldlength") ? (int) count(p, "fieldlength") : YcsbRecords.DEFAULT_FIELD_LENGTH;
      overrides.axis(Axes.VALUE_CONTENTS, List.of(new YcsbRecords(fields)));
      overrides.axis(Axes.VALUE_SIZES, List.of(YcsbRecords.recordSize(fields, length)));
    }
    if (p.containsKey("writeallfields")) {
      FieldWrites w = bool("writeallfields", p.get("writeallfields")) ? FieldWrites.ALL : FieldWrites.ONE;
      overrides.traffic(t -> t.withFieldWrites(w));
    }
    if (PROPORTIONS.keySet().stream().anyMatch(p::containsKey)) {
      Map<Operation, Double> mix = proportions(p);
      overrides.traffic(t -> t.withProportions(mix));
    }
    if (p.containsKey("requestdistribution")) {
      String d = p.get("requestdistribution");
      RequestDistribution rd;
      try {
        rd = RequestDistribution.fromId(d);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("YCSB property requestdistribution=" + d + ": kvbench builds YCSB's"
            + " uniform, zipfian, latest, hotspot, exponential and sequential");
      }
      if (!rd.ycsb()) {
        throw new IllegalArgumentException("YCSB property requestdistribution=" + d + " is not YCSB's; use uniform,"
            + " zipfian, latest, hotspot, exponential or sequential, or kvbench's traffic.distribution " + d);
      }
      overrides.traffic(t -> t.withDistribution(rd));
    }
    if (p.containsKey("zipfianconstant")) {
      double z = number(p, "zipfianconstant");
      Zipfian.checkConstant(z);
      overrides.traffic(t -> t.withZipfianConstant(z));
    }
    if (p.containsKey("maxscanlength")) {
      int m = (int) count(p, "maxscanlength");
      overrides.traffic(t -> t.withMaxScanLength(m));
    }
    if (p.containsKey("insertorder")) {
      String order = p.get("insertorder");
      YcsbKeys keys = switch (order) {
        case "hashed" -> YcsbKeys.HASHED;
        case "ordered" -> YcsbKeys.ORDERED;
        default -> throw new IllegalArgumentException("YCSB property insertorder=" + order + ": use hashed or ordered");
      };
      overrides.axis(Axes.KEYS, List.of(keys));
    }
    return overrides;
  }

  /** YCSB's operation chooser: its defaults (read 0.95, update 0.05) for those not given, weights normalised. */
  private static Map<Operation, Double> proportions(Map<String, String> p) {
    Map<Operation, Double> weights = new EnumMap<>(Operation.class);
    double sum = 0;
    for (Map.Entry<String, Operation> e : PROPORTIONS.entrySet()) {
      double fallback = e.getValue() == Operation.READ ? 0.95 : e.getValue() == Operation.UPDATE ? 0.05 : 0;
      double w = p.containsKey(e.getKey()) ? number(p, e.getKey()) : fallback;
      if (w < 0) {
        throw new IllegalArgumentException("YCSB property " + e.getKey() + "=" + w + " must not be negative");
      }
      if (w > 0) {
        weights.put(e.getValue(), w);
        sum += w;
      }
    }
    if (sum <= 0) {
      throw new IllegalArgumentException("the YCSB proportions give no operation a share; give e.g. readproportion=1");
    }
    // YCSB's DiscreteGenerator divides each weight by their sum; weights that sum to 1 stay as given
    boolean normalise = Math.abs(sum - 1) > 1e-9;
    Map<Operation, Double> mix = new EnumMap<>(Operation.class);
    for (Map.Entry<Operation, Double> e : weights.entrySet()) {
      mix.put(e.getKey(), normalise ? e.getValue() / sum : e.getValue());
    }
    new OperationMix(mix, RequestDistribution.ZIPFIAN, 1, 1);
    return mix;
  }

  private static void requireValue(Map<String, String> p, String name, String only, String why) {
    String v = p.get(name);
    if (v != null && !v.equals(only) && !(isNumber(v) && isNumber(only) && Double.parseDouble(v) == Double.parseDouble(only))) {
      throw new IllegalArgumentException("YCSB property " + name + "=" + v + " is not built: only " + name + "=" + only
          + " (" + why + ")");
    }
  }

  private static boolean isNumber(String s) {
    try {
      Double.parseDouble(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static long count(Map<String, String> p, String name) {
    try {
      long n = Counts.parse(p.get(name));
      if (n < 1 || n > Integer.MAX_VALUE && !name.endsWith("count")) {
        throw new IllegalArgumentException("below 1");
      }
      return n;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("YCSB property " + name + "=" + p.get(name) + " must be a whole number of at"
          + " least 1, e.g. " + name + "=1000");
    }
  }

  private static double number(Map<String, String> p, String name) {
    try {
      return Double.parseDouble(p.get(name));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("YCSB property " + name + "=" + p.get(name) + " is not a number, e.g. "
          + name + "=0.5");
    }
  }

  private static boolean bool(String name, String v) {
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("YCSB property " + name + "=" + v + ": use true or false");
    };
  }
}
