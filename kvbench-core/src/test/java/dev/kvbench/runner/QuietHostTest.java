package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.PassNoise;
import dev.kvbench.run.RunListener;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --wait-quiet: a fork waits while the host is busy, up to its bound; the looks are scripted, not this machine's. */
class QuietHostTest {

  /** Half a second of a busy loop on another CPU, as the meter judges it. */
  private static final PassNoise BUSY = PassNoise.judged(QuietHost.SAMPLE_MILLIS, 0, 0, 0, 0, 500);
  private static final PassNoise QUIET = PassNoise.judged(QuietHost.SAMPLE_MILLIS, 0, 0, 0, 0, 10);

  private static final class Heard implements RunListener {
    final List<String> notices = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();

    @Override
    public void notice(String message) {
      notices.add(message);
    }

    @Override
    public void warning(String message) {
      warnings.add(message);
    }
  }

  @Test
  void aForkWaitsUntilTheHostIsQuietAndSaysSo() throws Exception {
    Deque<PassNoise> looks = new ArrayDeque<>(List.of(BUSY, BUSY, QUIET, BUSY));
    Heard heard = new Heard();
    new QuietHost(looks::removeFirst, heard).await(Duration.ofHours(1), "fork 2 of null");
    assertThat(looks).containsExactly(BUSY); // three looks: busy, busy, quiet
    assertThat(heard.notices).singleElement().asString().contains("waited", "quiet host", "fork 2 of null");
    assertThat(heard.warnings).isEmpty();

    // quiet at the first look: no word
    Heard silent = new Heard();
    new QuietHost(() -> QUIET, silent).await(Duration.ofHours(1), "fork 1 of null");
    assertThat(silent.notices).isEmpty();
  }

  @Test
  void aHostThatStaysBusyGetsItsForkAnywayAfterTheBound() throws Exception {
    Heard heard = new Heard();
    int[] looks = {0};
    new QuietHost(() -> {
      looks[0]++;
      return BUSY;
    }, heard).await(Duration.ZERO, "fork 3 of null");
    assertThat(looks[0]).isEqualTo(1);
    assertThat(heard.warnings).singleElement().asString().contains("still busy", "other processes 1.00 CPU",
        "fork 3 of null runs anyway");
  }
}
