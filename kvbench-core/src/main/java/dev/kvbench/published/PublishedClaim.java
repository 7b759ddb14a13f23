package dev.kvbench.published;

import java.util.List;
import java.util.Map;

/**
 * A claim a seed states in words, as data kvbench can hold a run against: the seed's sentence, where
 * it stands, and what a run must show for the claim to hold. Cells are picked by their parameters
 * by name ({@code store}, {@code keys}, {@code order}, {@code valueSize}, {@code entries}, {@code
 * batchSize}, {@code durability}, {@code codec}, {@code valueContent}) or a store setting.
 */
public sealed interface PublishedClaim {

  /** The seed's words. */
  String statement();

  /** Where they stand (seed and line). */
  String where();

  /**
   * One selection's time against another's, cell for cell where everything the selections do not
   * name is the same: the claim holds where the ratio lies in {@code [low, high]}.
   *
   * @param phases the phases compared; empty for every phase both selections ran
   */
  record TimeRatio(String statement, String where, Map<String, String> numerator, Map<String, String> denominator,
      List<String> phases, double low, double high) implements PublishedClaim {
    public TimeRatio {
      numerator = Map.copyOf(numerator);
      denominator = Map.copyOf(denominator);
      phases = List.copyOf(phases);
    }
  }

  /**
   * Which value of {@code by} (a codec, a store) wins among {@code among}, in each group of cells
   * that differ only in it: the claim holds where {@code expected} is the fastest in {@code phase},
   * or, with {@link Measure#STORAGE}, the smallest after close.
   */
  record Best(String statement, String where, Map<String, String> cells, String by, List<String> among,
      Measure measure, String phase, String expected) implements PublishedClaim {
    public Best {
      cells = Map.copyOf(cells);
      among = List.copyOf(among);
    }
  }

  /** The longest key each store takes, as its library reports it (the stores' capabilities). */
  record MaxKeySize(String statement, String where, Map<String, Integer> bytes) implements PublishedClaim {
    public MaxKeySize {
      bytes = Map.copyOf(bytes);
    }
  }

  /** What a {@link Best} claim compares. */
  enum Measure {
    /** the phase's median pass */
    TIME,
    /** the bytes the store's files took after close */
    STORAGE
  }
}
