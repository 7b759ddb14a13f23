package dev.kvbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

  private static LatencySummary of(int samples) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    for (int i = 1; i <= samples; i++) {
      h.recordValue(i * 100L);
    }
    return LatencySummary.of(h);
  }

  @Test
  void aPercentileWithTooFewSamplesBeyondItIsThin() {
    LatencySummary few = of(122);
    assertThat(few.thin(99.9)).as("p99.9 of 122 is the maximum").isTrue();
    assertThat(few.p999()).isEqualTo(few.max());
    assertThat(few.thin(99)).isTrue();
    assertThat(few.thin(90)).as("12 samples beyond p90").isFalse();
    assertThat(few.thin(50)).isFalse();
    LatencySummary many = of(10_000);
    assertThat(many.thin(99.9)).isFalse();
    assertThat(of(9_999).thin(99.9)).isTrue();
  }

  @Test
  void theSamplesAPercentileNeeds() {
    assertThat(LatencySummary.samplesFor(99.9)).isEqualTo(10_000);
    assertThat(LatencySummary.samplesFor(99)).isEqualTo(1_000);
    assertThat(LatencySummary.samplesFor(50)).isEqualTo(20);
  }
}
