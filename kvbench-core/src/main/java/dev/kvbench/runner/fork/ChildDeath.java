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

  /** A JVM's exit code when SIGKILL ended it. */
  static final int KILLED = 128 + 9;

  /**
   * Who sent the SIGKILL that ended a cell's JVM, as far as the kernel's log tells: its OOM killer
   * (the cell needed more memory than it had), or someone else; kvbench sends it only past the
   * cell's timeout or when stopped, and says so there.
   */
  static String whoKilled(dev.kvbench.host.KernelLog.Finding log, long pid) {
    if (log instanceof dev.kvbench.host.KernelLog.Killed k) {
      return ", by the kernel's OOM killer (" + k.line() + "): the cell needed more memory than it had; give it less"
          + " data, or more memory (a larger memoryLimit or jvm.heap, or a host with more free)";
    }
    if (log instanceof dev.kvbench.host.KernelLog.Unreadable u) {
      return ", not by kvbench; whether the kernel's OOM killer did, its log could not tell (" + u.why()
          + "): dmesg as root says";
    }
    return ", not by kvbench nor by the kernel's OOM killer (its log names no kill of pid " + pid + "): another"
        + " process sent it (a supervisor or a watchdog killing the run's processes, or kill -9)";
  }

  /**
   * Where the cell's JVM stood when it ended, for a death or a timeout: the pass, how far it came
   * and, at the rate so far, how long it would have needed; empty before the first pass.
   */
  static String whereItStood(dev.kvbench.run.PassLabel pass, dev.kvbench.run.PhaseProgress progress) {
    if (pass == null || progress == null) {
      return "";
    }
    long done = progress.done();
    long total = progress.total();
    double seconds = progress.elapsedNanos() / 1e9;
    StringBuilder b = new StringBuilder(" in ").append(pass);
    if (total > 0) {
      b.append(String.format(Locale.ROOT, " at %d %% (%,d of %,d ops", Math.round(100.0 * done / total), done, total));
      if (done > 0 && seconds > 1) {
        double rate = done / seconds;
        b.append(String.format(Locale.ROOT, ", %,.0f a second: about %s for the pass", rate,
            approximately(total / rate)));
      }
      b.append(')');
    }
    return b.toString();
  }

  /** A duration in seconds as a person says it roughly: 45 s, 12 min, 2.5 h. */
  static String approximately(double seconds) {
    return seconds < 120 ? Math.round(seconds) + " s" : seconds < 7200 ? Math.round(seconds / 60) + " min"
        : String.format(Locale.ROOT, "%.1f h", seconds / 3600);
  }

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
