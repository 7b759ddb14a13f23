package dev.kvbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code -o STORE.KEY=VALUE}, the store-specific settings of {@code run} and {@code durability},
 * and its one parser: the store is everything before the last dot before the {@code =}, so a key
 * never holds a dot and a store id may.
 */
final class StoreOptions {

  @Option(names = {"-o", "--store-option"}, paramLabel = "STORE.KEY=V[,V...]",
      description = "A store-specific setting, repeatable for different keys; a comma list sweeps, e.g. -o"
          + " lmdbjava-bb.writeMap=true,false. `kvbench list` shows each store's settings.")
  List<String> given = new ArrayList<>();

  /** One {@code -o}: the store, the key and its values (several for a sweep). */
  record Setting(String store, String key, List<String> values) {

    /** {@code store.key}, as scenarios name a setting. */
    String name() {
      return store + "." + key;
    }
  }

  /** Parses one {@code -o}; a usage error naming it when it is not STORE.KEY=VALUE. */
  static Setting parse(String option) {
    int eq = option.indexOf('=');
    int dot = option.lastIndexOf('.', eq < 0 ? option.length() : eq);
    if (eq < 0 || dot <= 0 || dot + 1 == eq) {
      throw new UsageException("-o " + option + ": expected STORE.KEY=VALUE, e.g. -o lmdbjava-bb.writeMap=false");
    }
    return new Setting(option.substring(0, dot), option.substring(dot + 1, eq),
        List.of(option.substring(eq + 1).split(",", -1)));
  }

  /** Every {@code -o} in the order given; a setting given twice is a usage error. */
  List<Setting> settings() {
    Map<String, Setting> byName = new LinkedHashMap<>();
    for (String option : given) {
      Setting s = parse(option);
      if (byName.putIfAbsent(s.name(), s) != null) {
        throw new UsageException("-o " + s.name() + " is given twice; give it once, with a comma list to sweep"
            + " (e.g. -o " + s.name() + "=true,false)");
      }
    }
    return List.copyOf(byName.values());
  }

  /** The matrix's settings sweep: {@code store.key} to its values. */
  Map<String, List<String>> sweeps() {
    return sweeps(java.util.function.UnaryOperator.identity());
  }

  /** The matrix's settings sweep, each setting as {@code spelled} reads its store and key. */
  Map<String, List<String>> sweeps(java.util.function.UnaryOperator<Setting> spelled) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    settings().stream().map(spelled).forEach(s -> out.put(s.name(), s.values()));
    return out;
  }

  /** One value per setting, by store then key: for a command that runs no sweep. */
  Map<String, Map<String, String>> byStore(String command) {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    for (Setting s : settings()) {
      if (s.values().size() != 1) {
        throw new UsageException("-o " + s.name() + "=" + String.join(",", s.values()) + ": " + command
            + " takes one value per setting; run it once per value");
      }
      out.computeIfAbsent(s.store(), k -> new LinkedHashMap<>()).put(s.key(), s.values().get(0));
    }
    return out;
  }
}
