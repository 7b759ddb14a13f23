package dev.kvbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The bootstrap interval of a median: where it lies, that it stays on the sample's values, and that it repeats. */
class BootstrapTest {

  @Test
  void theIntervalOfAGridSampleIsMadeOfItsValuesAndNarrowsWithMoreForks() {
    double[] three = {20_000, 400_000, 400_000};
    double[] interval = Bootstrap.medianInterval(three);
    assertThat(interval).containsExactly(20_000, 400_000);
    double[] many = {100_000, 200_000, 200_000, 200_000, 200_000, 200_000, 200_000, 200_000, 200_000, 400_000};
    // the median is 200,000 in nearly every resample of ten forks that mostly agree
    assertThat(Bootstrap.medianInterval(many)).containsExactly(200_000, 200_000);
    assertThat(Bootstrap.medianInterval(new double[] {5, 5})).containsExactly(5, 5);
  }

  @Test
  void theIntervalOfANormalSampleCoversItsMedianAndIsAboutAsWideAsTheory() {
    SplittableRandom random = new SplittableRandom(1);
    double[] sample = new double[400];
    for (int i = 0; i < sample.length; i++) {
      // a normal sample of mean 100 and sd 10 (Box-Muller)
      sample[i] = 100 + 10 * Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI
          * random.nextDouble());
    }
    double[] interval = Bootstrap.medianInterval(sample);
    double median = ForkRatio.median(sample);
    assertThat(interval[0]).isLessThan(median);
    assertThat(interval[1]).isGreaterThan(median);
    // the median's standard error is 1.2533 sd / sqrt(n) = 0.63: a 95 % interval about 2.5 wide
    assertThat(interval[1] - interval[0]).isBetween(1.5, 3.5);
    assertThat(Arrays.stream(sample).anyMatch(v -> v == interval[0])).isTrue();
  }

  @Test
  void itRepeatsAndRefusesWhatItCannotResample() {
    double[] sample = {3, 1, 4, 1, 5, 9, 2, 6};
    assertThat(Bootstrap.medianInterval(sample)).containsExactly(Bootstrap.medianInterval(sample));
    assertThatThrownBy(() -> Bootstrap.medianInterval(new double[] {1})).hasMessageContaining("two values or more");
    assertThatThrownBy(() -> Bootstrap.medianInterval(sample, 1.5, 100, 1)).hasMessageContaining("confidence");
  }
}
