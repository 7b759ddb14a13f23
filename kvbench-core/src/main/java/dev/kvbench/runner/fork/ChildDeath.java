package dev.kvbench.runner.fork;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why a cell's JVM ended without a result, in the words a user searches for: out of memory or
 * threads, a native crash (from its hs_err file), a full disk, a signal, or its first error line.
 */
public final class ChildDeath {

  private ChildDeath() {}

  /** The reason a child JVM that sent no result ended, in the words a user searches for. */
  static String whyItDied(int exitCode, List<String> tail, Path crash) throws IOException {
    String oom = tail.stream().filter(l -> l.contains("OutOfMemoryError")).findFirst().orElse(null);
    if (oom != null && oom.contains("native thread")) {
      // not the heap: the process or the system ran out of threads (ulimit -u, pid_max) or stacks
      return "out of threads: " + oom.trim() + "; run fewer client threads (matrix.threads), or raise the process"
          + " limit (ulimit -u)";
    }
    if (oom != null) {
      return "out of memory: " + oom.trim() + "; give the cell more with jvm.heap";
    }
    if (crash != null) {
      return "the JVM crashed: " + crashSummary(crash);
    }
    String noSpace = tail.stream().filter(l -> l.toLowerCase().contains("no space left on device")).findFirst()
        .orElse(null);
    if (noSpace != null) {
      return "no space left on device: " + noSpace.trim();
    }
    if (exitCode > 128) {
      int signal = exitCode - 128;
      return "killed by signal " + signal + signalName(signal);
    }
    String firstError = firstError(tail);
    return "the cell's JVM exited with code " + exitCode + " and no result"
        + (firstError == null ? "" : ": " + firstError.trim());
  }

  /**
   * What the cell's file system looked like when its JVM died: a store writing through a memory
   * map gets SIGBUS, not an error, when the file system is full.
   */
  static String fullDisk(Path directory) {
    try {
      var store = Files.getFileStore(directory);
      long free = store.getUsableSpace();
      if (free < Math.max(1L << 20, store.getTotalSpace() / 100)) {
        return String.format(Locale.ROOT, " (no space left on device: %,d bytes free on the work"
            + " directory's file system)", free);
      }
    } catch (IOException e) {
      // the directory is gone: nothing to say about it
    }
    return "";
  }

  static String signalName(int signal) {
    return switch (signal) {
      case 6 -> " (SIGABRT)";
      case 7 -> " (SIGBUS)";
      case 9 -> " (SIGKILL)";
      case 11 -> " (SIGSEGV)";
      case 15 -> " (SIGTERM)";
      default -> "";
    };
  }

  /**
   * The child's hs_err file: in its own directory, or where the JVM puts it when it cannot write
   * there (the temp directory, as on a full work disk); null when it did not crash natively.
   */
  static Path crashLog(Path jvmDir, long pid) {
    String name = "hs_err_pid" + pid + ".log";
    for (Path candidate : List.of(jvmDir.resolve(name), Path.of(System.getProperty("java.io.tmpdir"), name),
        Path.of("/tmp", name))) {
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /** The hs_err lines that say what happened: the signal and the problematic frame. */
  static String crashSummary(Path crash) throws IOException {
    List<String> picked = new ArrayList<>();
    for (String line : Files.readAllLines(crash, StandardCharsets.ISO_8859_1)) {
      String t = line.replaceFirst("^#\\s*", "").trim();
      if (t.matches("(SIG[A-Z]+|EXCEPTION_[A-Z_]+) .*") || line.startsWith("# Problematic frame:")) {
        picked.add(t);
      } else if (picked.size() == 2 && line.startsWith("# ") && picked.get(1).startsWith("Problematic frame")) {
        picked.add(t);
      }
      if (picked.size() == 3) {
        break;
      }
    }
    return picked.isEmpty() ? "see the crash log" : String.join(" ", picked);
  }

  /** The first of {@code lines} that names an error or an exception, or null: what a JVM said went wrong. */
  public static String firstError(List<String> lines) {
    return lines.stream().filter(l -> l.startsWith("Error") || l.contains("Exception")).findFirst().orElse(null);
  }

  /** The last {@code lines} lines of {@code file}, none when it does not exist: a child JVM's last words. */
  public static List<String> tail(Path file, int lines) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    List<String> all = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    return all.subList(Math.max(0, all.size() - lines), all.size());
  }

}
