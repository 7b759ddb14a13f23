package dev.kvbench.store;

import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * One store-specific setting: its key (used as {@code -o store.key=value}), type, default and
 * what it does.
 *
 * @param allowed for {@link SettingType#CHOICE}, the accepted values; empty otherwise
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record SettingSpec(
    String key, SettingType type, String defaultValue, String description, List<String> allowed) {

  public SettingSpec {
    allowed = List.copyOf(allowed);
    if (type == SettingType.CHOICE && allowed.isEmpty()) {
      throw new IllegalArgumentException("choice setting " + key + " needs allowed values");
    }
    // a spec whose own default is invalid is a programming error: fail at class load, not at run
    type.parse(key, defaultValue, allowed);
  }

  public static SettingSpec bool(String key, boolean defaultValue, String description) {
    return new SettingSpec(key, SettingType.BOOLEAN, Boolean.toString(defaultValue), description, List.of());
  }

  public static SettingSpec integer(String key, long defaultValue, String description) {
    return new SettingSpec(key, SettingType.INTEGER, Long.toString(defaultValue), description, List.of());
  }

  /**
   * A count such as {@code 1000}, {@code 100_000} or {@code 10k} (decimal suffixes), or {@code
   * auto} for a value derived from the workload.
   */
  public static SettingSpec count(String key, String defaultValue, String description) {
    return new SettingSpec(key, SettingType.COUNT, defaultValue, description, List.of());
  }

  /** A byte size such as {@code 64m}, or {@code auto} for a value derived from the workload. */
  public static SettingSpec size(String key, String defaultValue, String description) {
    return new SettingSpec(key, SettingType.SIZE, defaultValue, description, List.of());
  }

  /**
   * A native library to load instead of the one the store bundles: {@value SettingType#BUNDLED}
   * (the default) or the path of a readable ELF shared library, which is checked when the scenario
   * is read. One is loaded per JVM, so a sweep of them needs forked cells.
   */
  public static SettingSpec file(String key, String description) {
    return new SettingSpec(key, SettingType.FILE, SettingType.BUNDLED, description, List.of());
  }

  public static SettingSpec choice(String key, String defaultValue, String description, String... allowed) {
    return new SettingSpec(key, SettingType.CHOICE, defaultValue, description, List.of(allowed));
  }

  /** The kinds of setting value, each with its parser. */
  @API(status = API.Status.STABLE, since = "0.6.0")
  public enum SettingType {
    BOOLEAN {
      @Override
      Object parse(String key, String text, List<String> allowed) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("true") || t.equals("false")) {
          return Boolean.parseBoolean(t);
        }
        throw new IllegalArgumentException("'" + text + "' is not a boolean for " + key + ": use true or false");
      }
    },
    INTEGER {
      @Override
      Object parse(String key, String text, List<String> allowed) {
        try {
          return Long.parseLong(text.trim().replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("'" + text + "' is not an integer for " + key);
        }
      }
    },
    SIZE {
      @Override
      Object parse(String key, String text, List<String> allowed) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("auto")) {
          return AUTO;
        }
        try {
          return ByteSize.parse(t);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "'" + text + "' is not a size for " + key + ": use bytes, a suffix k/m/g/t, or auto");
        }
      }
    },
    COUNT {
      @Override
      Object parse(String key, String text, List<String> allowed) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("_", "").replace(",", "");
        if (t.equals("auto")) {
          return AUTO;
        }
        long multiplier = switch (t.isEmpty() ? ' ' : t.charAt(t.length() - 1)) {
          case 'k' -> 1_000L;
          case 'm' -> 1_000_000L;
          case 'g' -> 1_000_000_000L;
          default -> 1L;
        };
        try {
          long value = Long.parseLong(multiplier == 1 ? t : t.substring(0, t.length() - 1));
          if (value < 0) {
            throw new NumberFormatException();
          }
          return Math.multiplyExact(value, multiplier);
        } catch (NumberFormatException | ArithmeticException e) {
          throw new IllegalArgumentException(
              "'" + text + "' is not a count for " + key + ": use a whole number (10k = 10,000) or auto");
        }
      }
    },
    FILE {
      @Override
      Object parse(String key, String text, List<String> allowed) {
        String t = text.trim();
        if (t.equals(BUNDLED)) {
          return t;
        }
        java.nio.file.Path file = java.nio.file.Path.of(t).toAbsolutePath();
        if (!java.nio.file.Files.isRegularFile(file) || !java.nio.file.Files.isReadable(file)) {
          throw new IllegalArgumentException("'" + text + "' for " + key + " is not a readable file: give its path, or "
              + BUNDLED + " for the one the store bundles");
        }
        String notShared = whyNotASharedLibrary(file);
        if (notShared != null) {
          throw new IllegalArgumentException("'" + text + "' for " + key + " is not a shared library (" + notShared
              + "): give the path of a .so file, or " + BUNDLED + " for the one the store bundles");
        }
        return file.toString();
      }
    },
    CHOICE {
      @Override
      Object parse(String key, String text, List<String> allowed) {
        String t = text.trim();
        if (allowed.contains(t)) {
          return t;
        }
        throw new IllegalArgumentException("'" + text + "' is not valid for " + key + NearestNames.suggestion(t, allowed)
            + ": use one of " + String.join(", ", allowed));
      }
    };

    /**
     * Why {@code file} is not an ELF shared object (its magic, then e_type ET_DYN at byte 16 in the
     * header's byte order), or null when it is one: what dlopen would refuse, refused before a cell starts.
     */
    static String whyNotASharedLibrary(java.nio.file.Path file) {
      byte[] header = new byte[18];
      int n;
      try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
        n = in.readNBytes(header, 0, header.length);
      } catch (java.io.IOException e) {
        return "it cannot be read: " + e.getMessage();
      }
      if (n < header.length || header[0] != 0x7f || header[1] != 'E' || header[2] != 'L' || header[3] != 'F') {
        return "it has no ELF header";
      }
      boolean littleEndian = header[5] == 1;
      int type = littleEndian ? (header[16] & 0xff) | (header[17] & 0xff) << 8 : (header[17] & 0xff) | (header[16] & 0xff) << 8;
      return type == 3 ? null : "an ELF file of type " + type + ", not a shared object (type 3)";
    }

    /** The parsed value of {@code auto} for sizes: derive from the workload. */
    public static final String AUTO = "auto";

    /** A {@link #FILE} setting's value that means the store's own file. */
    public static final String BUNDLED = "bundled";

    abstract Object parse(String key, String text, List<String> allowed);
  }
}
