package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run's settings are checked however they are set: by a flag, or by a program through its rows. */
class RunOptionsTest {

  private final RunOptions options = new RunOptions(null, null, null, List.of(), "dev");

  @Test
  void aProgramCannotSetWhatAFlagCannot() {
    assertThatThrownBy(() -> options.with(RunSettings.NOISY_RERUNS, RunSettings.MAX_NOISY_RERUNS + 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("noisyReruns 11: give 0");
    assertThatThrownBy(() -> options.with(RunSettings.MAX_CELLS, 0L))
        .hasMessage("maxCells 0: give 1 or more");
    assertThatThrownBy(() -> options.with(RunSettings.WAIT_QUIET, Duration.ofSeconds(-1)))
        .hasMessageStartingWith("waitQuiet PT-1S: must not be negative");
  }

  @Test
  void unsetRowsHaveTheirDefaultsAndASetOneReadsBack() {
    assertThat(options.noisyReruns()).isEqualTo(RunSettings.DEFAULT_NOISY_RERUNS);
    assertThat(options.shard()).isEqualTo(Shard.ALL);
    assertThat(options.with(RunSettings.NOISY_RERUNS, 0).noisyReruns()).isZero();
  }
}
