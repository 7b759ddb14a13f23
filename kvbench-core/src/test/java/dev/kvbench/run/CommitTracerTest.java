package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.host.HostFiles;
import dev.kvbench.measure.IoMeter;
import dev.kvbench.result.CommitTrace;
import dev.kvbench.store.PageCounts;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitTracerTest {

  @TempDir Path temp;

  /** A store that only tells its pages: the last page grows by 10 a commit. */
  private static final class Paged implements Store {
    long lastPage;

    @Override
    public Session openSession() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Map<String, Object> nativeSettings() {
      return Map.of();
    }

    @Override
    public Optional<PageCounts> pageCounts() {
      return Optional.of(new PageCounts(4096, lastPage, lastPage / 2, 3));
    }

    @Override
    public void close() {}
  }

  private Path io() throws IOException {
    return Files.createDirectories(temp.resolve("proc/self")).resolve("io");
  }

  private void written(long bytes) throws IOException {
    Files.writeString(io(), "read_bytes: 0\nwrite_bytes: " + bytes + "\n");
  }

  @Test
  void eachCommitGetsTheBytesWrittenSinceThePreviousOneAndThePagesAfterIt() throws IOException {
    Paged store = new Paged();
    written(1_000_000); // what the process wrote before the pass: not the first commit's
    CommitTracer tracer = new CommitTracer(store, new IoMeter(new HostFiles(temp)), 3);
    tracer.start();
    long total = 1_000_000;
    for (int commit = 1; commit <= 3; commit++) {
      total += commit * 4096L; // commit k writes k pages
      written(total);
      store.lastPage += 10;
      tracer.committed(commit * 1000L);
    }
    CommitTrace trace = tracer.trace();

    assertThat(trace.commits()).isEqualTo(3);
    assertThat(trace.commitsPerPoint()).isEqualTo(1);
    assertThat(trace.pageSize()).isEqualTo(4096);
    assertThat(trace.points()).containsExactly(
        new CommitTrace.Point(1, 1, 1000, 1000, 4096, 4096, 10, 5),
        new CommitTrace.Point(2, 1, 2000, 2000, 8192, 8192, 20, 10),
        new CommitTrace.Point(3, 1, 3000, 3000, 12288, 12288, 30, 15));
    assertThat(trace.meanWriteBytes(0.34, false)).isEqualTo(12288);
    assertThat(tracer.probeNanos()).isPositive();
  }

  @Test
  void aLongPassIsFoldedIntoAtMostFiveHundredPointsOfEqualCommits() throws IOException {
    written(0);
    CommitTracer tracer = new CommitTracer(new Paged(), new IoMeter(new HostFiles(temp)), 1_201);
    tracer.start();
    for (int commit = 1; commit <= 1_201; commit++) {
      written(commit * 100L);
      tracer.committed(commit);
    }
    CommitTrace trace = tracer.trace();

    // 1,201 commits / 500 points -> 3 a point, 401 points, the last holding the one left
    assertThat(trace.commitsPerPoint()).isEqualTo(3);
    assertThat(trace.points()).hasSize(401);
    assertThat(trace.points().get(0)).isEqualTo(new CommitTrace.Point(1, 3, 2, 3, 100, 100, 0, 0));
    assertThat(trace.points().get(400).firstCommit()).isEqualTo(1_201);
    assertThat(trace.points().get(400).commits()).isEqualTo(1);
    assertThat(trace.points().stream().mapToLong(CommitTrace.Point::commits).sum()).isEqualTo(1_201);
  }

  @Test
  void noTraceWhereTheProcessesIoCannotBeRead() {
    CommitTracer tracer = new CommitTracer(new Paged(), new IoMeter(new HostFiles(temp.resolve("none"))), 5);
    tracer.start();
    tracer.committed(1);
    assertThat(tracer.trace()).isNull();
  }
}
