package dev.kvbench.runner.fork;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.host.KernelLog;
import dev.kvbench.run.PassLabel;
import dev.kvbench.run.PhaseProgress;
import org.junit.jupiter.api.Test;

/** Issue 63: a cell that something killed says what, and what to change. */
class ChildDeathTest {

  @Test
  void aSigkillSaysWhetherTheKernelsOomKillerSentIt() {
    assertThat(ChildDeath.whoKilled(new KernelLog.Killed("Memory cgroup out of memory: Killed process 7 (java)"), 7))
        .contains("by the kernel's OOM killer (Memory cgroup out of memory: Killed process 7 (java))",
            "give it less data, or more memory");
    assertThat(ChildDeath.whoKilled(new KernelLog.NotKilled(), 7))
        .contains("not by kvbench nor by the kernel's OOM killer (its log names no kill of pid 7)", "kill -9");
    assertThat(ChildDeath.whoKilled(new KernelLog.Unreadable("dmesg: read kernel buffer failed"), 7))
        .contains("its log could not tell (dmesg: read kernel buffer failed)");
  }

  @Test
  void whereAPassStoodSaysHowFarAndHowLongItWouldHaveTaken() {
    PhaseProgress progress = new PhaseProgress(3_871_665);
    progress.publish(1_441_792);
    String where = ChildDeath.whereItStood(new PassLabel("write", PassLabel.Kind.MEASURED, 1, 1), progress);
    assertThat(where).startsWith(" in write pass 1/1 at 37 % (1,441,792 of 3,871,665 ops");
    assertThat(ChildDeath.whereItStood(null, null)).isEmpty();
    assertThat(ChildDeath.approximately(45)).isEqualTo("45 s");
    assertThat(ChildDeath.approximately(3120)).isEqualTo("52 min");
    assertThat(ChildDeath.approximately(9000)).isEqualTo("2.5 h");
  }
}
