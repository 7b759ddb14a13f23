package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

  @Test
  void passesThatKeepGettingFasterTrend() {
    assertThat(SteadyState.trends(List.of(130.0, 118.0, 105.0))).isTrue();
    assertThat(SteadyState.trends(List.of(100.0, 110.0, 121.0, 133.0, 140.0))).as("slowing down").isTrue();
    // one pass out of order among six still trends (tau 0.87)
    assertThat(SteadyState.trends(List.of(160.0, 150.0, 152.0, 130.0, 120.0, 110.0))).isTrue();
  }

  @Test
  void noiseAroundALevelOrASmallDriftDoesNot() {
    assertThat(SteadyState.trends(List.of(100.0, 104.0, 98.0, 103.0, 99.0))).isFalse();
    assertThat(SteadyState.trends(List.of(100.0, 99.0, 98.5))).as("monotone but 1.5 %").isFalse();
    assertThat(SteadyState.trends(List.of(100.0, 104.0, 108.0))).as("monotone but 8 %").isFalse();
    assertThat(SteadyState.trends(List.of(130.0, 100.0))).as("two passes cannot show a trend").isFalse();
    assertThat(SteadyState.trends(List.of(0.009, 0.007, 0.005))).as("microsecond passes: jitter").isFalse();
  }

  @Test
  void tauCountsThePairsInOrderAgainstThoseOutOfOrder() {
    assertThat(SteadyState.kendallTau(List.of(1.0, 2.0, 3.0, 4.0))).isEqualTo(1.0);
    assertThat(SteadyState.kendallTau(List.of(4.0, 3.0, 2.0, 1.0))).isEqualTo(-1.0);
    // pairs: (1,3)+ (1,2)+ (3,2)- : one of three out of order
    assertThat(SteadyState.kendallTau(List.of(1.0, 3.0, 2.0))).isCloseTo(1.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void theDriftIsTheTheilSenSlopeAcrossThePassesAgainstTheMedian() {
    assertThat(SteadyState.drift(List.of(120.0, 110.0, 100.0))).isCloseTo(-20.0 / 110, org.assertj.core.data.Offset.offset(1e-9));
    // an outlier moves the mean slope, not the median one
    assertThat(SteadyState.drift(List.of(100.0, 100.0, 100.0, 100.0, 400.0))).isEqualTo(0.0);
  }
}
