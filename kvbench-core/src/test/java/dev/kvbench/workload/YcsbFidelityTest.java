package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Utils;

/**
 * kvbench's YCSB generators, key names and records against YCSB 0.17.0's own code, at the sizes
 * YCSB's workloads run: key popularity at 1M records and 1M ops, the names of loaded and
 * inserted keys, and the stored record. What the client loop does with them (updates, inserts,
 * scans, D's newest keys) is compared in {@link dev.kvbench.run.YcsbClientFidelityTest}.
 */
class YcsbFidelityTest {

  private static final int RECORDS = 1_000_000;
  private static final int OPS = 1_000_000;

  @Test
  void fnvHashIsYcsbs() {
    for (long v : new long[] {0, 1, 42, RECORDS, Long.MAX_VALUE, -1, 123_456_789_012L}) {
      assertThat(Fnv.hash64(v)).as("fnvhash64(%d)", v).isEqualTo(Utils.fnvhash64(v));
    }
  }

  @Test
  void theScrambledZipfiansSumIsYcsbsConstant() {
    // YCSB's precomputed zeta(10^10, 0.99); the Euler-Maclaurin sum stands in for other constants
    assertThat(YcsbZipfian.zeta(10_000_000_000L, 0.99)).isCloseTo(YcsbZipfian.SCRAMBLED_ZETA, offset(1e-9));
    assertThat(YcsbZipfian.zeta(20_000_000L, 0.8)).isCloseTo(directZeta(20_000_000L, 0.8), offset(1e-8));
  }

  @Test
  void aGrownLatestZipfianRanksAsYcsbsDoes() {
    // YCSB keeps eta from the first item count when zeta grows; identical draws give identical ranks
    YcsbZipfian grown = YcsbZipfian.over(10_000, 0.99).grownTo(12_345);
    assertThat(grown.items()).isEqualTo(12_345);
    java.util.SplittableRandom r = new java.util.SplittableRandom(3);
    double zetan = directZeta(12_345, 0.99);
    double eta = (1 - Math.pow(2.0 / 10_000, 0.01)) / (1 - directZeta(2, 0.99) / zetan);
    for (int i = 0; i < 10_000; i++) {
      double u = r.nextDouble();
      long expected = u * zetan < 1 ? 0 : u * zetan < 1 + Math.pow(0.5, 0.99) ? 1
          : (long) (12_345 * Math.pow(eta * u - eta + 1, 1 / 0.01));
      assertThat(grown.rank(u)).isEqualTo(expected);
    }
  }

  @Test
  void workloadAsKeyPopularityIsYcsbsAtOneMillionRecordsAndOps() throws Exception {
    Map<String, int[]> ycsb = new HashMap<>();
    YcsbReference.Calls calls = new YcsbReference.Calls() {
      @Override
      public void read(String key) {
        ycsb.computeIfAbsent(key, k -> new int[1])[0]++;
      }

      @Override
      public void update(String key, Map<String, ByteIterator> values) {
        read(key);
      }
    };
    YcsbReference.run(YcsbReference.workload('a', RECORDS, OPS), calls);
    long[] theirs = ycsb.values().stream().mapToLong(c -> c[0]).toArray();

    long[] counts = new long[RECORDS];
    KeyChooser chooser = new KeyChooser(KeyDraws.of(RequestDistribution.ZIPFIAN, RECORDS, 0, 0.99), 42, 0);
    for (int i = 0; i < OPS; i++) {
      counts[(int) chooser.next(RECORDS)]++;
    }
    Popularity ours = new Popularity(counts, RECORDS);
    Popularity reference = new Popularity(theirs, RECORDS);

    System.out.printf("ycsb-a at 1M/1M: top 1%%: YCSB %.4f kvbench %.4f; top 10%%: %.4f %.4f; distinct: %.4f %.4f;"
        + " hottest: %.4f %.4f; KS %.5f%n", reference.topShare(0.01), ours.topShare(0.01), reference.topShare(0.10),
        ours.topShare(0.10), reference.distinct(), ours.distinct(), reference.counts[0] / (double) reference.total,
        ours.counts[0] / (double) ours.total, ours.ks(reference));
    assertThat(ours.topShare(0.01)).isCloseTo(reference.topShare(0.01), offset(0.01));
    assertThat(ours.topShare(0.10)).isCloseTo(reference.topShare(0.10), offset(0.01));
    assertThat(ours.distinct()).isCloseTo(reference.distinct(), offset(0.01));
    assertThat(ours.ks(reference)).isLessThanOrEqualTo(0.01);
    // not only alike: the same keys are the hot ones
    String hottestOurs = YcsbKeys.HASHED.name(ours.hottest());
    assertThat(ycsb.get(hottestOurs)[0]).isEqualTo((int) reference.counts[0]);
  }

  @Test
  void exponentialCountsBackFromTheNewestKeyAsYcsbsDoes() throws Exception {
    int records = 100_000;
    int ops = 400_000;
    Map<String, Integer> keynum = new HashMap<>();
    for (int i = 0; i < records; i++) {
      keynum.put(YcsbKeys.HASHED.name(i), i);
    }
    // how far back from the newest key each read went, YCSB's and kvbench's
    long[] theirs = new long[records];
    java.util.Properties p = YcsbReference.workload('c', records, ops);
    p.setProperty("requestdistribution", "exponential");
    YcsbReference.run(p, new YcsbReference.Calls() {
      @Override
      public void read(String key) {
        theirs[records - 1 - keynum.get(key)]++;
      }
    });
    long[] ours = new long[records];
    KeyChooser chooser = new KeyChooser(KeyDraws.of(RequestDistribution.EXPONENTIAL, records, 0, 0.99), 42, 0);
    for (int i = 0; i < ops; i++) {
      ours[(int) (records - 1 - chooser.next(records))]++;
    }
    double ks = 0;
    double meanTheirs = 0;
    double meanOurs = 0;
    long a = 0;
    long b = 0;
    for (int age = 0; age < records; age++) {
      a += theirs[age];
      b += ours[age];
      ks = Math.max(ks, Math.abs(a / (double) ops - b / (double) ops));
      meanTheirs += age * (double) theirs[age] / ops;
      meanOurs += age * (double) ours[age] / ops;
    }
    System.out.printf("exponential at 100k/400k: mean age YCSB %.0f kvbench %.0f, KS %.5f%n", meanTheirs, meanOurs, ks);
    // 1/gamma = 0.857 x 100,000 / ln 20 = 28,611 keys back, less what the redraw below key 0 cuts
    assertThat(meanOurs).isCloseTo(meanTheirs, org.assertj.core.data.Percentage.withPercentage(1));
    assertThat(ks).isLessThanOrEqualTo(0.01);
  }

  @Test
  void sequentialWalksTheLoadedKeysAndStartsOverAsYcsbsDoes() throws Exception {
    int records = 1_000;
    int ops = 2_500;
    java.util.List<String> theirs = new java.util.ArrayList<>();
    java.util.Properties p = YcsbReference.workload('c', records, ops);
    p.setProperty("requestdistribution", "sequential");
    YcsbReference.run(p, new YcsbReference.Calls() {
      @Override
      public void read(String key) {
        theirs.add(key);
      }
    });
    KeyDraws draws = KeyDraws.of(RequestDistribution.SEQUENTIAL, records, 0, 0.99);
    // two clients of one phase share the sequence, as YCSB's threads share its generator
    KeyChooser first = new KeyChooser(draws, 42, 0);
    KeyChooser second = new KeyChooser(draws, 42, 1);
    java.util.List<String> ours = new java.util.ArrayList<>();
    for (int i = 0; i < ops; i++) {
      ours.add(YcsbKeys.HASHED.name((i % 2 == 0 ? first : second).next(records)));
    }
    assertThat(ours).isEqualTo(theirs);
  }

  @Test
  void loadedAndInsertedKeysHaveYcsbsNamesInYcsbsOrder() throws Exception {
    int records = 10_000;
    java.util.List<String> loaded = new java.util.ArrayList<>();
    YcsbReference.load(YcsbReference.workload('a', records, 1), 1000, new YcsbReference.Calls() {
      @Override
      public void insert(String key, Map<String, ByteIterator> values) {
        loaded.add(key);
      }
    });
    for (int i = 0; i < loaded.size(); i++) {
      assertThat(YcsbKeys.HASHED.name(i)).isEqualTo(loaded.get(i));
    }
    java.util.List<String> inserted = new java.util.ArrayList<>();
    YcsbReference.run(YcsbReference.workload('d', records, 20_000), new YcsbReference.Calls() {
      @Override
      public void insert(String key, Map<String, ByteIterator> values) {
        inserted.add(key);
      }
    });
    assertThat(inserted).hasSizeGreaterThan(500);
    for (int i = 0; i < inserted.size(); i++) {
      assertThat(YcsbKeys.HASHED.name(records + i)).isEqualTo(inserted.get(i));
    }
    // 89 % of YCSB's names are 23 bytes; kvbench's buffers fit the longest
    assertThat(loaded).allMatch(k -> k.length() <= YcsbKeys.HASHED.size());
  }

  @Test
  void theStoredRecordIsYcsbsAsItsKeyValueBindingSerialisesIt() throws Exception {
    int[] serialised = {0};
    byte[][] sample = {null};
    YcsbReference.load(YcsbReference.workload('a', 1000, 1), 200, new YcsbReference.Calls() {
      @Override
      public void insert(String key, Map<String, ByteIterator> values) {
        // the RocksDB binding: per field a 4-byte name length, the name, a 4-byte value length, the value
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
          byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
          byte[] value = e.getValue().toArray();
          out.writeBytes(java.nio.ByteBuffer.allocate(4).putInt(name.length).array());
          out.writeBytes(name);
          out.writeBytes(java.nio.ByteBuffer.allocate(4).putInt(value.length).array());
          out.writeBytes(value);
        }
        serialised[0] = out.size();
        byte[] all = sample[0] == null ? out.toByteArray() : concat(sample[0], out.toByteArray());
        sample[0] = all;
      }
    });
    assertThat(serialised[0]).isEqualTo(1140).isEqualTo(YcsbRecords.recordSize(10, 100));

    ValueSource ours = new YcsbRecords(10).create(1140, 7);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1140);
    byte[] all = new byte[200 * 1140];
    for (int i = 0; i < 200; i++) {
      ours.valueInto(i, b);
      b.get(0, all, i * 1140, 1140);
    }
    // the same layout: names and lengths at the same places
    java.nio.ByteBuffer first = java.nio.ByteBuffer.wrap(all, 0, 1140);
    assertThat(first.getInt(0)).isEqualTo(6);
    assertThat(new String(all, 4, 6, StandardCharsets.US_ASCII)).isEqualTo("field0");
    assertThat(first.getInt(10)).isEqualTo(100);
    // printable ASCII that deflates as YCSB's does
    assertThat(deflated(all)).isCloseTo(deflated(sample[0]), offset(0.02));
    for (int i = 14; i < 114; i++) {
      assertThat(all[i]).isBetween((byte) ' ', (byte) 127);
    }
  }

  /** YCSB's zetastatic: the direct sum. */
  private static double directZeta(long n, double theta) {
    double sum = 0;
    for (long i = 0; i < n; i++) {
      sum += 1 / Math.pow(i + 1, theta);
    }
    return sum;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static double deflated(byte[] data) {
    Deflater d = new Deflater();
    d.setInput(data);
    d.finish();
    byte[] out = new byte[data.length * 2];
    int n = 0;
    while (!d.finished()) {
      n += d.deflate(out, n, out.length - n);
    }
    d.end();
    return n / (double) data.length;
  }

  /** Requests per key, most requested first, over a key space of {@code keys}. */
  static final class Popularity {
    final long[] counts;
    final long total;
    final int keys;
    private final long[] unsorted;

    Popularity(long[] perKey, int keys) {
      this.unsorted = perKey;
      this.keys = keys;
      this.counts = Arrays.stream(perKey).map(c -> -c).sorted().map(c -> -c).toArray();
      this.total = Arrays.stream(perKey).sum();
    }

    double topShare(double fraction) {
      long n = Math.round(keys * fraction);
      long sum = 0;
      for (int i = 0; i < n && i < counts.length; i++) {
        sum += counts[i];
      }
      return sum / (double) total;
    }

    double distinct() {
      return Arrays.stream(counts).filter(c -> c > 0).count() / (double) keys;
    }

    int hottest() {
      int best = 0;
      for (int i = 1; i < unsorted.length; i++) {
        if (unsorted[i] > unsorted[best]) {
          best = i;
        }
      }
      return best;
    }

    /** The largest gap between the two rank-frequency curves (share of requests to the top r keys). */
    double ks(Popularity other) {
      double a = 0;
      double b = 0;
      double worst = 0;
      for (int r = 0; r < keys; r++) {
        a += r < counts.length ? counts[r] / (double) total : 0;
        b += r < other.counts.length ? other.counts[r] / (double) other.total : 0;
        worst = Math.max(worst, Math.abs(a - b));
      }
      return worst;
    }
  }
}
