package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.host.HostCheck.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostChecksTest {

  @TempDir Path root;
  @TempDir Path work;

  private void file(String path, String content) throws Exception {
    Path p = root.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, content);
  }

  private Map<String, HostCheck> inspect(HostChecks.Needs needs, long softNofile) {
    List<HostCheck> checks = new HostChecks(new HostFiles(root), 4).inspect(work, needs, softNofile, 1_000_000);
    return checks.stream().collect(Collectors.toMap(HostCheck::name, Function.identity()));
  }

  /** A host set up for benchmarks, as the seeds' were: nothing to do but what the work directory's type says. */
  @Test
  void aPreparedHostHasNothingToFix() throws Exception {
    file("proc/swaps", "Filename\tType\tSize\tUsed\tPriority\n");
    file("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
    file("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
    file("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
    file("proc/loadavg", "0.10 0.20 0.30 1/100 123\n");
    file("proc/sys/fs/nr_open", "1048576\n");
    file("proc/sys/vm/max_map_count", "262144\n");
    Map<String, HostCheck> c = inspect(new HostChecks.Needs(1000, 100), 1_000_000);
    assertThat(c.values()).filteredOn(x -> !x.name().equals("work directory file system"))
        .allSatisfy(x -> assertThat(x.severity()).as(x.name()).isEqualTo(Severity.OK));
    assertThat(c.get("CPU frequency governor").value()).isEqualTo("performance");
    assertThat(c.get("swap").value()).isEqualTo("off");
  }

  /** The clocksource: a TSC is fine, another warns with the fix where the host offers a TSC. */
  @Test
  void aClocksourceOtherThanTheTscWarnsAndTheTimersCostIsRecorded() throws Exception {
    file("sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
    assertThat(inspect(HostChecks.Needs.NONE, 1_000_000).get("clocksource").severity()).isEqualTo(Severity.OK);
    file("sys/devices/system/clocksource/clocksource0/current_clocksource", "kvm-clock\n");
    file("sys/devices/system/clocksource/clocksource0/available_clocksource", "kvm-clock tsc acpi_pm\n");
    Map<String, HostCheck> c = inspect(HostChecks.Needs.NONE, 1_000_000);
    assertThat(c.get("clocksource").severity()).isEqualTo(Severity.WARN);
    assertThat(c.get("clocksource").value()).isEqualTo("kvm-clock (not a TSC)");
    assertThat(c.get("clocksource").fix()).contains("echo tsc > /sys/devices/system/clocksource/clocksource0/"
        + "current_clocksource");
    // measured, not judged: a busy host makes a read look dearer than it is
    assertThat(c.get("timer (System.nanoTime)").value()).matches("\\d+ ns a read, steps of \\d+ ns");
    assertThat(c.get("timer (System.nanoTime)").severity()).isEqualTo(Severity.OK);
  }

  /** Turbo, NUMA nodes, the tuned profile and interrupts' CPUs are recorded as the kernel shows them. */
  @Test
  void tuningKnobsAreRecordedAndTwoNodesWarnToBindTheCells() throws Exception {
    file("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
    file("sys/devices/system/node/online", "0-1\n");
    file("sys/devices/system/node/node0/cpulist", "0-7,16-23\n");
    file("sys/devices/system/node/node1/cpulist", "8-15,24-31\n");
    file("etc/tuned/active_profile", "latency-performance\n");
    file("proc/irq/default_smp_affinity", "0001\n");
    Map<String, HostCheck> c = inspect(HostChecks.Needs.NONE, 1_000_000);
    assertThat(c.get("turbo").value()).isEqualTo("off (intel_pstate)");
    assertThat(c.get("NUMA nodes").value()).isEqualTo("2 (node 0: CPUs 0-7,16-23; node 1: CPUs 8-15,24-31)");
    assertThat(c.get("NUMA nodes").severity()).isEqualTo(Severity.WARN);
    assertThat(c.get("NUMA nodes").fix()).contains("jvm.numaNode");
    assertThat(c.get("tuned profile").value()).isEqualTo("latency-performance");
    assertThat(c.get("interrupts' default CPUs").value()).isEqualTo("mask 0001");

    file("sys/devices/system/node/online", "0\n");
    file("etc/tuned/active_profile", "latency-performance\n");
    Files.delete(root.resolve("sys/devices/system/cpu/intel_pstate/no_turbo"));
    file("sys/devices/system/cpu/cpufreq/boost", "1\n");
    Files.delete(root.resolve("etc/tuned/active_profile"));
    c = inspect(HostChecks.Needs.NONE, 1_000_000);
    assertThat(c.get("NUMA nodes").severity()).isEqualTo(Severity.OK);
    assertThat(c.get("turbo").value()).isEqualTo("on (cpufreq boost)");
    assertThat(c.get("tuned profile").value()).isEqualTo("tuned not installed");
  }

  /** A work directory with no room left blocks, scenario or not: no store can run in it. */
  @Test
  void aFullWorkDirectoryBlocks() throws Exception {
    try (dev.kvbench.testing.SmallDisk disk = dev.kvbench.testing.SmallDisk.mount(work.resolve("full"), "1m")) {
      disk.fill(disk.path().resolve("filler"));
      HostCheck free = new HostChecks(new HostFiles(root), 4).inspect(disk.path(), HostChecks.Needs.NONE, 1_000_000,
          1_000_000).stream().filter(c -> c.name().equals("work directory free space")).findFirst().orElseThrow();
      assertThat(free.severity()).isEqualTo(Severity.BLOCK);
      assertThat(free.value()).isEqualTo("0 bytes free");
      assertThat(free.fix()).contains("no store can run");
    }
  }

  @Test
  void swapHugePagesGovernorAndLoadAreWarnedWithTheirFix() throws Exception {
    file("proc/swaps", "Filename\tType\tSize\tUsed\tPriority\n/swapfile file 1024 0 -2\n");
    file("sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
    file("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n");
    file("proc/loadavg", "3.50 2.00 1.00 5/300 999\n");
    file("proc/sys/vm/max_map_count", "65530\n");
    Map<String, HostCheck> c = inspect(HostChecks.Needs.NONE, 1_000_000);
    assertThat(c.get("memory maps (vm.max_map_count)").severity()).isEqualTo(Severity.WARN);
    assertThat(c.get("memory maps (vm.max_map_count)").fix()).contains("sysctl -w vm.max_map_count=262144");
    assertThat(c.get("swap").severity()).isEqualTo(Severity.WARN);
    assertThat(c.get("swap").fix()).contains("swapoff -a");
    assertThat(c.get("transparent huge pages").severity()).isEqualTo(Severity.WARN);
    assertThat(c.get("transparent huge pages").fix()).contains("echo madvise");
    assertThat(c.get("CPU frequency governor").value()).isEqualTo("powersave");
    assertThat(c.get("CPU frequency governor").fix()).contains("cpupower frequency-set -g performance");
    assertThat(c.get("other busy processes").value()).isEqualTo("load average 3.50 on 4 cores");
    assertThat(c.get("other busy processes").severity()).isEqualTo(Severity.WARN);
  }

  /** What would stop the scenario blocks it: too little room for the largest cell, too few open files. */
  @Test
  void aScenarioTheHostCannotHoldIsBlocked() throws Exception {
    file("proc/sys/fs/nr_open", "65536\n");
    Map<String, HostCheck> c = inspect(new HostChecks.Needs(Long.MAX_VALUE / 2, 180_000), 1024);
    assertThat(c.get("open files ceiling (fs.nr_open)").severity()).isEqualTo(Severity.BLOCK);
    assertThat(c.get("open files ceiling (fs.nr_open)").fix()).contains("sysctl -w fs.nr_open=1048576");
    assertThat(c.get("work directory free space").severity()).isEqualTo(Severity.BLOCK);
    assertThat(c.get("work directory free space").fix()).contains("--scale");
    assertThat(c.get("open files (nofile)").severity()).isEqualTo(Severity.BLOCK);
    assertThat(c.get("open files (nofile)").fix()).contains("ulimit -n 180000", "limits.d", "root");
    // files the kernel does not expose are no reason to block anything
    assertThat(c.get("CPU frequency governor").value()).startsWith("not exposed");
    assertThat(c.get("swap").severity()).isEqualTo(Severity.OK);
  }

  @Test
  void theWorkDirectorysFileSystemIsNamed() {
    Map<String, HostCheck> c = inspect(HostChecks.Needs.NONE, 1024);
    String type = HostFiles.fileSystemType(work);
    assertThat(c.get("work directory file system").value()).endsWith("is on " + type);
    assertThat(c.get("work directory file system").severity()).isEqualTo(type.equals("tmpfs") ? Severity.OK : Severity.WARN);
  }
}
