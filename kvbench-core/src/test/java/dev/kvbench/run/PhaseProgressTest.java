package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.PassResult.ProgressPoint;
import org.junit.jupiter.api.Test;

class PhaseProgressTest {

  /** A point at the first publish, then at most one per step, and always the last position. */
  @Test
  void timelineNotesTheFirstThePeriodicAndTheLastPosition() throws Exception {
    PhaseProgress p = new PhaseProgress(100);
    p.publish(10);
    p.publish(20); // within the same quarter second: not noted
    Thread.sleep(PhaseProgress.TIMELINE_STEP_NANOS / 1_000_000 + 20);
    p.publish(60);
    p.publish(100);
    assertThat(p.timeline()).extracting(ProgressPoint::ops).containsExactly(10L, 60L, 100L);
    assertThat(p.timeline().get(1).millis()).isGreaterThanOrEqualTo(PhaseProgress.TIMELINE_STEP_NANOS / 1_000_000);
    assertThat(p.done()).isEqualTo(100);
  }
}
