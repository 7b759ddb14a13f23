package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding, limiting and reading memory cgroups, on cgroup v1 and v2 hosts faked under a folder. */
class MemoryCgroupTest {

  @TempDir Path root;

  private void file(String path, String text) throws Exception {
    Path p = root.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  @Test
  void onV1ItIsTheMemoryLinesCgroupUnderTheMemoryMountAndNewOnesGoUnderIt() throws Exception {
    file("proc/self/cgroup", "5:devices:/\n4:memory:/process_api/abc\n0::/\n");
    file("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
    file("sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes", "9223372036854771712\n");
    HostFiles files = new HostFiles(root);

    MemoryCgroup own = MemoryCgroup.ofProcess(files).orElseThrow();
    assertThat(own).isEqualTo(new MemoryCgroup(root.resolve("sys/fs/cgroup/memory/process_api/abc"), 1));
    assertThat(own.limitBytes()).as("v1's unlimited").isEmpty();
    assertThat(MemoryCgroup.parentForNew(files)).isEqualTo(own);

    MemoryCgroup made = own.create("kvbench-1-1", 256L << 20);
    assertThat(Files.readString(made.directory().resolve("memory.limit_in_bytes"))).isEqualTo("268435456");
    assertThat(made.limitBytes()).hasValue(256L << 20);
    assertThat(made.joinCommand()).containsExactly("sh", "-c", "echo $$ > \"$0/cgroup.procs\" && exec \"$@\"",
        made.directory().toString());
  }

  @Test
  void onV1ItReadsThePeakAndCountsOomKills() throws Exception {
    file("sys/fs/cgroup/memory/memory.limit_in_bytes", "1");
    file("sys/fs/cgroup/memory/k/memory.limit_in_bytes", "268435456\n");
    file("sys/fs/cgroup/memory/k/memory.max_usage_in_bytes", "200000000\n");
    file("sys/fs/cgroup/memory/k/memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n");
    MemoryCgroup k = new MemoryCgroup(root.resolve("sys/fs/cgroup/memory/k"), 1);
    assertThat(k.peakBytes()).isEqualTo(200_000_000L);
    assertThat(k.oomKills()).isEqualTo(2);
    assertThat(k.resetPeak()).isTrue();
    assertThat(Files.readString(k.directory().resolve("memory.max_usage_in_bytes"))).isEqualTo("0");
  }

  @Test
  void onV2NewCgroupsGoBesideItsOwnWhereTheParentHandsOnTheMemoryController() throws Exception {
    file("proc/self/cgroup", "0::/user.slice/session-1.scope\n");
    file("sys/fs/cgroup/cgroup.controllers", "cpuset cpu io memory pids\n");
    file("sys/fs/cgroup/user.slice/cgroup.subtree_control", "cpu memory pids\n");
    file("sys/fs/cgroup/user.slice/session-1.scope/memory.max", "max\n");
    HostFiles files = new HostFiles(root);

    MemoryCgroup own = MemoryCgroup.ofProcess(files).orElseThrow();
    assertThat(own.version()).isEqualTo(2);
    assertThat(own.limitBytes()).isEmpty();
    MemoryCgroup parent = MemoryCgroup.parentForNew(files);
    assertThat(parent.directory()).isEqualTo(root.resolve("sys/fs/cgroup/user.slice"));

    MemoryCgroup made = parent.create("kvbench-1-1", 128L << 20);
    assertThat(Files.readString(made.directory().resolve("memory.max"))).isEqualTo("134217728");
    assertThat(made.resetPeak()).as("v2 resets the peak only for the handle that wrote it").isFalse();
    file("sys/fs/cgroup/user.slice/kvbench-1-1/memory.events", "low 0\nhigh 0\nmax 9\noom 1\noom_kill 1\n");
    assertThat(made.oomKills()).isEqualTo(1);
  }

  @Test
  void onV2AParentThatKeepsTheMemoryControllerIsRefusedWithTheFix() throws Exception {
    file("proc/self/cgroup", "0::/user.slice/session-1.scope\n");
    file("sys/fs/cgroup/cgroup.controllers", "cpu memory\n");
    file("sys/fs/cgroup/user.slice/cgroup.subtree_control", "cpu\n");
    assertThatThrownBy(() -> MemoryCgroup.parentForNew(new HostFiles(root)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("does not give its children the memory controller")
        .hasMessageContaining("echo +memory > " + root.resolve("sys/fs/cgroup/user.slice/cgroup.subtree_control"));
  }

  @Test
  void aHostWithoutAMemoryHierarchyIsSaidSo() throws Exception {
    file("proc/self/cgroup", "0::/\n");
    file("sys/fs/cgroup/cgroup.controllers", "cpu io\n");
    assertThat(MemoryCgroup.ofProcess(new HostFiles(root))).isEmpty();
    assertThatThrownBy(() -> MemoryCgroup.parentForNew(new HostFiles(root)))
        .hasMessageContaining("no memory cgroup hierarchy");
  }

  /**
   * Issue 63: a run killed by SIGKILL left its cell's kvbench-PID-N cgroup; the next limited run and
   * kvbench clean find those whose run is gone and that hold nothing, and only those.
   */
  @Test
  void leftoversAreKvbenchsCgroupsOfARunThatEndedWithNothingInside() throws Exception {
    Path parent = java.nio.file.Files.createDirectories(root.resolve("sys/fs/cgroup/memory/p"));
    long dead = deadPid();
    long alive = ProcessHandle.current().pid();
    for (String name : new String[] {"kvbench-" + dead + "-1", "kvbench-" + dead + "-2", "kvbench-" + alive + "-1",
        "kvbench-x-1", "someone-else"}) {
      java.nio.file.Files.createDirectories(parent.resolve(name));
      java.nio.file.Files.writeString(parent.resolve(name).resolve("cgroup.procs"), "");
    }
    // the dead run's second cgroup still holds a process: never its to remove
    java.nio.file.Files.writeString(parent.resolve("kvbench-" + dead + "-2").resolve("cgroup.procs"), "4242\n");
    assertThat(new MemoryCgroup(parent, 1).leftovers()).extracting(c -> c.directory().getFileName().toString())
        .containsExactly("kvbench-" + dead + "-1");
  }

  /** A pid no process has: one of a process that has ended. */
  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }
}
