package dev.kvbench.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A memory cgroup: the one kvbench makes for a cell's JVM ({@code --memory-limit}), or the one a
 * process finds itself in. Its limit covers the page cache the process's file reads and writes
 * bring in (cgroup v1's {@code memory.limit_in_bytes}, v2's {@code memory.max}), so a store whose
 * files are larger than the limit really reads them from the device. Both versions are handled; the
 * files are read under {@link HostFiles}' root, so tests can point it at a folder of their own.
 *
 * @param directory the cgroup's directory under the memory hierarchy's mount
 * @param version 1 or 2
 */
public record MemoryCgroup(Path directory, int version) {

  /** v1's "no limit": the largest page-aligned long. */
  private static final long V1_UNLIMITED = 0x7FFFFFFFFFFFF000L;

  private static final String V1_MOUNT = "sys/fs/cgroup/memory";
  private static final String V2_MOUNT = "sys/fs/cgroup";

  /**
   * Where this process may make cgroups of its own: under its own memory cgroup in v1 (which nests
   * limits), beside it in v2 (whose rule against processes in a cgroup with children forbids a
   * child of the cgroup kvbench itself runs in); throws IllegalStateException saying why not and
   * what would let it (root, a memory hierarchy mounted).
   */
  public static MemoryCgroup parentForNew(HostFiles files) {
    Optional<MemoryCgroup> own = ofProcess(files);
    if (own.isEmpty()) {
      throw new IllegalStateException("this host has no memory cgroup hierarchy kvbench can find (neither cgroup v1's"
          + " /sys/fs/cgroup/memory nor a cgroup v2 /sys/fs/cgroup with the memory controller)");
    }
    MemoryCgroup cgroup = own.get();
    MemoryCgroup parent = cgroup;
    if (cgroup.version == 2) {
      Path mount = files.root().resolve(V2_MOUNT);
      parent = cgroup.directory.equals(mount) ? cgroup : new MemoryCgroup(cgroup.directory.getParent(), 2);
      List<String> enabled = files.lines("/" + files.root().relativize(parent.directory.resolve(
          "cgroup.subtree_control")));
      if (enabled.stream().noneMatch(l -> List.of(l.trim().split("\\s+")).contains("memory"))) {
        throw new IllegalStateException(parent.directory + " does not give its children the memory controller:"
            + " as root, echo +memory > " + parent.directory.resolve("cgroup.subtree_control"));
      }
    }
    if (!Files.isWritable(parent.directory)) {
      throw new IllegalStateException("making a memory cgroup under " + parent.directory + " needs root (or that"
          + " cgroup delegated to this user)");
    }
    return parent;
  }

  /**
   * The memory cgroup this process runs in, from /proc/self/cgroup: v1 where its memory hierarchy
   * is mounted, else v2's unified one where it has the memory controller; empty where neither.
   */
  public static Optional<MemoryCgroup> ofProcess(HostFiles files) {
    List<String> lines = files.lines("/proc/self/cgroup");
    if (Files.isRegularFile(files.root().resolve(V1_MOUNT).resolve("memory.limit_in_bytes"))) {
      for (String line : lines) {
        String[] parts = line.split(":", 3);
        if (parts.length == 3 && List.of(parts[1].split(",")).contains("memory")) {
          return Optional.of(new MemoryCgroup(under(files.root().resolve(V1_MOUNT), parts[2]), 1));
        }
      }
      return Optional.empty();
    }
    boolean v2Memory = files.firstLine("/" + V2_MOUNT + "/cgroup.controllers")
        .map(l -> List.of(l.split("\\s+")).contains("memory")).orElse(false);
    if (v2Memory) {
      for (String line : lines) {
        if (line.startsWith("0::")) {
          return Optional.of(new MemoryCgroup(under(files.root().resolve(V2_MOUNT), line.substring(3)), 2));
        }
      }
    }
    return Optional.empty();
  }

  private static Path under(Path mount, String path) {
    String relative = path.trim().replaceFirst("^/+", "");
    return relative.isEmpty() ? mount : mount.resolve(relative);
  }

  /**
   * Makes the cgroup {@code name} under this one with {@code limitBytes} for memory and page cache,
   * and none for swap where the kernel accounts it (so the limit is not dodged by swapping); throws
   * IOException naming the file the kernel refused.
   */
  public MemoryCgroup create(String name, long limitBytes) throws IOException {
    Path dir = directory.resolve(name);
    Files.createDirectory(dir);
    MemoryCgroup made = new MemoryCgroup(dir, version);
    try {
      if (version == 1) {
        made.write("memory.limit_in_bytes", Long.toString(limitBytes));
        // memsw (memory + swap) can only be set at or above the memory limit, hence after it
        made.writeIfPresent("memory.memsw.limit_in_bytes", Long.toString(limitBytes));
      } else {
        made.write("memory.max", Long.toString(limitBytes));
        made.writeIfPresent("memory.swap.max", "0");
      }
    } catch (IOException e) {
      made.remove();
      throw e;
    }
    return made;
  }

  /** The prefix of the cgroups kvbench makes, {@code kvbench-PID-N}: PID the run's, N its count. */
  public static final String PREFIX = "kvbench-";

  private static final java.util.regex.Pattern MADE = java.util.regex.Pattern.compile("kvbench-(\\d+)-\\d+");

  /**
   * The cgroups under this one that kvbench made ({@code kvbench-PID-N}) whose run is gone: the
   * process PID has ended and nothing is left inside. A run killed by SIGKILL leaves its cell's
   * cgroup; the next run with a memory limit, and {@code kvbench clean}, remove them.
   */
  public List<MemoryCgroup> leftovers() {
    List<MemoryCgroup> out = new java.util.ArrayList<>();
    try (var children = Files.list(directory)) {
      for (Path child : children.filter(Files::isDirectory).toList()) {
        java.util.regex.Matcher m = MADE.matcher(child.getFileName().toString());
        if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).map(p -> !p.isAlive()).orElse(true)) {
          MemoryCgroup c = new MemoryCgroup(child, version);
          if (c.lines("cgroup.procs").isEmpty()) {
            out.add(c);
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      return out; // unreadable: nothing to say of it
    }
    return out;
  }

  /**
   * Words a command line starts with so that what follows runs in this cgroup from its first
   * instruction: the shell writes its own pid into the cgroup, then becomes the command.
   */
  public List<String> joinCommand() {
    return List.of("sh", "-c", "echo $$ > \"$0/cgroup.procs\" && exec \"$@\"", directory.toString());
  }

  /** The limit in bytes, or empty where it has none or it cannot be read. */
  public OptionalLong limitBytes() {
    String text = read(version == 1 ? "memory.limit_in_bytes" : "memory.max");
    if (text == null || text.equals("max")) {
      return OptionalLong.empty();
    }
    try {
      long limit = Long.parseLong(text);
      return limit >= V1_UNLIMITED ? OptionalLong.empty() : OptionalLong.of(limit);
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * The highest usage, page cache included, since the cgroup was made or {@link #resetPeak} last
   * worked; -1 where the kernel does not say (v2 before Linux 5.19).
   */
  public long peakBytes() {
    String text = read(version == 1 ? "memory.max_usage_in_bytes" : "memory.peak");
    try {
      return text == null ? -1 : Long.parseLong(text);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Starts a new peak window where the kernel lets a process do so for everyone who reads it (v1,
   * as root); false where it does not (v2 resets the peak only for the file handle that wrote it),
   * and the peak then runs from the cgroup's start.
   */
  public boolean resetPeak() {
    if (version != 1) {
      return false;
    }
    try {
      write("memory.max_usage_in_bytes", "0");
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The page cache charged to this cgroup, its children's included: v1's {@code total_cache}, v2's
   * {@code file} of {@code memory.stat}; -1 where the kernel does not say.
   */
  public long pageCacheBytes() {
    return HostFiles.numberAfter(lines("memory.stat"), version == 1 ? "total_cache " : "file ").orElse(-1);
  }

  /** How many times the kernel's OOM killer ended a process of this cgroup (0 where it does not say). */
  public long oomKills() {
    List<String> lines = lines(version == 1 ? "memory.oom_control" : "memory.events");
    return HostFiles.numberAfter(lines, "oom_kill ").orElse(0);
  }

  /**
   * Removes the cgroup once its processes have ended, waiting up to 5 s for an exiting one to leave
   * it; the charges of its page cache pass to the parent. Throws IOException when it stays busy.
   */
  public void remove() throws IOException {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (true) {
      try {
        Files.deleteIfExists(directory);
        return;
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          throw new IOException("cannot remove the memory cgroup " + directory + ": " + e.getMessage(), e);
        }
        try {
          Thread.sleep(50);
        } catch (InterruptedException stop) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while removing the memory cgroup " + directory, stop);
        }
      }
    }
  }

  private String read(String file) {
    List<String> lines = lines(file);
    return lines.isEmpty() ? null : lines.get(0).trim().toLowerCase(Locale.ROOT);
  }

  private List<String> lines(String file) {
    try {
      return Files.readAllLines(directory.resolve(file));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private void write(String file, String value) throws IOException {
    Files.writeString(directory.resolve(file), value);
  }

  private void writeIfPresent(String file, String value) throws IOException {
    if (Files.exists(directory.resolve(file))) {
      write(file, value);
    }
  }
}
