package dev.kvbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.host.HostFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Major faults from /proc/self/stat, and a limited cgroup's peak, on files faked under a folder. */
class PagingMeterTest {

  @TempDir Path root;

  private void file(String path, String text) throws Exception {
    Path p = root.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private void stat(long majorFaults) throws Exception {
    // a command name with spaces and a parenthesis: the fields are counted after the last ')'
    file("proc/self/stat", "4242 (java (main) x) S 1 4242 4242 0 -1 4194304 9000 0 " + majorFaults + " 0 12 3\n");
  }

  @Test
  void countsThePassesMajorFaultsAndThePeakOfALimitedCgroupWhichItResets() throws Exception {
    file("proc/self/cgroup", "4:memory:/kvbench-1-1\n");
    file("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
    file("sys/fs/cgroup/memory/kvbench-1-1/memory.limit_in_bytes", "268435456\n");
    file("sys/fs/cgroup/memory/kvbench-1-1/memory.max_usage_in_bytes", "999\n");
    stat(17);
    PagingMeter meter = new PagingMeter(new HostFiles(root));
    long start = meter.start();
    assertThat(start).isEqualTo(17);
    assertThat(Files.readString(root.resolve("sys/fs/cgroup/memory/kvbench-1-1/memory.max_usage_in_bytes")))
        .as("the peak window starts with the pass").isEqualTo("0");
    file("sys/fs/cgroup/memory/kvbench-1-1/memory.max_usage_in_bytes", "200000000\n");
    stat(117);
    assertThat(meter.since(start)).isEqualTo(new Paging(100, 200_000_000L));
  }

  @Test
  void withoutALimitThereIsNoPeakAndWithoutProcNothing() throws Exception {
    file("proc/self/cgroup", "4:memory:/\n");
    file("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
    stat(5);
    PagingMeter meter = new PagingMeter(new HostFiles(root));
    assertThat(meter.since(meter.start())).isEqualTo(new Paging(0, null));
    assertThat(new PagingMeter(new HostFiles(root.resolve("nothing"))).since(-1)).isNull();
  }
}
