package dev.kvbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The search against a simulated queue whose latency is a known function of the offered rate: an
 * M/M/1 server of service rate mu, whose sojourn time is exponential with rate mu - lambda, so its
 * p99 is ln(100) / (mu - lambda) below saturation and unbounded at or above it, where it achieves
 * only mu. With an SLA of p99 &lt;= L the planted capacity is mu - ln(100) / L: the search must end
 * within its precision of it, in at most {@link RateSearch#pointsFor} points, and never take a
 * saturated point for one that met the SLA.
 */
class RateSearchTest {

  /** The queue: whether {@code rate} meets p99 &lt;= {@code limitSeconds} with its clients keeping up (95 %). */
  private record Queue(double mu, double limitSeconds) {

    double capacity() {
      return mu - Math.log(100) / limitSeconds;
    }

    double achieved(double rate) {
      return Math.min(rate, mu);
    }

    boolean saturated(double rate) {
      return achieved(rate) < 0.95 * rate;
    }

    boolean met(double rate) {
      return !saturated(rate) && rate < mu && Math.log(100) / (mu - rate) <= limitSeconds;
    }
  }

  private record Found(double capacity, int points, RateSearch.Ending ending, NavigableMap<Double, Boolean> met) {}

  private static Found search(RateSearch search, Queue q) {
    TreeMap<Double, Boolean> met = new TreeMap<>();
    while (true) {
      RateSearch.Next next = search.next(met);
      if (next.ended()) {
        double capacity = met.entrySet().stream().takeWhile(e -> e.getValue()).mapToDouble(e -> e.getKey()).max()
            .orElse(0);
        return new Found(capacity, met.size(), next.ending(), met);
      }
      assertThat(met).doesNotContainKey(next.rate());
      met.put(next.rate(), q.met(next.rate()));
    }
  }

  @Test
  void findsThePlantedCapacityWithinThePrecisionInABoundedNumberOfPoints() {
    RateSearch search = RateSearch.DEFAULT;
    Queue q = new Queue(10_000, 0.002); // capacity 7,697.4 ops/s
    Found f = search(search, q);
    assertThat(f.ending()).isEqualTo(RateSearch.Ending.FOUND);
    assertThat(f.capacity()).isLessThanOrEqualTo(q.capacity()).isGreaterThanOrEqualTo(q.capacity() / 1.05);
    // 1,000 2,000 4,000 8,000 (broken), then the bisection of 4,000..8,000 to 5 %
    assertThat(f.met()).containsEntry(1_000.0, true).containsEntry(2_000.0, true).containsEntry(4_000.0, true)
        .containsEntry(8_000.0, false);
    assertThat(f.met().keySet()).containsExactly(1_000.0, 2_000.0, 4_000.0, 6_000.0, 7_000.0, 7_500.0, 7_750.0,
        8_000.0);
    assertThat(f.points()).isLessThanOrEqualTo(search.pointsFor(q.capacity())).isLessThanOrEqualTo(10);
    // the bracket it ended on: the lowest broken rate within 5 % of the highest met
    double broken = f.met().higherKey(f.capacity());
    assertThat(broken).isLessThanOrEqualTo(f.capacity() * 1.05);
    assertThat(f.met().get(broken)).isFalse();
  }

  @Test
  void everyPlantedCapacityFromFarBelowTheStartToFarAboveItIsFoundWithinThePrecision() {
    Random random = new Random(65);
    for (double precision : new double[] {1, 5, 20}) {
      RateSearch search = new RateSearch(1_000, precision, 40);
      for (int i = 0; i < 300; i++) {
        double capacity = Math.pow(10, 1.5 + random.nextDouble() * 6); // 32 to 32 million ops/s
        double limit = 0.001 * (1 + random.nextInt(20));
        Queue q = new Queue(capacity + Math.log(100) / limit, limit);
        Found f = search(search, q);
        assertThat(f.ending()).as("capacity %s precision %s", capacity, precision).isEqualTo(RateSearch.Ending.FOUND);
        assertThat(f.capacity()).isLessThanOrEqualTo(q.capacity())
            .isGreaterThanOrEqualTo(q.capacity() / (1 + precision / 100));
        assertThat(f.points()).isLessThanOrEqualTo(search.pointsFor(q.capacity()));
        // a point the queue could not keep up with is never one the search kept as met
        f.met().forEach((rate, met) -> assertThat(met && q.saturated(rate)).isFalse());
      }
    }
  }

  @Test
  void aServerThatSaturatesAtEveryRateIsNeverGivenACapacity() {
    Queue q = new Queue(10, 1); // 10 ops/s at most, under the start / 64
    Found f = search(RateSearch.DEFAULT, q);
    assertThat(f.ending()).isEqualTo(RateSearch.Ending.BELOW_LOWEST);
    assertThat(f.capacity()).isZero();
    assertThat(f.met().firstKey()).isGreaterThanOrEqualTo(1_000 / 64.0);
    assertThat(f.met().values()).containsOnly(false);
  }

  @Test
  void aServerThatMeetsEveryRateEndsAtTheHighestAScheduleKeeps() {
    TreeMap<Double, Boolean> met = new TreeMap<>();
    RateSearch s = new RateSearch(1e6, 5, 40);
    RateSearch.Next next;
    while (!(next = s.next(met)).ended()) {
      met.put(next.rate(), true);
    }
    assertThat(next.ending()).isEqualTo(RateSearch.Ending.ABOVE_HIGHEST);
    assertThat(met.lastKey()).isLessThanOrEqualTo(1e9);
  }

  @Test
  void theSearchStopsAtItsMostPoints() {
    Found f = search(new RateSearch(1, 0.1, 6), new Queue(1e7, 0.01));
    assertThat(f.ending()).isEqualTo(RateSearch.Ending.POINTS_SPENT);
    assertThat(f.points()).isEqualTo(6);
  }

  @Test
  void bisectedRatesAreRoundNumbers() {
    assertThat(RateSearch.rounded(1_878.9, 50)).isEqualTo(1_880);
    assertThat(RateSearch.rounded(6_123_456, 300_000)).isEqualTo(6_120_000);
    assertThat(RateSearch.rounded(0.3333333, 0.05)).isEqualTo(0.33);
  }

  @Test
  void refusals() {
    assertThatThrownBy(() -> new RateSearch(0, 5, 24)).hasMessageContaining("rateStart");
    assertThatThrownBy(() -> new RateSearch(1_000, 0, 24)).hasMessageContaining("ratePrecision");
  }
}
