package dev.kvbench.published;

import java.util.List;

/**
 * One seed's published figures, with where they came from.
 *
 * @param id short name, e.g. {@code lmdbjava-2016-07-10-test4}
 * @param title what the figures are, for a table's heading
 * @param source where the data was published (repository, files, licence)
 * @param referenceStore the store the timings are compared against: the hardware differs, so a
 *     store's time is shown as a ratio to this store's, in the seed and here
 * @param presets the presets that reproduce the seed: a run of one prints the figures beside its
 *     own (a report shows them for any run that measured the same)
 */
public record PublishedSet(String id, String title, String source, String referenceStore, List<String> presets,
    List<PublishedTiming> timings, List<PublishedStorage> storage) {

  public PublishedSet {
    presets = List.copyOf(presets);
    timings = List.copyOf(timings);
    storage = List.copyOf(storage);
  }

  /** The seed's time for these parameters, if it published one. */
  public java.util.Optional<PublishedTiming> timing(String store, String phase, String keys, String order,
      int valueSize) {
    return timings.stream().filter(t -> t.store().equals(store) && t.phase().equals(phase) && t.keys().equals(keys)
        && t.order().equals(order) && t.valueSize() == valueSize).findFirst();
  }

  /** The seed's bytes for this store, key type and value size, if it published them. */
  public java.util.Optional<PublishedStorage> storage(String store, String keys, int valueSize) {
    return storage.stream().filter(s -> s.store().equals(store) && s.keys().equals(keys) && s.valueSize() == valueSize)
        .findFirst();
  }
}
