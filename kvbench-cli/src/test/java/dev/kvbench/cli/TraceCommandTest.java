package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.ScanDirection;
import dev.kvbench.workload.trace.TraceKind;
import dev.kvbench.workload.trace.TraceWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 67: {@code kvbench trace info} describes a trace, and names the file and byte of one that is not whole. */
class TraceCommandTest {

  @TempDir Path dir;

  private static ByteBuffer key(long k) {
    return ByteBuffer.allocate(8).putLong(0, k);
  }

  /** 1,000 puts in key order in one transaction, then 2,000 gets from a second session (half of them miss), a scan. */
  private Path trace() {
    Path file = dir.resolve("app.trace");
    try (TraceWriter w = TraceWriter.create(file, "TraceCommandTest")) {
      w.record(TraceKind.BEGIN_WRITE, 0);
      for (long k = 0; k < 1000; k++) {
        w.put(0, key(k), ByteBuffer.wrap(new byte[k % 2 == 0 ? 100 : 400]));
      }
      w.record(TraceKind.COMMIT, 0);
      w.record(TraceKind.BEGIN_READ, 1);
      for (long i = 0; i < 2000; i++) {
        // key 7 every tenth get: a hot key
        long k = i % 10 == 0 ? 7 : i;
        w.get(TraceKind.GET, 1, key(k), k < 1000 ? ByteBuffer.allocate(100) : null);
      }
      w.scanFrom(1, key(10), ScanDirection.FORWARD, 50);
      w.record(TraceKind.END_READ, 1);
    }
    return file;
  }

  @Test
  void infoSaysWhatATraceHolds() {
    CliOutcome o = CliOutcome.run("trace", "info", trace().toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("format version 1").contains("from TraceCommandTest")
        .contains("3,005 operations").contains("from 2 sessions")
        .containsPattern("put\\s+1,000\\s+33\\.3 %").containsPattern("get\\s+2,000\\s+66\\.6 %")
        .contains("100.0 % of puts come after the put before in key order")
        .contains("value size min 100,").contains("max 400; values constant 100.0 %")
        // 1,000 gets of written keys and 100 of the hot key found their key; 900 missed
        .contains("gets: 55.0 % found their key, 45.0 % missed")
        .contains("scan length min 50");
    // 1,000 keys written and 900 more missed: 1,900, estimated within the sketch's error
    java.util.regex.Matcher distinct = java.util.regex.Pattern.compile("distinct keys: about ([0-9,]+)").matcher(o.out());
    assertThat(distinct.find()).isTrue();
    assertThat(Long.parseLong(distinct.group(1).replace(",", ""))).isBetween(1862L, 1938L);
    // key 7 alone takes 201 of the 3,001 keyed operations
    java.util.regex.Matcher hot = java.util.regex.Pattern.compile("the 10 hottest keys take ([0-9.]+) %").matcher(o.out());
    assertThat(hot.find()).isTrue();
    assertThat(Double.parseDouble(hot.group(1))).isBetween(6.7, 8.0);
  }

  @Test
  void aTruncatedTraceIsNamedWithItsByteAndNothingIsPrinted() throws Exception {
    byte[] whole = Files.readAllBytes(trace());
    Path cut = dir.resolve("cut.trace");
    Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
    CliOutcome o = CliOutcome.run("trace", "info", cut.toString());
    assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(o.err()).contains(cut.toString()).containsPattern("at byte [0-9]+").contains("truncated");
    assertThat(o.out()).isEmpty();
    Path json = dir.resolve("result.json");
    Files.writeString(json, "{\"schemaVersion\": 9}");
    CliOutcome other = CliOutcome.run("trace", "info", json.toString());
    assertThat(other.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(other.err()).contains("not a kvbench trace").contains("(JSON)");
    CliOutcome none = CliOutcome.run("trace", "info", dir.resolve("none.trace").toString());
    assertThat(none.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(none.err()).contains("no trace at");
  }
}
