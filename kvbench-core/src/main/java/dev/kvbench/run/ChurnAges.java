package dev.kvbench.run;

/**
 * Churn's keys by age, kept across its passes: the loaded keys are the oldest (ages 0 to the entry
 * count), each insert the next age above every key present; the writer deletes the oldest remaining
 * one as it inserts, so the store keeps its size.
 */
final class ChurnAges {
  private final long entries;
  // keys the loaded store holds: the loaded entries and any a ycsb phase inserted above them
  private final long present;
  // the next age to insert (from the entry count on) and the next to delete (from 0)
  long nextInsert;
  long nextDelete;

  ChurnAges(long entries, long present) {
    this.entries = entries;
    this.present = present;
    this.nextInsert = entries;
  }

  /** The key index of age {@code age}: the loaded keys first, then the inserts above every key present. */
  long indexOf(long age) {
    return age < entries ? age : present + (age - entries);
  }
}
