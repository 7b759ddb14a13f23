package dev.kvbench.workload;

/** What one operation of a mixed workload does, each in its own transaction as YCSB's are. */
public enum Operation {
  /** Get one key. */
  READ("read"),
  /**
   * YCSB's update through a key-value binding: get the record, replace one field (all with
   * writeallfields), put it back; a value without fields is replaced whole.
   */
  UPDATE("update"),
  /** Put a key beyond the loaded ones. */
  INSERT("insert"),
  /** Visit up to a drawn number of entries from a key on (YCSB's scan). */
  SCAN("scan"),
  /** YCSB's read-modify-write: a read, then an update (a get and a put): two gets and a put. */
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
