package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/** What differs between two matched cells: the settings and the library version, as a comparison's row names them. */
final class SettingsChange {

  private SettingsChange() {}

  /** Each setting that differs ({@code key a -> b}) and the library version where it does, joined; empty for none. */
  static String between(CellResult base, CellResult cand) {
    List<String> changes = new ArrayList<>();
    for (String k : new TreeSet<>(union(base.settings().keySet(), cand.settings().keySet()))) {
      String a = base.settings().get(k);
      String b = cand.settings().get(k);
      if (!Objects.equals(a, b)) {
        changes.add(k + " " + a + " -> " + b);
      }
    }
    if (!Objects.equals(base.libraryVersion(), cand.libraryVersion())) {
      changes.add("library " + base.libraryVersion() + " -> " + cand.libraryVersion());
    }
    return String.join(", ", changes);
  }

  private static java.util.Set<String> union(java.util.Set<String> a, java.util.Set<String> b) {
    java.util.Set<String> u = new TreeSet<>(a);
    u.addAll(b);
    return u;
  }
}
