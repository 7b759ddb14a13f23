package dev.kvbench.workload;

/** What a ycsb update writes of a record: YCSB's {@code writeallfields}. */
public enum FieldWrites {
  /** One field, drawn uniformly (writeallfields=false, YCSB's default). */
  ONE,
  /** Every field (writeallfields=true). */
  ALL
}
