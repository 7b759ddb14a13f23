package example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.bench.Benchmark;
import dev.kvbench.bench.BenchmarkResult;
import dev.kvbench.host.JvmFlags;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every store family runs in this JVM (forks 0) with exactly the flags the library page prints
 * (jvm.flags, this project's Surefire argLine): the page's list is enough for each, Agrona's
 * jdk.internal.misc and Chronicle Map's compiler included.
 */
class EveryStoreInProcessTest {

  @TempDir Path temp;

  @Test
  void everyStoreRunsInProcessWithThePagesFlags() throws Exception {
    assertThat(JvmFlags.missing()).as("what jvm.flags leaves out of JvmFlags.required()").isEmpty();
    int ran = 0;
    for (StoreProvider p : StoreRegistry.load().all()) {
      if (!p.availability().available()) {
        continue; // a store this machine lacks (libmdbx without its wheel): kvbench list says why
      }
      BenchmarkResult result = Benchmark.named("every-" + p.id()).stores(p.id()).entries(2_000)
          .warmup(0, Duration.ZERO).measuredPasses(1).forks(0).workDirectory(temp.resolve(p.id()))
          .output(temp.resolve(p.id() + ".json")).run();
      assertThat(result.succeeded()).as(p.id() + ":\n" + result.tables()).isTrue();
      ran++;
    }
    assertThat(ran).as("store families run").isGreaterThanOrEqualTo(14);
  }
}
