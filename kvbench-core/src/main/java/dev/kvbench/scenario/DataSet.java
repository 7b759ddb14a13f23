package dev.kvbench.scenario;

import dev.kvbench.workload.FormatIds;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueContent;
import dev.kvbench.workload.ValueFormat;
import dev.kvbench.workload.ValueGenerator;
import dev.kvbench.workload.ValueSource;
import java.util.Locale;

/**
 * A cell's data: which keys and values a correct store holds after the load, whatever the order
 * they were written in. Two cells with equal data sets read back the same checksums, so it is
 * also what the expected checksums are kept by.
 *
 * @param entries how many keys, indexes 0 to entries - 1
 * @param keys how a key index becomes bytes
 * @param valueSize bytes of a value (the largest, for values of varying length)
 * @param valueContent what the values' bytes are: random (the default), zeros or compressible
 * @param seed the random seed the values (and the cell's orders and samples) flow from
 */
public record DataSet(long entries, KeyFormat keys, int valueSize, ValueFormat valueContent, long seed) {

  public DataSet {
    valueContent = valueContent == null ? ValueContent.RANDOM : valueContent;
    FormatIds.requirePlain("key format " + keys.getClass().getName(), keys.id());
    FormatIds.requireValueFormat("value format " + valueContent.getClass().getName(), valueContent.id());
    if (entries < 1) {
      throw new ScenarioException("/matrix/entries", "matrix.entries must be at least 1, got " + entries);
    }
    if (entries > keys.capacity()) {
      throw new ScenarioException("/matrix/entries",
          "matrix.entries " + entries + " does not fit " + keys.id() + " keys (at most " + keys.capacity() + ")");
    }
    if (valueSize < 1) {
      throw new ScenarioException("/matrix/valueSizes", "matrix.valueSizes must be at least 1 byte, got " + valueSize);
    }
    if (valueSize > ValueGenerator.MAX_VALUE_SIZE) {
      throw new ScenarioException("/matrix/valueSizes", String.format(Locale.ROOT, "matrix.valueSizes %,d is more than kvbench"
          + " can make (at most %,d bytes: each value is a slice of one Java array); choose a smaller value size",
          valueSize, ValueGenerator.MAX_VALUE_SIZE));
    }
  }

  /** The loaded values. */
  public ValueSource values() {
    return valueContent.create(valueSize, seed);
  }

  /** The keys in {@code order}, shuffled (where the order is random) by the seed. */
  public KeySpace keySpace(KeyOrder order) {
    return new KeySpace(entries, keys, order, seed);
  }
}
