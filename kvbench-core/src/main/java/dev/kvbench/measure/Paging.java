package dev.kvbench.measure;

/**
 * What memory that ran short cost a pass: the pages its process had to fetch from storage on
 * first touch, and, where the process runs in a memory cgroup with a limit ({@code
 * --memory-limit}, a container's limit), how high that cgroup's usage, page cache included, went.
 *
 * @param majorFaults the process's major page faults over the pass (a mapped store's page not in
 *     memory, or any page reclaimed and read back): 0 for data that fits in memory once loaded
 * @param cgroupPeakBytes the cgroup's peak usage, page cache included, over the pass (from the
 *     JVM's start where the cgroup's peak cannot be reset, see {@code CellMemory.limit}); null
 *     where the process runs in no limited memory cgroup
 */
public record Paging(long majorFaults, Long cgroupPeakBytes) {}
