package dev.kvbench.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a cell's JVM ran, as the JVM itself saw it: the CPUs it was allowed, the NUMA memory
 * policy its allocations followed, and the command that placed it. Recorded per cell, so a result
 * says which socket's CPUs and RAM measured it rather than what was asked for.
 *
 * @param launcher the command the cell's JVM was started under ({@code numactl --cpunodebind=0
 *     --membind=0}, {@code taskset -c 2-5}), or {@link #NOT_PLACED}
 * @param cpus the CPUs the JVM was allowed to run on (Cpus_allowed_list of /proc/self/status)
 * @param memoryNodes the nodes it was allowed memory from (its cpuset's Mems_allowed_list)
 * @param memoryPolicy its NUMA memory policy ({@code default}, {@code bind:0}, {@code
 *     interleave:0-1}: numactl's --membind shows as bind), or {@link #UNKNOWN} where the kernel
 *     shows none (no NUMA support)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Placement(String launcher, String cpus, String memoryNodes, String memoryPolicy) {

  /** The launcher of a cell started without numactl or taskset. */
  public static final String NOT_PLACED = "none";
  public static final String UNKNOWN = "unknown";

  /**
   * This process's placement, started under {@code launcher} (a process cannot see the numactl or
   * taskset it was started under: whoever started it says, here or with {@link #withLauncher}).
   */
  public static Placement ofThisProcess(List<String> launcher) {
    return read(Path.of("/proc/self")).withLauncher(launcher);
  }

  /** This placement, started under {@code command} (which the process itself cannot see). */
  public Placement withLauncher(List<String> command) {
    return new Placement(command.isEmpty() ? NOT_PLACED : String.join(" ", command), cpus, memoryNodes, memoryPolicy);
  }

  /** The placement that {@code proc} (a /proc/PID directory) shows. */
  static Placement read(Path proc) {
    String cpus = UNKNOWN;
    String mems = UNKNOWN;
    try (Stream<String> status = Files.lines(proc.resolve("status"))) {
      for (String line : (Iterable<String>) status::iterator) {
        if (line.startsWith("Cpus_allowed_list:")) {
          cpus = line.substring(line.indexOf(':') + 1).trim();
        } else if (line.startsWith("Mems_allowed_list:")) {
          mems = line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // not Linux: the launcher is all there is to record
    }
    return new Placement(NOT_PLACED, cpus, mems, memoryPolicy(proc));
  }

  /**
   * The task's memory policy: each line of numa_maps starts with an address and the policy of that
   * mapping, which is the task's own where the mapping has none; the first mapping (the executable)
   * never sets one.
   */
  private static String memoryPolicy(Path proc) {
    try (Stream<String> maps = Files.lines(proc.resolve("numa_maps"))) {
      return maps.findFirst().map(l -> l.split("\\s+")).filter(f -> f.length > 1).map(f -> f[1]).orElse(UNKNOWN);
    } catch (IOException | UncheckedIOException e) {
      return UNKNOWN;
    }
  }
}
