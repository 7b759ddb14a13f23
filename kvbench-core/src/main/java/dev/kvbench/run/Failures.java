package dev.kvbench.run;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How a store's failure reaches the user: the exception with its causes, in the store's own
 * words, and one recognisable phrase for a full disk whatever words the store used.
 */
public final class Failures {

  private static final Pattern FULL_DISK = Pattern.compile(
      "no space left|not enough space|enospc|disk (is )?full|sqlite_full|out ?of ?disk ?space|file system full|quota exceeded",
      Pattern.CASE_INSENSITIVE);

  /** Phrase every full-disk failure carries, so a reader (or a script) finds them all. */
  public static final String NO_SPACE = "no space left on device";

  private Failures() {}

  /** The exception and its causes; prefixed with {@link #NO_SPACE} when any of them says the disk is full. */
  public static String describe(Throwable e) {
    if (deniedAccess(e)) {
      // a store reached into the JDK without the opens or exports it needs: that, briefly, is the failure;
      // the exception's own words (a 700-character module message) would bury it
      java.util.List<String> missing = dev.kvbench.host.JvmFlags.missing();
      if (!missing.isEmpty()) {
        return e.getClass().getSimpleName() + ": " + dev.kvbench.host.JvmFlags.hint(missing);
      }
    }
    // a StoreException's message is the adapter's, written for the user: its class name adds nothing
    StringBuilder b = new StringBuilder(e instanceof dev.kvbench.store.StoreException && e.getMessage() != null
        ? e.getMessage() : e.toString());
    Throwable cause = e.getCause();
    for (int depth = 0; cause != null && cause != e && depth < 5; depth++, cause = cause.getCause()) {
      b.append("; caused by ").append(cause);
    }
    if (e instanceof InternalError && String.valueOf(e.getMessage()).contains("unsafe memory access")) {
      // the JVM's word for SIGBUS on a memory-mapped file: the file could not grow
      b.append(" (SIGBUS writing a memory-mapped file: typically the file system is full)");
    }
    return labelled(b.toString());
  }

  /** Whether {@code e} or a cause is the module system refusing access (a missing --add-opens). */
  private static boolean deniedAccess(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IllegalAccessError || t instanceof IllegalAccessException
          || t instanceof java.lang.reflect.InaccessibleObjectException) {
        return true;
      }
    }
    return false;
  }

  /** {@code text} with the full-disk phrase in front when it describes a full disk. */
  public static String labelled(String text) {
    boolean full = FULL_DISK.matcher(text).find() || text.contains("SIGBUS writing a memory-mapped file");
    return full && !text.toLowerCase(Locale.ROOT).startsWith(NO_SPACE) ? NO_SPACE + ": " + text : text;
  }

  /** Closes {@code resource} after {@code primary}; a second failure is attached, never put in its place. */
  static void closeAfter(AutoCloseable resource, Throwable primary) {
    try {
      resource.close();
    } catch (Exception | Error e) {
      if (e != primary) {
        primary.addSuppressed(e);
      }
    }
  }
}
