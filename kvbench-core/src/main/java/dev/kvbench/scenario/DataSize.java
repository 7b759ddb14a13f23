package dev.kvbench.scenario;

import dev.kvbench.host.HostFiles;
import dev.kvbench.store.ByteSize;
import java.util.Locale;

/**
 * How much data a cell loads, where it is sized in bytes rather than entries ({@code
 * matrix.dataSizes}): a size ({@code 2g}), a multiple of each cell JVM's memory limit ({@code
 * 4xlimit}, with {@code --memory-limit}), or of this host's memory ({@code 0.5xmemory}). The
 * entries are the size over one entry's key and value bytes. {@link #NONE} leaves the entries as
 * {@code matrix.entries} gives them.
 *
 * @param multiple the bytes, or how many limits or host memories
 * @param base what the multiple multiplies
 */
public record DataSize(double multiple, Base base) {

  /** What a data size is a multiple of. */
  public enum Base {
    /** Nothing: the entries count rules. */
    NONE(""),
    /** A size in bytes. */
    BYTES(""),
    /** Each cell JVM's memory limit, {@code jvm.memoryLimit}. */
    LIMIT("xlimit"),
    /** This host's memory (MemTotal). */
    MEMORY("xmemory");

    private final String suffix;

    Base(String suffix) {
      this.suffix = suffix;
    }
  }

  public static final DataSize NONE = new DataSize(0, Base.NONE);

  public DataSize {
    if (base != Base.NONE && !(multiple > 0)) {
      throw new IllegalArgumentException("a data size is above 0, not " + multiple);
    }
  }

  /** {@code 2g}, {@code 4xlimit}, {@code 0.5xmemory}; blank or {@code none} for {@link #NONE}. */
  public static DataSize parse(String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (t.isEmpty() || t.equals("none")) {
      return NONE;
    }
    for (Base base : new Base[] {Base.LIMIT, Base.MEMORY}) {
      if (t.endsWith(base.suffix)) {
        try {
          return new DataSize(Double.parseDouble(t.substring(0, t.length() - base.suffix.length())), base);
        } catch (NumberFormatException e) {
          break;
        }
      }
    }
    try {
      return new DataSize(ByteSize.parse(t), Base.BYTES);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text + "' is not a data size: write a size (2g, 512m), a multiple of"
          + " the memory limit (4xlimit) or of this host's memory (0.5xmemory)");
    }
  }

  public boolean sizes() {
    return base != Base.NONE;
  }

  /**
   * This size {@code factor} times over ({@code --scale}) where it is bytes; a multiple of the memory
   * limit or of the host's memory is a relation (data under or over the limit), the regime a
   * scenario measures, which a scale keeps: a smaller limit makes such a run smaller.
   */
  public DataSize scaled(double factor) {
    return base == Base.BYTES ? new DataSize(Math.max(1, Math.round(multiple * factor)), base) : this;
  }

  /** Whether this is a multiple of the memory limit or of the host's memory, which no scale changes. */
  public boolean relative() {
    return base == Base.LIMIT || base == Base.MEMORY;
  }

  /**
   * The entries of {@code entryBytes} each (key and value) that make this size, with {@code
   * limit} as the memory limit and {@code host}'s MemTotal as the host's memory; throws
   * IllegalArgumentException where the base is missing (no limit, no /proc/meminfo).
   */
  public long entries(long entryBytes, MemoryLimit limit, HostFiles host) {
    double bytes = switch (base) {
      case NONE -> throw new IllegalStateException("no data size to size entries by");
      case BYTES -> multiple;
      case LIMIT -> {
        if (!limit.limits()) {
          throw new IllegalArgumentException("matrix.dataSizes " + this + " is a multiple of jvm.memoryLimit, which is"
              + " not set: give jvm.memoryLimit SIZE, or a data size in bytes (2g)");
        }
        yield multiple * limit.bytes();
      }
      case MEMORY -> multiple * host.totalMemoryBytes().orElseThrow(
          () -> new IllegalArgumentException("matrix.dataSizes " + this + " is a multiple of this host's memory, which"
              + " /proc/meminfo does not give here: give a data size in bytes (2g)"));
    };
    return Math.max(1, Math.round(bytes / entryBytes));
  }

  /** As a scenario file writes it; empty for none. */
  @Override
  public String toString() {
    if (!sizes()) {
      return "";
    }
    if (base == Base.BYTES) {
      return ByteSize.text((long) multiple);
    }
    String m = multiple == Math.rint(multiple) ? Long.toString((long) multiple) : Double.toString(multiple);
    return m + base.suffix;
  }
}
