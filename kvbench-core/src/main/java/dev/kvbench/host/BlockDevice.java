package dev.kvbench.host;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import jnr.posix.FileStat;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/**
 * The block device (disk or partition) a directory's file system lives on, and what it has
 * written: /sys/dev/block/MAJOR:MINOR/stat, the counters {@code iostat} reads. They count every
 * process's writes and the kernel's write-back of dirty pages, whenever it happens, which is what
 * a store's write amplification is made of; a quiet host is needed for them to be one store's. A
 * tmpfs (or any file system on no block device) has none.
 *
 * @param name the device's MAJOR:MINOR, as /sys/dev/block names it
 */
public record BlockDevice(String name, HostFiles files) {

  /** Bytes of a sector in the stat file's counts, whatever the device's own sector size. */
  private static final long SECTOR_BYTES = 512;

  /** The device under {@code dir}'s file system; empty for a tmpfs, an overlay without one, or no /sys. */
  public static Optional<BlockDevice> holding(Path dir, HostFiles files) {
    Path existing = dir;
    while (existing != null && !existing.toFile().exists()) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return Optional.empty();
    }
    POSIX posix = POSIXFactory.getNativePOSIX();
    FileStat st = posix.allocateStat();
    if (posix.stat(existing.toString(), st) != 0) {
      return Optional.empty();
    }
    long dev = st.dev();
    // Linux's dev_t: the major in bits 8-19 and 32 up, the minor in bits 0-7 and 20 up
    long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
    if (major == 0) {
      return Optional.empty();
    }
    BlockDevice device = new BlockDevice(major + ":" + minor, files);
    return device.writtenBytes() < 0 ? Optional.empty() : Optional.of(device);
  }

  /** Bytes the device has written since boot, or -1 where its stat file cannot be read. */
  public long writtenBytes() {
    List<String> lines = files.lines("/sys/dev/block/" + name + "/stat");
    if (lines.isEmpty()) {
      return -1;
    }
    String[] fields = lines.get(0).trim().split("\\s+");
    try {
      // the seventh field: sectors written
      return fields.length < 7 ? -1 : Long.parseLong(fields[6]) * SECTOR_BYTES;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
