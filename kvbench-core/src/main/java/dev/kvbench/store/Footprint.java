package dev.kvbench.store;

import org.apiguardian.api.API;

/**
 * What a store takes on disk and in open files, roughly, declared by its adapter so that kvbench
 * can size a run before it starts ({@code --dry-run}, {@code kvbench env --check}) without
 * knowing any store by name. Each figure comes from kvbench's own storage tables (1M random int
 * keys, the "Disk" columns of a run); they are estimates, shown as rough wherever they are shown.
 *
 * @param spaceOverFlat allocated bytes over the flat bytes (entries x (key + value)) for small entries
 * @param overflowPageBytes a B+tree's page size, where an entry over about half a page goes to whole
 *     overflow pages of its own (LMDB's 4,096); 0 where entries never do
 * @param tableFileBytes the size of one table file, where the store keeps one open file per table (an
 *     LSM tree: LevelDB, RocksDB; Xodus' log files); 0 where it keeps a handful
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record Footprint(double spaceOverFlat, int overflowPageBytes, long tableFileBytes) {

  /** What most stores take: 15 % over the flat bytes, a handful of files. */
  public static final Footprint TYPICAL = new Footprint(1.15, 0, 0);

  /** A store that keeps nothing (the null store). */
  public static final Footprint NOTHING = new Footprint(0, 0, 0);

  /** LevelDB's table files are about 2 MiB; RocksDB's and Xodus' are larger, so this errs high on files. */
  public static final long SMALL_TABLE_FILE_BYTES = 2L << 20;

  public Footprint {
    if (!(spaceOverFlat >= 0)) {
      throw new IllegalArgumentException("spaceOverFlat must be 0 or more, got " + spaceOverFlat);
    }
    if (overflowPageBytes < 0 || tableFileBytes < 0) {
      throw new IllegalArgumentException("page and table file sizes must be 0 or more, got " + overflowPageBytes
          + " and " + tableFileBytes);
    }
  }

  /** A B+tree with {@code pageBytes} pages: {@code spaceOverFlat}, and large entries on overflow pages. */
  public static Footprint bTree(double spaceOverFlat, int pageBytes) {
    return new Footprint(spaceOverFlat, pageBytes, 0);
  }

  /** A store that keeps one open file per table of about {@code bytes}. */
  public static Footprint tableFiles(double spaceOverFlat, long bytes) {
    return new Footprint(spaceOverFlat, 0, bytes);
  }

  /** Allocated bytes over flat bytes for entries of {@code entryBytes} (key + value). */
  public double spaceOverFlat(int entryBytes) {
    // an LMDB node over about half a page (page / 2 - its 18 bytes of headers) moves to overflow pages
    if (overflowPageBytes > 0 && entryBytes > overflowPageBytes / 2 - 18) {
      long pages = (entryBytes + 16L + overflowPageBytes - 1) / overflowPageBytes;
      return Math.max(spaceOverFlat, pages * (double) overflowPageBytes / entryBytes * 1.02);
    }
    return spaceOverFlat;
  }

  /**
   * The open files a store of {@code storeBytes} likely needs: its table files twice over (a
   * compaction writes the new beside the old) plus the JVM's own; 0 where it keeps a handful.
   */
  public long openFiles(long storeBytes) {
    return tableFileBytes == 0 ? 0 : 2 * (storeBytes / tableFileBytes) + 1024;
  }
}
