package dev.kvbench.workload;

import java.util.EnumMap;
import java.util.Map;

/**
 * The operations a threaded workload's clients issue, in proportion, and which keys they ask for:
 * YCSB's core workloads A to F with their proportions and distributions, and the readers
 * workload (gets only, each thread in its own order).
 *
 * @param proportions each operation's share; they sum to 1
 * @param distribution which keys the reads, updates and scans ask for
 * @param maxScanLength a scan visits a uniform 1..this many entries (YCSB's default 100)
 * @param readsPerTransaction gets per read transaction: 1 for YCSB (every op is its own request);
 *     the readers workload renews its snapshot every so many gets, so a writer beside it is seen
 *     and an MVCC store can reclaim old pages, without a transaction per get
 */
public record OperationMix(Map<Operation, Double> proportions, RequestDistribution distribution, int maxScanLength,
    int readsPerTransaction) {

  /** YCSB's default maximum scan length. */
  public static final int MAX_SCAN_LENGTH = 100;

  /** Gets per read snapshot in the readers workload. */
  public static final int READER_SNAPSHOT_GETS = 1000;

  public OperationMix {
    proportions = Map.copyOf(proportions);
    double sum = proportions.values().stream().mapToDouble(Double::doubleValue).sum();
    if (Math.abs(sum - 1) > 1e-9) {
      throw new IllegalArgumentException("operation proportions must sum to 1, got " + proportions);
    }
  }

  /** The mix of a threaded phase; throws for a phase that is not one. */
  public static OperationMix of(Phase phase) {
    return switch (phase) {
      case READERS, READ_WHILE_WRITING -> new OperationMix(Map.of(Operation.READ, 1.0),
          RequestDistribution.PERMUTATION, MAX_SCAN_LENGTH, READER_SNAPSHOT_GETS);
      case YCSB_A -> ycsb(RequestDistribution.ZIPFIAN, Operation.READ, 0.5, Operation.UPDATE, 0.5);
      case YCSB_B -> ycsb(RequestDistribution.ZIPFIAN, Operation.READ, 0.95, Operation.UPDATE, 0.05);
      case YCSB_C -> ycsb(RequestDistribution.ZIPFIAN, Operation.READ, 1.0, null, 0);
      case YCSB_D -> ycsb(RequestDistribution.LATEST, Operation.READ, 0.95, Operation.INSERT, 0.05);
      case YCSB_E -> ycsb(RequestDistribution.ZIPFIAN, Operation.SCAN, 0.95, Operation.INSERT, 0.05);
      case YCSB_F -> ycsb(RequestDistribution.ZIPFIAN, Operation.READ, 0.5, Operation.READ_MODIFY_WRITE, 0.5);
      default -> throw new IllegalArgumentException(phase.id() + " is not a threaded workload");
    };
  }

  private static OperationMix ycsb(RequestDistribution d, Operation a, double pa, Operation b, double pb) {
    Map<Operation, Double> p = new EnumMap<>(Operation.class);
    p.put(a, pa);
    if (b != null) {
      p.put(b, pb);
    }
    return new OperationMix(p, d, MAX_SCAN_LENGTH, 1);
  }

  /** This mix with other proportions (YCSB's readproportion, ... given in a scenario). */
  public OperationMix withProportions(Map<Operation, Double> p) {
    return new OperationMix(p, distribution, maxScanLength, readsPerTransaction);
  }

  /** This mix with another longest scan (YCSB's maxscanlength). */
  public OperationMix withMaxScanLength(int m) {
    return new OperationMix(proportions, distribution, m, readsPerTransaction);
  }

  /** This mix with another request distribution (a scenario's override). */
  public OperationMix withDistribution(RequestDistribution d) {
    return new OperationMix(proportions, d, maxScanLength, readsPerTransaction);
  }

  public double share(Operation op) {
    return proportions.getOrDefault(op, 0.0);
  }

  public boolean writes() {
    return proportions.keySet().stream().anyMatch(Operation::writes);
  }

  /** Operations with a share, in declaration order. */
  public java.util.List<Operation> operations() {
    return java.util.Arrays.stream(Operation.values()).filter(o -> share(o) > 0).toList();
  }
}
