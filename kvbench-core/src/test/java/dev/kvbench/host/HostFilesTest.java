package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
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

  /** One wording for a failed write, wherever results are written: the full disk found however deep it is wrapped. */
  @Test
  void aFailedWriteIsSaidInWordsAUserCanActOn() {
    IOException wrapped = new IOException("chart writer failed", new IOException("No space left on device"));
    assertThat(HostFiles.whyFailed(wrapped)).isEqualTo("no space left on its file system");
    assertThat(HostFiles.whyFailed(new AccessDeniedException("/ro/r.json"))).isEqualTo("permission denied (/ro/r.json)");
    assertThat(HostFiles.whyFailed(new IOException("Is a directory"))).isEqualTo("Is a directory");
    assertThat(HostFiles.whyFailed(new IOException("java.lang.IllegalStateException: x")))
        .startsWith("java.io.IOException");
  }
}
