package dev.kvbench.workload;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The operations of a {@link Phase#CUSTOM} phase, each with its share of the ops, and the request
 * distribution their {@link OperationContext#randomKey()} draws from. Each op is its own
 * transaction; its latencies are reported under its name.
 *
 * @param operations one or more, their shares summing to 1
 * @param distribution which keys {@code randomKey()} returns
 */
public record CustomMix(List<Entry> operations, RequestDistribution distribution) {

  /** No custom operations: a scenario without a custom phase. */
  public static final CustomMix NONE = new CustomMix(List.of(), RequestDistribution.ZIPFIAN);

  /** Whether an op reads only, or reads and writes (then its transaction is a write transaction). */
  @API(status = API.Status.STABLE, since = "0.6.0")
  public enum Access {
    /** A read transaction: {@code put} throws. */
    READ_ONLY,
    /** A write transaction, committed when the op returns; its gets see its own puts. */
    READ_WRITE
  }

  /**
   * One operation.
   *
   * @param name how results and tables name it: letters, digits, '.', '_' or '-'
   * @param access the kind of transaction it runs in
   * @param share its fraction of the phase's ops, above 0 and at most 1
   * @param operation the code
   */
  public record Entry(String name, Access access, double share, CustomOperation operation) {
    public Entry {
      FormatIds.requirePlain("custom operation", name);
      Objects.requireNonNull(access, "access");
      Objects.requireNonNull(operation, "operation");
      if (!(share > 0 && share <= 1)) {
        throw new IllegalArgumentException("operation " + name + ": share must be above 0 and at most 1, got " + share);
      }
    }
  }

  public CustomMix {
    operations = List.copyOf(operations);
    Objects.requireNonNull(distribution, "distribution");
    if (!operations.isEmpty()) {
      double sum = operations.stream().mapToDouble(Entry::share).sum();
      if (Math.abs(sum - 1) > 1e-9) {
        throw new IllegalArgumentException("the custom operations' shares must sum to 1, got " + sum);
      }
      if (operations.stream().map(Entry::name).distinct().count() != operations.size()) {
        throw new IllegalArgumentException("two custom operations have the same name: "
            + operations.stream().map(Entry::name).toList());
      }
    }
  }

  /** Whether there are no custom operations (not {@code isEmpty}: that would be a JSON property). */
  public boolean none() {
    return operations.isEmpty();
  }

  /**
   * What is wrong with running {@code phases} with these operations, or null when nothing is: the
   * custom phase needs at least one.
   */
  public String problemWith(java.util.Collection<Phase> phases) {
    return phases.contains(Phase.CUSTOM) && none()
        ? "the custom phase needs custom operations; add them with the library's Benchmark.operation(...)" : null;
  }

  /** Whether an op writes. */
  public boolean writes() {
    return operations.stream().anyMatch(e -> e.access() == Access.READ_WRITE);
  }
}
