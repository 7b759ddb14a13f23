package dev.kvbench.result;

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
public record Environment(
    String hostname,
    String cpuModel,
    int cores,
    long ramBytes,
    String os,
    String kernel,
    String arch,
    String jdkVendor,
    String jdkVersion,
    String jvmName,
    List<String> jvmFlags,
    String workDir,
    String workDirFileSystem,
    long nofileSoft,
    long nofileHard,
    String cpuTimeSource,
    boolean peakRssPerPhase,
    double timerPairNanos,
    List<String> cellJvmFlags,
    List<HostCheck> hostChecks) {}
