package dev.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.PhaseStatus;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.CustomMix.Access;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.Phase;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Custom operations that model an application: a read-modify-write of the op's own bytes, a
 * delete, forward and reverse range reads, several writes in one transaction, and the refusals
 * where a store cannot do them.
 */
class CustomOperationsTest {

  @TempDir Path temp;

  /** A sorted map with overwrites and deletes. */
  static final class FullProvider extends SortedMapStoreProvider {
    @Override
    public String id() {
      return "sortedmap-full";
    }

    @Override
    public Capabilities capabilities() {
      return super.capabilities().withWriteOperations(EnumSet.of(WriteOperation.OVERWRITE, WriteOperation.DELETE,
          WriteOperation.GET_IN_WRITE));
    }
  }

  /** Overwrites, but neither transactions nor batches nor deletes. */
  static final class NoTransactionsProvider extends SortedMapStoreProvider {
    @Override
    public String id() {
      return "sortedmap-plain";
    }

    @Override
    public Capabilities capabilities() {
      return new Capabilities(true, true, false, false, EnumSet.allOf(Durability.class), false, true, 4096, 1 << 20)
          .withWriteOperations(EnumSet.of(WriteOperation.OVERWRITE));
    }
  }

  private Benchmark small(String name) {
    return Benchmark.named(name).entries(2_000).keys(KeyEncoding.INT).valueSize(64).phases(Phase.WRITE)
        .warmup(1, Duration.ZERO).measuredPasses(2).forks(0).operationsPerPass(2_000)
        .workDirectory(temp.resolve("work-" + name)).output(temp.resolve(name + ".json"));
  }

  @Test
  void anApplicationsOperationsRunAreVerifiedAndEachHasItsRow() throws Exception {
    AtomicLong badReadBack = new AtomicLong();
    AtomicLong scanned = new AtomicLong();
    AtomicLong descending = new AtomicLong();
    BenchmarkResult result = small("app").stores("sortedmap-full")
        // the record's first byte counts its updates: read it, change it, write it back, read it again
        .operation("bump", 0.4, Access.READ_WRITE, op -> {
          long k = op.randomKey();
          ByteBuffer found = op.get(k);
          ByteBuffer record = ByteBuffer.allocate(found == null ? 64 : found.remaining());
          if (found != null) {
            record.put(found.duplicate()).flip();
          }
          record.put(0, (byte) (record.get(0) + 1));
          op.put(k, record);
          ByteBuffer again = op.get(k);
          if (again == null || again.get(again.position()) != record.get(0)) {
            badReadBack.incrementAndGet();
          }
        })
        .operation("expire", 0.1, Access.READ_WRITE, op -> op.delete(op.randomKey()))
        .operation("range", 0.3, Access.READ_ONLY, op -> scanned.addAndGet(op.scan(op.randomKey(),
            ScanDirection.FORWARD, 10, (key, value) -> true)))
        .operation("latest", 0.2, Access.READ_ONLY, op -> {
          int[] last = {Integer.MAX_VALUE};
          op.scan(op.randomKey(), ScanDirection.REVERSE, 5, (key, value) -> {
            int k = key.getInt(key.position());
            if (k < last[0]) {
              descending.incrementAndGet();
            }
            last[0] = k;
            return true;
          });
        })
        .run(new StoreRegistry(List.of(new FullProvider())));

    PhaseFigures custom = result.phase("sortedmap-full", "custom").orElseThrow();
    assertThat(result.succeeded()).as(custom.failure()).isTrue();
    // the harness still checks every key no operation took
    assertThat(custom.verified()).isTrue();
    assertThat(badReadBack.get()).isZero();
    assertThat(scanned.get()).isPositive();
    assertThat(descending.get()).isPositive();
    for (String name : List.of("bump", "expire", "range", "latest")) {
      assertThat(result.latency("sortedmap-full", name)).as(name).isPresent();
    }
    // every operation named on its own row of the latency table, in each block of the folded table
    String tables = result.tables();
    long blocks = tables.lines().filter(l -> l.startsWith("Phase") && l.contains(" Op ")).count();
    assertThat(blocks).as(tables).isPositive();
    for (String name : List.of("bump", "expire", "range", "latest")) {
      assertThat(tables.lines().filter(l -> l.matches("(.*\\s)?" + name + "(\\s.*)?")).count()).as(tables)
          .isEqualTo(blocks);
    }
  }

  @Test
  void whatAStoreCannotDoFailsThePhaseNamingTheOperation() throws Exception {
    BenchmarkResult noDelete = small("nodelete").stores("sortedmap-plain")
        .operation("expire", 1.0, Access.READ_WRITE, op -> op.delete(op.randomKey()))
        .run(new StoreRegistry(List.of(new NoTransactionsProvider())));
    PhaseFigures expire = noDelete.phase("sortedmap-plain", "custom").orElseThrow();
    assertThat(expire.status()).isEqualTo(PhaseStatus.FAILED);
    assertThat(expire.failure()).contains("does not support a delete (custom operation expire)");

    BenchmarkResult twoWrites = small("twowrites").stores("sortedmap-plain")
        .operation("transfer", 1.0, Access.READ_WRITE, op -> {
          op.put(op.randomKey());
          op.put(op.randomKey());
        })
        .run(new StoreRegistry(List.of(new NoTransactionsProvider())));
    PhaseFigures transfer = twoWrites.phase("sortedmap-plain", "custom").orElseThrow();
    assertThat(transfer.status()).isEqualTo(PhaseStatus.FAILED);
    assertThat(transfer.failure()).contains("several writes in one transaction").contains("transfer");
  }
}
