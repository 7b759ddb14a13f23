package dev.kvbench.scenario;

import dev.kvbench.store.NearestNames;
import dev.kvbench.store.StoreRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenarios kvbench ships: one per test of the LmdbJava benchmark reports (2016), with the
 * reports' parameters, and {@code quick}, what a bare {@code kvbench run} does. Each is a YAML file
 * in this package's resources, read like a user's scenario file.
 */
public final class Presets {

  /** Preset names in the order {@code kvbench list presets} shows them. */
  public static final List<String> NAMES = List.of("quick", "lmdbjava-test1", "lmdbjava-test2", "lmdbjava-test3",
      "lmdbjava-test4", "lmdbjava-test5", "lmdbjava-test6", "libmdbx-readme", "crud", "readers", "ycsb-a", "ycsb-b",
      "ycsb-c", "ycsb-d", "ycsb-e", "ycsb-f", "symas-compress", "symas-compress-sync", "symas-compress-engines", "uuid-churn",
      "open-time", "larger-than-memory", "sustained-writes", "churn", "reads-under-writer", "concurrent-writers", "lmdbjava-versions", "rocksdb-versions", "capacity-ycsb-b",
      "capacity-ycsb-a", "capacity-reads-under-writer", "range-scans", "missing-keys", "mixgraph");

  private final ScenarioFiles files = new ScenarioFiles();

  public boolean exists(String name) {
    return NAMES.contains(name);
  }

  /** The preset's YAML text. */
  public String text(String name) {
    if (!exists(name)) {
      throw new ScenarioException("", "unknown preset '" + name + "'" + NearestNames.suggestion(name, NAMES)
          + "; presets: " + String.join(", ", NAMES));
    }
    try (InputStream in = Presets.class.getResourceAsStream("presets/" + name + ".yaml")) {
      if (in == null) {
        throw new IllegalStateException("preset " + name + " is missing from kvbench's jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Scenario load(String name, StoreRegistry registry) {
    return files.parse(text(name), "preset " + name, name, registry);
  }

  /**
   * A preset by name, else the scenario file at {@code presetOrFile}, parsed but neither checked
   * against the stores nor expanded: what {@code kvbench run} and {@code kvbench env --check} take,
   * to expand once, after their flags. Throws IllegalArgumentException naming the input when it is
   * neither, or when the file does not read.
   */
  public ScenarioSource source(String presetOrFile) {
    if (exists(presetOrFile)) {
      String text = text(presetOrFile);
      return new ScenarioSource(files.parse(text, "preset " + presetOrFile, presetOrFile, null), text,
          "preset " + presetOrFile);
    }
    return files.source(scenarioFile(presetOrFile));
  }

  private static java.nio.file.Path scenarioFile(String name) {
    if (java.nio.file.Files.exists(java.nio.file.Path.of(name)) || name.endsWith(".yaml") || name.endsWith(".yml")) {
      return java.nio.file.Path.of(name);
    }
    throw new IllegalArgumentException("'" + name + "' is neither a scenario file nor a preset"
        + NearestNames.suggestion(name, NAMES) + "; presets: " + String.join(", ", NAMES));
  }

  /** Every preset's name and description. */
  public Map<String, String> descriptions() {
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : NAMES) {
      out.put(name, files.parse(text(name), "preset " + name, name, null).description());
    }
    return out;
  }
}
