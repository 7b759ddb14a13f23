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
    // the threaded table folds at 100 columns: every block names each row's operation, the second op's too
    String tables = result.tables();
    java.util.List<String> lines = tables.lines().toList();
    int blocks = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (!(lines.get(i).startsWith("Phase") && lines.get(i).contains(" Op "))) {
        continue;
      }
      blocks++;
      java.util.List<String> named = new java.util.ArrayList<>();
      for (int j = i + 2; j < lines.size() && !lines.get(j).isBlank() && !lines.get(j).startsWith("*"); j++) {
        String row = lines.get(j);
        String op = java.util.stream.Stream.of("touch", "expire", "list")
            .filter(o -> row.matches("(.*\\s)?" + o + "(\\s.*)?")).findFirst().orElse(null);
        assertThat(op).as("row without its operation's name: " + row + "\n" + tables).isNotNull();
        named.add(op);
      }
      assertThat(named).as(tables).containsExactly("touch", "expire", "list", "touch", "expire", "list");
    }
    assertThat(blocks).as(tables).isPositive();
  }
}
