package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.host.HostFiles;
import dev.kvbench.scenario.MemoryLimit;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A memory limit over a tmpfs work directory limits nothing the store reads: it is refused with the fix. */
class MemoryLimitPreflightTest {

  @TempDir Path temp;

  @Test
  void aLimitOverATmpfsIsRefusedWithTheFixAndOverADiskOrWithoutALimitItIsNot() {
    Path shm = Path.of("/dev/shm");
    Assumptions.assumeTrue("tmpfs".equals(HostFiles.fileSystemType(shm)), "/dev/shm is not a tmpfs here");
    // a directory not made yet: what its nearest existing parent is on decides
    String problem = Preflight.memoryLimitProblem(MemoryLimit.parse("256m"), shm.resolve("kvbench-not-made"));
    assertThat(problem).contains("jvm.memoryLimit 256m", "is on a tmpfs", "workDir /var/tmp/kvbench");
    assertThat(Preflight.memoryLimitProblem(MemoryLimit.NONE, shm.resolve("kvbench-not-made"))).isNull();
    if (!"tmpfs".equals(HostFiles.fileSystemType(temp))) {
      assertThat(Preflight.memoryLimitProblem(MemoryLimit.parse("256m"), temp)).isNull();
    }
  }
}
