package dev.kvbench.store;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The names an unknown one may have meant: a slip of case (the one name that differs only in
 * case), else the valid names within a few edits of it, case aside. What every "unknown store,
 * phase, preset, setting or command" message offers, so a typo costs one look, not a read of the
 * whole list.
 */
public final class NearestNames {

  /** At most this many suggestions: more is the list again. */
  static final int MOST = 3;

  private NearestNames() {}

  /**
   * The one valid name that {@code given} matches but for case ({@code MVStore} for {@code
   * mvstore}); empty where it matches exactly, matches none, or matches several.
   */
  public static Optional<String> caseSlip(String given, Collection<String> valid) {
    if (given == null || valid.contains(given)) {
      return Optional.empty();
    }
    List<String> alike = valid.stream().filter(v -> v.equalsIgnoreCase(given)).distinct().toList();
    return alike.size() == 1 ? Optional.of(alike.get(0)) : Optional.empty();
  }

  /**
   * The valid names nearest {@code given}: those the fewest edits from it (insertions, deletions,
   * substitutions, two letters swapped, case aside), up to {@link #allowedEdits}; else those it
   * begins or that begin with it; at most {@link #MOST}.
   */
  public static List<String> of(String given, Collection<String> valid) {
    if (given == null || given.isBlank()) {
      return List.of();
    }
    String typed = given.toLowerCase(Locale.ROOT);
    int allowed = allowedEdits(typed);
    LevenshteinDistance distance = new LevenshteinDistance(allowed + 1);
    record Candidate(String name, int edits) {}
    List<Candidate> near = valid.stream().distinct()
        .map(v -> new Candidate(v, edits(distance, typed, v.toLowerCase(Locale.ROOT))))
        .filter(c -> c.edits() >= 0 && c.edits() <= allowed)
        .sorted(Comparator.comparingInt(Candidate::edits))
        .toList();
    if (!near.isEmpty()) {
      int best = near.get(0).edits();
      return near.stream().filter(c -> c.edits() == best).limit(MOST).map(Candidate::name).toList();
    }
    return typed.length() < 3 ? List.of() : valid.stream().distinct()
        .filter(v -> v.toLowerCase(Locale.ROOT).startsWith(typed) || typed.startsWith(v.toLowerCase(Locale.ROOT)))
        .limit(MOST).toList();
  }

  /** Levenshtein's edits, a swap of two neighbouring letters counted as one (rnu for run); -1 beyond the threshold. */
  private static int edits(LevenshteinDistance distance, String typed, String name) {
    int edits = distance.apply(typed, name);
    if (edits == 2 && typed.length() == name.length()) {
      for (int i = 0; i + 1 < typed.length(); i++) {
        if (typed.charAt(i) != name.charAt(i)) {
          String swapped = typed.substring(0, i) + typed.charAt(i + 1) + typed.charAt(i) + typed.substring(i + 2);
          return swapped.equals(name) ? 1 : edits;
        }
      }
    }
    return edits;
  }

  /** The edits a typo of a name this long may hold: one in a short name, a third of a long one's letters. */
  static int allowedEdits(String name) {
    return Math.max(1, Math.min(4, name.length() / 3));
  }

  /**
   * What to say after "unknown X 'given'": {@code  (did you mean rocksdb?)} (or {@code a or b}), or
   * nothing where no name is near.
   */
  public static String suggestion(String given, Collection<String> valid) {
    Optional<String> slip = caseSlip(given, valid);
    List<String> near = slip.map(List::of).orElseGet(() -> of(given, valid));
    if (near.isEmpty()) {
      return "";
    }
    return " (did you mean " + (near.size() == 1 ? near.get(0)
        : String.join(", ", near.subList(0, near.size() - 1)) + " or " + near.get(near.size() - 1)) + "?)";
  }
}
