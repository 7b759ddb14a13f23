package dev.kvbench.workload;

/** What one operation of a mixed workload does, each in its own transaction as YCSB's are. */
public enum Operation {
  /** Get one key. */
  READ("read"),
  /** Put a new value under an existing key. */
  UPDATE("update"),
  /** Put a key beyond the loaded ones. */
  INSERT("insert"),
  /** Visit up to a drawn number of entries from a key on (YCSB's scan). */
  SCAN("scan"),
  /** Get a key, then put a new value under it: two transactions, as YCSB's read-modify-write. */
  READ_MODIFY_WRITE("readModifyWrite");

  private final String id;

  Operation(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  public boolean writes() {
    return this != READ && this != SCAN;
  }
}
