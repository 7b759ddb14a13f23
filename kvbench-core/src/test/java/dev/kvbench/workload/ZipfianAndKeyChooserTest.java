package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The request distributions draw what their definitions say, repeatably. */
class ZipfianAndKeyChooserTest {

  private static final int DRAWS = 1_000_000;

  private static double zeta(long n, double theta) {
    double s = 0;
    for (long i = 1; i <= n; i++) {
      s += 1 / Math.pow(i, theta);
    }
    return s;
  }

  @Test
  void zipfianRanksFollowOneOverRankToTheTheta() {
    int n = 1000;
    double theta = 0.99;
    Zipfian z = new Zipfian(n, theta);
    long[] counts = new long[n];
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < DRAWS; i++) {
      counts[(int) z.rank(r.nextDouble())]++;
    }
    double zetaN = zeta(n, theta);
    // ranks 0 and 1 are exact in Gray's algorithm; the tail is its closed-form approximation
    assertThat(counts[0] / (double) DRAWS).isCloseTo(1 / zetaN, org.assertj.core.data.Offset.offset(0.003));
    assertThat(counts[1] / (double) DRAWS).isCloseTo(1 / Math.pow(2, theta) / zetaN,
        org.assertj.core.data.Offset.offset(0.003));
    assertThat(counts[0]).isGreaterThan(counts[1]);
    assertThat(counts[1]).isGreaterThan(counts[10]);
    assertThat(counts[10]).isGreaterThan(counts[100]);
    assertThat(counts[100]).isGreaterThan(counts[999]);
    assertThat(Arrays.stream(counts).sum()).isEqualTo(DRAWS);
  }

  @Test
  void aGrownZipfianDrawsAsOneBuiltForTheLargerCount() {
    Zipfian grown = new Zipfian(1000, 0.9).grownTo(5000);
    Zipfian built = new Zipfian(5000, 0.9);
    assertThat(grown.items()).isEqualTo(5000);
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 10_000; i++) {
      double u = r.nextDouble();
      assertThat(grown.rank(u)).isEqualTo(built.rank(u));
    }
  }

  @Test
  void theConstantMustLieBetweenZeroAndOne() {
    for (double bad : new double[] {0, 1, 1.5, -0.1, Double.NaN}) {
      assertThatThrownBy(() -> new Zipfian(10, bad)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("zipfianConstant");
    }
  }

  @Test
  void scrambledZipfianSpreadsTheHotKeysOverTheKeySpace() {
    int n = 100_000;
    KeyChooser c = new KeyChooser(KeyDraws.of(RequestDistribution.ZIPFIAN, n, 0, 0.99), 42, 0);
    int[] counts = new int[n];
    for (int i = 0; i < DRAWS; i++) {
      long k = c.next(n);
      assertThat(k).isBetween(0L, n - 1L);
      counts[(int) k]++;
    }
    int[] hottest = IntStream.range(0, n).boxed().sorted((a, b) -> counts[b] - counts[a]).limit(10)
        .mapToInt(Integer::intValue).toArray();
    // the ten hottest keys are not the first ten, and spread over the key space
    assertThat(Arrays.stream(hottest).max().getAsInt() - Arrays.stream(hottest).min().getAsInt()).isGreaterThan(n / 4);
    // YCSB's hottest key: rank 0 of 10^10, 1 / zeta(10^10) = 3.78 % of the draws
    assertThat(counts[hottest[0]] / (double) DRAWS).isCloseTo(1 / YcsbZipfian.SCRAMBLED_ZETA,
        org.assertj.core.data.Offset.offset(0.002));
    assertThat(hottest[0]).isEqualTo(Fnv.hash64(0) % (n + 1));
  }

  @Test
  void latestFavoursTheNewestKeys() {
    int loaded = 10_000;
    KeyChooser c = new KeyChooser(KeyDraws.of(RequestDistribution.LATEST, loaded, 0, 0.99), 42, 0);
    long present = 12_000;
    long newest = 0;
    for (int i = 0; i < 100_000; i++) {
      long k = c.next(present);
      assertThat(k).isBetween(0L, present - 1);
      if (k == present - 1) {
        newest++;
      }
    }
    assertThat(newest).isGreaterThan(100_000 / 20);
  }

  @Test
  void hotspotSendsMostOpsToTheHotSet() {
    KeyChooser c = new KeyChooser(KeyDraws.of(RequestDistribution.HOTSPOT, 10_000, 0, 0.99), 42, 0);
    long hot = 0;
    for (int i = 0; i < 100_000; i++) {
      if (c.next(10_000) < 10_000 * KeyChooser.HOT_SET_FRACTION) {
        hot++;
      }
    }
    assertThat(hot / 100_000.0).isCloseTo(KeyChooser.HOT_OP_FRACTION, org.assertj.core.data.Offset.offset(0.01));
  }

  @Test
  void eachReaderWalksEveryKeyOnceInAnOrderOfItsOwn() {
    int n = 5000;
    KeyChooser t0 = new KeyChooser(KeyDraws.of(RequestDistribution.PERMUTATION, n, 0, 0.99), 42, 0);
    KeyChooser t1 = new KeyChooser(KeyDraws.of(RequestDistribution.PERMUTATION, n, 0, 0.99), 42, 1);
    Set<Long> seen = new HashSet<>();
    long[] first0 = new long[n];
    long[] first1 = new long[n];
    for (int i = 0; i < n; i++) {
      first0[i] = t0.next(n);
      first1[i] = t1.next(n);
      seen.add(first0[i]);
    }
    assertThat(seen).hasSize(n);
    assertThat(first0).isNotEqualTo(first1);
    KeyChooser again = new KeyChooser(KeyDraws.of(RequestDistribution.PERMUTATION, n, 0, 0.99), 42, 0);
    for (int i = 0; i < n; i++) {
      assertThat(again.next(n)).isEqualTo(first0[i]);
    }
  }

  @Test
  void uniformDrawsTheLoadedKeysAsYcsbDoes() {
    // YCSB's UniformLongGenerator(insertstart, insertstart + insertcount - 1): inserts are never asked for
    KeyChooser c = new KeyChooser(KeyDraws.of(RequestDistribution.UNIFORM, 100, 0, 0.99), 42, 3);
    long max = 0;
    for (int i = 0; i < 10_000; i++) {
      max = Math.max(max, c.next(150));
    }
    assertThat(max).isEqualTo(99);
  }

  @Test
  void ycsbMixesHaveTheirPublishedProportions() {
    assertThat(OperationMix.of(Phase.YCSB_A).share(Operation.UPDATE)).isEqualTo(0.5);
    assertThat(OperationMix.of(Phase.YCSB_B).share(Operation.READ)).isEqualTo(0.95);
    assertThat(OperationMix.of(Phase.YCSB_C).operations()).containsExactly(Operation.READ);
    assertThat(OperationMix.of(Phase.YCSB_D).distribution()).isEqualTo(RequestDistribution.LATEST);
    assertThat(OperationMix.of(Phase.YCSB_E).share(Operation.SCAN)).isEqualTo(0.95);
    assertThat(OperationMix.of(Phase.YCSB_F).share(Operation.READ_MODIFY_WRITE)).isEqualTo(0.5);
    assertThat(OperationMix.of(Phase.YCSB_C).writes()).isFalse();
    assertThatThrownBy(() -> OperationMix.of(Phase.READ_KEY)).isInstanceOf(IllegalArgumentException.class);
  }
}
