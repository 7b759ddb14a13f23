package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class HostFilesTest {

  @Test
  void numberAfterReadsTheFirstWordAfterTheLabelAsProcWritesIt() {
    List<String> status = List.of("Name:\tjava", "VmHWM:\t  123456 kB", "VmRSS:\t   65432 kB");
    assertThat(HostFiles.numberAfter(status, "VmHWM:")).isEqualTo(OptionalLong.of(123456));
    assertThat(HostFiles.numberAfter(List.of("read_bytes: 4096"), "read_bytes:")).isEqualTo(OptionalLong.of(4096));
    assertThat(HostFiles.numberAfter(status, "VmSwap:")).isEmpty();
    assertThat(HostFiles.numberAfter(List.of("MemTotal: lots"), "MemTotal:")).isEmpty();
  }
}
