package dev.kvbench.cli;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Axis;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.workload.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code kvbench run}'s flags that change the scenario beyond its matrix's axes (which {@link
 * AxisOptions} makes from the axis table), its repetitions, the cells' JVM and the threaded phases'
 * traffic, and its seed, cell timeout and latency sampling (which {@link SettingOptions} makes from
 * the settings' rows): phases and YCSB's workload files and properties. {@link #overrides} turns every flag given, axes included, into the scenario's
 * changes; the scenario file's field names are in each error's message where core speaks them.
 */
final class ScenarioFlags {

  @Option(names = "--phases", split = ",", paramLabel = "PHASE",
      description = "Phases to report (default: the scenario's; quick: write, readKey, readSeq, readRev, readCrc,"
          + " readXxh64). The store is always loaded first.")
  List<String> phases;

  @Option(names = {"-P", "--ycsb-workload"}, paramLabel = "FILE",
      description = "A YCSB workload file (its workloads/workloada, ...): its properties, by YCSB's names, set the"
          + " entries, operations, records, proportions and distribution of every ycsb phase; -p and the other flags"
          + " override it.")
  java.nio.file.Path ycsbWorkload;

  @Option(names = {"-p", "--ycsb-property"}, paramLabel = "NAME=VALUE",
      description = "A YCSB property by YCSB's name (recordcount, operationcount, fieldcount, fieldlength,"
          + " readproportion, updateproportion, insertproportion, scanproportion, readmodifywriteproportion,"
          + " requestdistribution, zipfianconstant, insertorder, writeallfields, maxscanlength, threadcount, ...);"
          + " repeat for several.")
  java.util.Map<String, String> ycsbProperties;

  /**
   * The scenario's changes every flag given asks for: these, the axes' flags of {@code run}, its
   * stores, scale and store settings. A value a flag cannot take is a usage error naming the flag.
   */
  ScenarioOverrides overrides(CommandSpec run, CommonOptions.StoresAndScale storesAndScale,
      StoreOptions storeOptions) {
    try {
      Spelling spelling = new Spelling(run);
      dev.kvbench.store.StoreRegistry registry = dev.kvbench.store.StoreRegistry.load();
      ScenarioOverrides o = new ScenarioOverrides();
      if (storesAndScale.stores != null) {
        o.stores(spelling.stores(storesAndScale.stores, registry));
      }
      if (storesAndScale.scale != null) {
        o.scale(storesAndScale.scale);
      }
      ycsb(o);
      for (Axis<?> axis : Axes.ALL) {
        axisFlag(run, o, axis);
      }
      if (!storeOptions.given.isEmpty()) {
        o.settings(storeOptions.sweeps(s -> spelling.setting(s, registry)));
      }
      if (phases != null) {
        o.phases(each("--phases", spelling.phases(phases), Phase::fromId));
      } else if (AxisOptions.texts(run, Axes.TRACES) != null) {
        o.phases(List.of(Phase.REPLAY)); // a trace is replayed by its phase, which runs alone
      }
      SettingOptions.applyTo(run, o);
      return o;
    } catch (UsageException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw FlagNames.usage(e);
    }
  }

  /** The values of {@code axis}'s flag, when given, parsed by the axis. */
  private static <T> void axisFlag(CommandSpec run, ScenarioOverrides o, Axis<T> axis) {
    List<String> texts = AxisOptions.texts(run, axis);
    if (texts != null) {
      o.axis(axis, each(axis.flags().get(0), texts, axis::parse));
    }
  }

  /** A YCSB workload file, then -p properties over it, as YCSB's client takes them. */
  private void ycsb(ScenarioOverrides o) {
    java.util.Map<String, String> all = new java.util.LinkedHashMap<>();
    if (ycsbWorkload != null) {
      java.util.Properties file = new java.util.Properties();
      try (var in = java.nio.file.Files.newBufferedReader(ycsbWorkload)) {
        file.load(in);
      } catch (java.nio.file.NoSuchFileException e) {
        throw new UsageException("--ycsb-workload " + ycsbWorkload + ": no such file; give a YCSB workload file such"
            + " as YCSB's workloads/workloada");
      } catch (java.io.IOException | IllegalArgumentException e) {
        throw new UsageException("--ycsb-workload " + ycsbWorkload + " does not read as a properties file: "
            + e.getMessage());
      }
      file.stringPropertyNames().stream().sorted().forEach(k -> all.put(k, file.getProperty(k)));
    }
    if (ycsbProperties != null) {
      all.putAll(ycsbProperties);
    }
    if (!all.isEmpty()) {
      try {
        dev.kvbench.scenario.YcsbProperties.applyTo(all, o);
      } catch (IllegalArgumentException e) {
        throw new UsageException((ycsbWorkload != null ? "--ycsb-workload " + ycsbWorkload + ": " : "") + e.getMessage(), e);
      }
    }
  }

  private static <T> List<T> each(String flag, List<String> texts, Function<String, T> parse) {
    List<T> out = new ArrayList<>();
    for (String t : texts) {
      try {
        out.add(parse.apply(t));
      } catch (IllegalArgumentException e) {
        throw new UsageException(flag + ": " + e.getMessage(), e);
      }
    }
    return out;
  }
}
