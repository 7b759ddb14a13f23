package dev.kvbench.workload;

import org.apiguardian.api.API;

/**
 * What a run's values are: a name for results and a recipe that makes the {@link ValueSource} of
 * a value size and seed. The built-in formats are {@link ValueContent}'s random, zeros and
 * compressible values; implement this interface for your own (a serialised record, JSON, a
 * protobuf), with the same rule as {@link KeyFormat}s for forked cells: a public class with a
 * public no-argument constructor.
 *
 * <p>kvbench makes two sources per cell: the loaded values ({@code seed}) and the values updates
 * put (another seed). A format that gives different bytes for different seeds lets every read be
 * checked against one of the two.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface ValueFormat {

  /**
   * Short name in results, tables and cell ids, e.g. {@code order-json}: 1 to 64 letters, digits,
   * '.', '_' or '-', and at most one {@code :parameter} ({@link FormatIds}); a run refuses another
   * before it starts.
   */
  String id();

  /** The source of {@code size}-byte values for {@code seed}. */
  ValueSource create(int size, long seed);

  /**
   * Whether {@link #create}'s sources are a pure function of (size, seed, index), so reads can be
   * verified byte for byte. A format that cannot predict its values (a sample of production data
   * read in turn, say) returns false: its cells skip verification and their results say so.
   */
  default boolean predictable() {
    return true;
  }
}
