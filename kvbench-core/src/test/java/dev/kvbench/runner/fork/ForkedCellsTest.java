package dev.kvbench.runner.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a forked cell's end is put in words. */
class ForkedCellsTest {

  @Test
  void aTimeoutIsPrintedAsItWasGivenNeverRoundedToAnotherNumber() {
    assertThat(ForkedCells.human(Duration.ofMillis(1500))).isEqualTo("1500 ms");
    assertThat(ForkedCells.human(Duration.ofSeconds(8))).isEqualTo("8 s");
    assertThat(ForkedCells.human(Duration.ofMinutes(30))).isEqualTo("30 min");
    assertThat(ForkedCells.human(Duration.ofHours(2))).isEqualTo("2 h");
  }

  /** Running out of threads is not running out of heap: the advice is fewer threads, not more heap. */
  @Test
  void outOfThreadsIsToldApartFromOutOfHeap() throws Exception {
    String threads = ChildDeath.whyItDied(1, List.of("Exception in thread \"main\" java.lang.OutOfMemoryError:"
        + " unable to create native thread: possibly out of memory or process/resource limits reached"), null);
    assertThat(threads).startsWith("out of threads").contains("matrix.threads", "ulimit -u").doesNotContain("jvm.heap");
    String heap = ChildDeath.whyItDied(3, List.of("Terminating due to java.lang.OutOfMemoryError: Java heap space"),
        null);
    assertThat(heap).startsWith("out of memory").contains("jvm.heap");
  }

  @Test
  void aJvmThatExitsSaysItsFirstErrorLine() throws Exception {
    assertThat(ChildDeath.whyItDied(1, List.of("some output", "Error: Could not find or load main class x"), null))
        .isEqualTo("the cell's JVM exited with code 1 and no result: Error: Could not find or load main class x");
  }

  @Test
  void aCellsCollectorIsOnItsJvmsCommandLineAndTheDefaultAddsNone() throws Exception {
    ForkedCells forks = new ForkedCells(dev.kvbench.scenario.JvmOptions.DEFAULT, Duration.ofMinutes(1),
        java.nio.file.Path.of("diag"), dev.kvbench.run.RunListener.NONE);
    dev.kvbench.scenario.Scenario s = new dev.kvbench.scenario.ScenarioOverrides().stores(List.of("null"))
        .axis(dev.kvbench.scenario.Axes.GC, List.of("default", "serial", "z"))
        .applyTo(dev.kvbench.scenario.Scenario.defaults("gc"));
    List<dev.kvbench.scenario.CellParams> cells = s.cells(dev.kvbench.store.StoreRegistry.load());
    CellMeter.Fork dir = new CellMeter.Fork(java.nio.file.Path.of("jvm"), java.nio.file.Path.of("diag"));
    assertThat(forks.command(dir, cells.get(0))).noneMatch(a -> a.matches("-XX:\\+Use\\w+GC"));
    assertThat(forks.command(dir, cells.get(1))).contains("-XX:+UseSerialGC").noneMatch(a -> a.equals("-XX:+UseZGC"));
    assertThat(forks.command(dir, cells.get(2))).contains("-XX:+UseZGC");
  }

  @Test
  void pinnedCellsStartUnderTasksetAndAListTheHostCannotGiveIsRefusedBeforeTheRun() throws Exception {
    dev.kvbench.scenario.JvmOptions pinned = dev.kvbench.scenario.JvmOptions.DEFAULT
        .with(dev.kvbench.scenario.JvmSettings.CPUS, dev.kvbench.host.CpuList.parse("0"));
    ForkedCells forks = new ForkedCells(pinned, java.time.Duration.ofMinutes(1), java.nio.file.Path.of("d"),
        dev.kvbench.run.RunListener.NONE);
    dev.kvbench.scenario.Scenario s = dev.kvbench.scenario.Scenario.defaults("pin");
    var cell = s.cells(dev.kvbench.store.StoreRegistry.load()).get(0);
    assertThat(forks.command(new CellMeter.Fork(java.nio.file.Path.of("jvm"), java.nio.file.Path.of("d")), cell)).startsWith("taskset", "-c", "0");
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/taskset")));
    assertThat(CellJvm.whyJvmWontStart(pinned)).as("CPU 0 is everyone's").isNull();
    String why = CellJvm.whyJvmWontStart(dev.kvbench.scenario.JvmOptions.DEFAULT
        .with(dev.kvbench.scenario.JvmSettings.CPUS, dev.kvbench.host.CpuList.parse("4095")));
    assertThat(why).as("a CPU this host does not have").isNotNull().containsIgnoringCase("taskset");
  }
}
