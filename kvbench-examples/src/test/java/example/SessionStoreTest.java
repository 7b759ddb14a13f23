package example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.bench.BenchmarkResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session store's three operations, smaller, in forked JVMs as it runs for real. */
class SessionStoreTest {

  @TempDir Path temp;

  @Test
  void touchExpireAndListAreMeasuredAndNamed() throws Exception {
    BenchmarkResult result = SessionStore.benchmark().entries(5_000).warmup(1, Duration.ZERO).measuredPasses(2)
        .workDirectory(temp.resolve("work")).output(temp.resolve("sessions.json")).run();

    assertThat(result.succeeded()).as(result.tables() + result.phase("lmdbjava-bb", "custom").orElseThrow().failure()
        + " / " + result.phase("rocksdb", "custom").orElseThrow().failure()).isTrue();
    for (String store : new String[] {"lmdbjava-bb", "rocksdb"}) {
      for (String op : new String[] {"touch", "expire", "list"}) {
        assertThat(result.latency(store, op)).as(store + " " + op).isPresent();
      }
      // the keys no operation took are still checked byte for byte
      assertThat(result.phase(store, "custom").orElseThrow().verified()).as(store).isTrue();
    }
    String tables = result.tables();
    for (String op : new String[] {"touch", "expire", "list"}) {
      assertThat(tables.lines().filter(l -> l.matches("(.*\\s)?" + op + "(\\s.*)?")).count()).as(tables)
          .isEqualTo(2);
    }
  }
}
