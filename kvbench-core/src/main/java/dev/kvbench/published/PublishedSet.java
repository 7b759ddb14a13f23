package dev.kvbench.published;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One seed's published figures, with where they came from.
 *
 * @param id short name, e.g. {@code lmdbjava-2016-07-10-test4}
 * @param title what the figures are, for a table's heading
 * @param source where the data was published (repository, files, licence)
 * @param referenceStore the store the timings are compared against: the hardware differs, so a
 *     store's time is shown as a ratio to this store's, in the seed and here
 * @param referenceConditions where the seed timed the reference store several ways (Test 1's write
 *     map on and off), the way that is the reference; empty otherwise
 * @param presets the presets that reproduce the seed: a run of one prints the figures beside its
 *     own (a report shows them for any run that measured the same)
 * @param claims what the seed states in words, held against a run's cells
 * @param hostMemoryBytes the memory of the host the seed ran on, as it says; {@link #UNKNOWN} where it
 *     does not: what its data fit in, beside what a run's fits in
 */
public record PublishedSet(String id, String title, String source, String referenceStore,
    Map<String, String> referenceConditions, List<String> presets, List<PublishedTiming> timings,
    List<PublishedStorage> storage, List<PublishedClaim> claims, long hostMemoryBytes) {

  /** A seed that does not say its host's memory. */
  public static final long UNKNOWN = -1;

  /** A set whose seed does not say its host's memory. */
  public PublishedSet(String id, String title, String source, String referenceStore,
      Map<String, String> referenceConditions, List<String> presets, List<PublishedTiming> timings,
      List<PublishedStorage> storage, List<PublishedClaim> claims) {
    this(id, title, source, referenceStore, referenceConditions, presets, timings, storage, claims, UNKNOWN);
  }

  public PublishedSet {
    claims = List.copyOf(claims);
    referenceConditions = Map.copyOf(referenceConditions);
    presets = List.copyOf(presets);
    timings = List.copyOf(timings);
    storage = List.copyOf(storage);
  }

  /** The seed's time for these parameters where it set nothing else, if it published one. */
  public Optional<PublishedTiming> timing(String store, String phase, String keys, String order, int valueSize) {
    return timing(store, phase, keys, order, valueSize, condition -> null);
  }

  /**
   * The seed's time for these parameters, if it published one whose every condition the cell meets:
   * {@code cellValue} gives the cell's value of a condition (a setting, {@code durability}, {@code
   * batchSize} as a fraction of the entries, see {@link PublishedTiming#conditions}), null where the
   * cell has none.
   */
  public Optional<PublishedTiming> timing(String store, String phase, String keys, String order, int valueSize,
      java.util.function.Function<String, String> cellValue) {
    return timings.stream().filter(t -> t.store().equals(store) && t.phase().equals(phase) && t.keys().equals(keys)
        && t.order().equals(order) && t.valueSize() == valueSize)
        .filter(t -> t.conditions().entrySet().stream().allMatch(c -> c.getValue().equals(cellValue.apply(c.getKey()))))
        .findFirst();
  }

  /** The seed's bytes for this store, key type, order and value size, if it published them. */
  public Optional<PublishedStorage> storage(String store, String keys, String order, int valueSize) {
    return storage.stream().filter(s -> s.store().equals(store) && s.keys().equals(keys) && s.order().equals(order)
        && s.valueSize() == valueSize).findFirst();
  }
}
