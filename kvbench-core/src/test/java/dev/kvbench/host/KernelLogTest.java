package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 63: a JVM that died by SIGKILL is told apart by the kernel's log: its OOM killer, or someone else. */
class KernelLogTest {

  private static final List<String> LOG = List.of(
      "[ 3846.896992] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0",
      "[ 3846.897038] Memory cgroup out of memory: Killed process 24587 (java) total-vm:221384kB, anon-rss:65152kB",
      "[ 3900.000001] Out of memory: Killed process 245870 (java) total-vm:1kB");

  @Test
  void findsTheKernelsKillOfAProcessByItsPidAndNoOther() {
    assertThat(KernelLog.killed(LOG, 24587)).contains(
        "Memory cgroup out of memory: Killed process 24587 (java) total-vm:221384kB, anon-rss:65152kB");
    assertThat(KernelLog.killed(LOG, 245870)).contains("Out of memory: Killed process 245870 (java) total-vm:1kB");
    // a pid that is the start of another's is not it
    assertThat(KernelLog.killed(LOG, 2458)).isEmpty();
    assertThat(KernelLog.killed(List.of(), 24587)).isEmpty();
  }
}
