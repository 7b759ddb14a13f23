package dev.kvbench.workload;

import java.nio.ByteBuffer;

/**
 * Values that are records of fields at fixed places, so an update can replace one field of the
 * record it read, as YCSB's updates do ({@code writeallfields=false}), and a check can still tell
 * every field's origin: the loaded record's or an update's.
 */
public interface RecordFields {

  /** Fields per record. */
  int fields();

  /**
   * Writes this source's field {@code field} of key {@code index}'s record over that field of
   * {@code record}, a record of this shape from offset 0; allocates nothing.
   */
  void replaceField(long index, int field, ByteBuffer record);

  /**
   * Whether {@code found} (position to limit) is a record of this shape for key {@code index} in
   * which every field is this source's or {@code other}'s.
   */
  boolean everyFieldFrom(long index, ByteBuffer found, ValueSource other);
}
