package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.host.HostFiles;
import dev.kvbench.host.MemoryCgroup;
import dev.kvbench.measure.Paging;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.MemoryLimit;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.workload.KeyOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --memory-limit} on this host's own cgroups: each fork's JVM runs in a cgroup made for it
 * with the limit, its passes record the cgroup's peak within the limit, the cgroup is gone after
 * the run, and a cell whose JVM the limit kills fails alone, saying so. Skipped where this process
 * may not make memory cgroups; in CI (whose hosts are root on cgroup v1) that is a failure.
 */
class MemoryLimitedRunTest {

  private static final MemoryLimit LIMIT = MemoryLimit.parse("160m");

  // the work directory must be on a disk: the temp directory, never /dev/shm
  @TempDir Path temp;

  private static MemoryCgroup parentOrSkip() {
    try {
      return MemoryCgroup.parentForNew(HostFiles.system());
    } catch (IllegalStateException e) {
      if ("true".equals(System.getenv("CI"))) {
        throw new AssertionError("CI runs as root on a host with a memory cgroup hierarchy, but: " + e.getMessage());
      }
      Assumptions.abort("memory cgroups cannot be made here: " + e.getMessage());
      return null;
    }
  }

  /**
   * A new directory on a disk for the stores (a limit over a tmpfs is refused): the temp directory,
   * else one of this test's own under /var/tmp, removed after it.
   */
  private Path onDisk() throws Exception {
    if (!"tmpfs".equals(HostFiles.fileSystemType(temp))) {
      return temp;
    }
    Path varTmp = Path.of("/var/tmp");
    if (Files.isDirectory(varTmp) && !"tmpfs".equals(HostFiles.fileSystemType(varTmp))) {
      Path own = Files.createTempDirectory(varTmp, "kvbench-limit-test-");
      ownDiskDirectory = own;
      return own;
    }
    if ("true".equals(System.getenv("CI"))) {
      throw new AssertionError("neither the temp directory nor /var/tmp is on a disk");
    }
    Assumptions.abort("neither the temp directory nor /var/tmp is on a disk");
    return null;
  }

  private Path ownDiskDirectory;

  @org.junit.jupiter.api.AfterEach
  void removeOwnDiskDirectory() throws Exception {
    if (ownDiskDirectory != null) {
      try (Stream<Path> s = Files.walk(ownDiskDirectory)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** This process's own cgroups under {@code parent}: named after its pid, so a run beside it is never counted. */
  private static List<Path> ownCgroups(MemoryCgroup parent) throws Exception {
    try (Stream<Path> s = Files.list(parent.directory())) {
      return s.filter(p -> p.getFileName().toString().startsWith("kvbench-" + ProcessHandle.current().pid() + "-"))
          .toList();
    }
  }

  @Tag("slow")
  @Test
  void eachForkRunsInACgroupWithinTheLimitWhichIsRemovedAndACellTheLimitKillsFailsAlone() throws Exception {
    MemoryCgroup parent = parentOrSkip();
    Path disk = onDisk();
    Scenario base = TinyScenario.of("limited", List.of("misbehaving"), 5_000, KeyOrder.RND, 1);
    Scenario s = base.withMatrix(base.matrix().withSettings(Map.of("misbehaving.failure", List.of("none", "hog"))))
        .withJvm(JvmOptions.DEFAULT.with(JvmSettings.HEAP, "48m").with(JvmSettings.MEMORY_LIMIT, LIMIT));

    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE)
        .run(s, new RunOptions(disk.resolve("work"), temp.resolve("limited.json"), Shard.ALL, List.of("test"), "dev"));
    List<CellResult> cells = new ResultFiles().read(outcome.documentPath()).cells();

    CellResult healthy = cells.stream().filter(c -> c.settings().get("failure").equals("none")).findFirst().orElseThrow();
    assertThat(healthy.outcome()).isEqualTo(CellResult.Outcome.RAN);
    assertThat(healthy.memory().limit().limitBytes()).isEqualTo(LIMIT.bytes());
    assertThat(healthy.memory().limit().oomKills()).isZero();
    // the child found itself in a limited cgroup: every pass has its peak, and it stayed within the limit
    List<Paging> paging = healthy.phases().stream().flatMap(p -> p.passes().stream()).map(PassResult::paging).toList();
    assertThat(paging).isNotEmpty().allSatisfy(p -> {
      assertThat(p).isNotNull();
      assertThat(p.cgroupPeakBytes()).isNotNull().isPositive().isLessThanOrEqualTo(LIMIT.bytes());
      assertThat(p.majorFaults()).isNotNegative();
    });

    CellResult hog = cells.stream().filter(c -> c.settings().get("failure").equals("hog")).findFirst().orElseThrow();
    assertThat(hog.outcome()).isEqualTo(CellResult.Outcome.FAILED);
    assertThat(hog.error()).contains("the memory limit (160 MiB, page cache included) killed the cell's JVM");
    assertThat(hog.memory().limit().oomKills()).isPositive();

    assertThat(ownCgroups(parent)).as("cgroups left under %s", parent.directory()).isEmpty();
    assertThat(cells.stream().map(CellResult::memory).filter(Objects::nonNull)).hasSize(2);
  }
}
