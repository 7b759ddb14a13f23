package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.kvbench.host.HostCheck;
import java.util.List;

/**
 * The host a result was measured on: enough to judge whether two results are comparable.
 *
 * @param nofileSoft soft RLIMIT_NOFILE (-1 when unknown); LSM stores need many
 * @param workDirFileSystem file system type of the work directory, e.g. tmpfs or ext4
 * @param cpuTimeSource where process CPU comes from (getrusage or /proc/self/stat)
 * @param peakRssPerPhase true when the peak RSS could be reset per phase
 * @param timerPairNanos cost of two System.nanoTime calls here
 * @param cellJvmFlags the flags the JVMs that measured the cells started with: a forked cell's
 *     own (heap, the stores' opens and exports, the scenario's options), or, with no forks, the
 *     run's; null in results from before it was recorded
 * @param hostChecks what on the host could distort the results (swap, huge pages, governor, load,
 *     file system, open files), as {@code kvbench env} prints it; null in older results
 */
public record Environment(@JsonUnwrapped Machine machine, @JsonUnwrapped Jvm jvm,
    @JsonUnwrapped WorkDirectoryFacts workDirectory, @JsonUnwrapped Clocks clocks, List<HostCheck> hostChecks) {

  /** The machine (fields of the environment in the JSON). */
  public record Machine(String hostname, String cpuModel, int cores, long ramBytes, String os, String kernel,
      String arch) {}

  /** The JVM of the run and of its cells (fields of the environment in the JSON). */
  public record Jvm(String jdkVendor, String jdkVersion, String jvmName, List<String> jvmFlags,
      List<String> cellJvmFlags) {}

  /** Where the stores wrote, and how many files they may open (fields of the environment in the JSON). */
  public record WorkDirectoryFacts(String workDir, String workDirFileSystem, long nofileSoft, long nofileHard) {}

  /** How CPU, memory and time were read (fields of the environment in the JSON). */
  public record Clocks(String cpuTimeSource, boolean peakRssPerPhase, double timerPairNanos) {}

  /** An environment from its fields in the order the JSON has them. */
  public Environment(String hostname, String cpuModel, int cores, long ramBytes, String os, String kernel,
      String arch, String jdkVendor, String jdkVersion, String jvmName, List<String> jvmFlags, String workDir,
      String workDirFileSystem, long nofileSoft, long nofileHard, String cpuTimeSource, boolean peakRssPerPhase,
      double timerPairNanos, List<String> cellJvmFlags, List<HostCheck> hostChecks) {
    this(new Machine(hostname, cpuModel, cores, ramBytes, os, kernel, arch),
        new Jvm(jdkVendor, jdkVersion, jvmName, jvmFlags, cellJvmFlags),
        new WorkDirectoryFacts(workDir, workDirFileSystem, nofileSoft, nofileHard),
        new Clocks(cpuTimeSource, peakRssPerPhase, timerPairNanos), hostChecks);
  }

  public Environment {
    machine = machine == null ? new Machine(null, null, 0, 0, null, null, null) : machine;
    jvm = jvm == null ? new Jvm(null, null, null, null, null) : jvm;
    workDirectory = workDirectory == null ? new WorkDirectoryFacts(null, null, 0, 0) : workDirectory;
    clocks = clocks == null ? new Clocks(null, false, 0) : clocks;
  }

  public String hostname() {
    return machine.hostname();
  }

  public String cpuModel() {
    return machine.cpuModel();
  }

  public int cores() {
    return machine.cores();
  }

  public long ramBytes() {
    return machine.ramBytes();
  }

  public String os() {
    return machine.os();
  }

  public String kernel() {
    return machine.kernel();
  }

  public String arch() {
    return machine.arch();
  }

  public String jdkVendor() {
    return jvm.jdkVendor();
  }

  public String jdkVersion() {
    return jvm.jdkVersion();
  }

  public String jvmName() {
    return jvm.jvmName();
  }

  public List<String> jvmFlags() {
    return jvm.jvmFlags();
  }

  public List<String> cellJvmFlags() {
    return jvm.cellJvmFlags();
  }

  public String workDir() {
    return workDirectory.workDir();
  }

  public String workDirFileSystem() {
    return workDirectory.workDirFileSystem();
  }

  public long nofileSoft() {
    return workDirectory.nofileSoft();
  }

  public long nofileHard() {
    return workDirectory.nofileHard();
  }

  public String cpuTimeSource() {
    return clocks.cpuTimeSource();
  }

  public boolean peakRssPerPhase() {
    return clocks.peakRssPerPhase();
  }

  public double timerPairNanos() {
    return clocks.timerPairNanos();
  }
}
