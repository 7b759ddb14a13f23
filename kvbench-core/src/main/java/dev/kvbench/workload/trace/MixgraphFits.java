package dev.kvbench.workload.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DiagonalMatrix;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.apache.commons.math3.util.Pair;

/** The curve fits of {@link TraceFit}: each a relative least-squares fit (Levenberg-Marquardt) from a closed-form start. */
final class MixgraphFits {

  private MixgraphFits() {}

  /** A model's value at x for parameters p, with its gradient in p. */
  private interface Curve {
    double value(double[] p, double x);

    double[] gradient(double[] p, double x);
  }

  /** Fits {@code curve} to (xs, ys) from {@code start}, each residual relative to its y. */
  private static double[] fit(Curve curve, double[] xs, double[] ys, double[] start) {
    double[] weights = new double[ys.length];
    for (int i = 0; i < ys.length; i++) {
      weights[i] = 1 / Math.max(ys[i] * ys[i], 1e-300);
    }
    MultivariateJacobianFunction f = point -> {
      double[] p = point.toArray();
      double[] v = new double[xs.length];
      double[][] j = new double[xs.length][];
      for (int i = 0; i < xs.length; i++) {
        v[i] = curve.value(p, xs[i]);
        j[i] = curve.gradient(p, xs[i]);
      }
      return new Pair<>(new ArrayRealVector(v, false), new Array2DRowRealMatrix(j, false));
    };
    try {
      return new LevenbergMarquardtOptimizer().optimize(new LeastSquaresBuilder().start(start).model(f).target(ys)
          .weight(new DiagonalMatrix(weights)).maxEvaluations(20_000).maxIterations(20_000).build())
          .getPoint().toArray();
    } catch (org.apache.commons.math3.exception.MathIllegalStateException e) {
      return start; // no convergence: the closed-form start stands
    }
  }

  /** The two-term exponential a·e^(b·x) + c·e^(d·x) through the ranges' shares, hottest first (x = 1, 2 ...). */
  static MixgraphModel.KeyRanges ranges(double[] sorted, List<Integer> order) {
    int n = sorted.length;
    if (n == 1) {
      return new MixgraphModel.KeyRanges(1, 1, 0, 0, 0, order);
    }
    if (n < 4 || sorted[n - 1] <= 0) {
      // too few points, or ranges never touched: one exponential through the ranges touched
      SimpleRegression line = new SimpleRegression();
      for (int x = 1; x <= n && sorted[x - 1] > 0; x++) {
        line.addData(x, Math.log(sorted[x - 1]));
      }
      double b = line.getN() < 2 ? -50 : line.getSlope();
      return new MixgraphModel.KeyRanges(n, sorted[0] / Math.exp(b), b, 0, 0, order);
    }
    // the tail's exponential from its log-linear line, then the head's from what the tail leaves
    SimpleRegression tail = new SimpleRegression();
    for (int x = Math.max(3, n / 2); x <= n; x++) {
      tail.addData(x, Math.log(sorted[x - 1]));
    }
    double c0 = Math.exp(tail.getIntercept());
    double d0 = tail.getSlope();
    double r1 = sorted[0] - c0 * Math.exp(d0);
    double r2 = sorted[1] - c0 * Math.exp(2 * d0);
    double b0 = r1 > 0 && r2 > 0 ? Math.log(r2 / r1) : -3;
    double a0 = Math.max(r1, 1e-9) / Math.exp(b0);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = i + 1;
    }
    double[] p = fit(new Curve() {
      public double value(double[] q, double x) {
        return q[0] * Math.exp(q[1] * x) + q[2] * Math.exp(q[3] * x);
      }

      public double[] gradient(double[] q, double x) {
        double e1 = Math.exp(q[1] * x);
        double e2 = Math.exp(q[3] * x);
        return new double[] {e1, q[0] * x * e1, e2, q[2] * x * e2};
      }
    }, xs, sorted, new double[] {a0, b0, c0, d0});
    return new MixgraphModel.KeyRanges(n, p[0], p[1], p[2], p[3], order);
  }

  /**
   * The power law a·s^b of the share of a range's accesses its hottest s keys take, from {@code
   * counts} (each key's accesses in the range): fitted over the keys the law makes hot (20 or more
   * accesses, at most 1,000 of them), beside a term linear in s for the accesses its tail scatters
   * over the range.
   */
  static MixgraphModel.PowerLaw powerLaw(List<Integer> counts, List<String> notes) {
    int[] c = counts.stream().mapToInt(Integer::intValue).sorted().toArray();
    long total = 0;
    for (int v : c) {
      total += v;
    }
    int hot = 0;
    while (hot < Math.min(c.length, 1_000) && c[c.length - 1 - hot] >= 20) {
      hot++;
    }
    if (hot < 3) {
      notes.add("the hottest range has fewer than 3 keys of 20 or more accesses: its keys are taken as alike");
      return new MixgraphModel.PowerLaw(0, 0);
    }
    List<double[]> points = new ArrayList<>();
    long cumulative = 0;
    int next = 1;
    for (int s = 1; s <= hot; s++) {
      cumulative += c[c.length - s];
      if (s == next) {
        points.add(new double[] {s, (double) cumulative / total});
        next = Math.max(s + 1, (int) Math.round(s * 1.25));
      }
    }
    double[] xs = points.stream().mapToDouble(q -> q[0]).toArray();
    double[] ys = points.stream().mapToDouble(q -> q[1]).toArray();
    SimpleRegression loglog = new SimpleRegression();
    for (int i = 0; i < xs.length; i++) {
      loglog.addData(Math.log(xs[i]), Math.log(ys[i]));
    }
    double[] p = fit(new Curve() {
      public double value(double[] q, double x) {
        return q[0] * Math.pow(x, q[1]) + q[2] * x;
      }

      public double[] gradient(double[] q, double x) {
        double pw = Math.pow(x, q[1]);
        return new double[] {pw, q[0] * pw * Math.log(x), x};
      }
    }, xs, ys, new double[] {Math.exp(loglog.getIntercept()), loglog.getSlope(), 0});
    return new MixgraphModel.PowerLaw(p[0], p[1]);
  }

  /** The exceedances a Pareto fit reads the sizes' quantiles at. */
  private static final double[] TAILS = {0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};

  /**
   * db_bench's generalized Pareto draw (theta 0) through the {@code sorted} sizes' quantiles, its
   * largest and smallest sizes the draw's wrap and floor; a constant size is theta alone.
   */
  static MixgraphModel.Pareto pareto(long[] sorted, int floor, String what, List<String> notes) {
    long low = sorted[0];
    long high = sorted[sorted.length - 1];
    int max = (int) Math.max(1, Math.min(Integer.MAX_VALUE, high));
    if (low == high || sorted.length < 100) {
      if (low != high) {
        notes.add("fewer than 100 " + what + ": their mean is taken for all");
      }
      double mean = java.util.Arrays.stream(sorted).average().orElse(low);
      return new MixgraphModel.Pareto(Math.round(mean), 0, 0, max, floor);
    }
    // a draw above the largest wraps to below it: quantiles near the largest size are not the curve's
    List<double[]> points = new ArrayList<>();
    for (double u : TAILS) {
      double y = Math.max(0.5, sorted[(int) Math.round((1 - u) * (sorted.length - 1))]);
      if (y < max / 2.0) {
        points.add(new double[] {u, y});
      }
    }
    if (points.size() < 3) {
      notes.add("the " + what + " sit near their largest: their mean is taken for all");
      return new MixgraphModel.Pareto(Math.round(java.util.Arrays.stream(sorted).average().orElse(low)), 0, 0, max,
          floor);
    }
    double[] xs = points.stream().mapToDouble(q -> q[0]).toArray();
    double[] ys = points.stream().mapToDouble(q -> q[1]).toArray();
    // a draw is the ceiling of the curve: half a unit above it on average
    DoubleUnaryOperator start = u -> (Math.pow(u, -0.3) - 1) / 0.3;
    double sigma0 = Math.max(1e-3, (ys[ys.length - 3] - 0.5) / start.applyAsDouble(xs[xs.length - 3]));
    double[] p = fit(new Curve() {
      public double value(double[] q, double u) {
        return q[0] * (Math.pow(u, -q[1]) - 1) / q[1] + 0.5;
      }

      public double[] gradient(double[] q, double u) {
        double pw = Math.pow(u, -q[1]);
        return new double[] {(pw - 1) / q[1], q[0] * (-pw * Math.log(u) * q[1] - (pw - 1)) / (q[1] * q[1])};
      }
    }, xs, ys, new double[] {sigma0, 0.3});
    return new MixgraphModel.Pareto(0, p[1], p[0], max, floor);
  }

  /**
   * The sine a·sin(b·t + c) + d through the rate in buckets of the trace's span (at most 200, each
   * at least {@code grain} ns): for each of 400 periods from 8 buckets to 4 spans, the best a, c and
   * d in closed form (least squares in sin, cos and 1), the period with the least error kept.
   */
  static MixgraphModel.Sine sine(long[] byGrain, long grainNanos, List<String> notes) {
    int grains = byGrain.length;
    while (grains > 0 && byGrain[grains - 1] == 0) {
      grains--;
    }
    if (grains < 16) {
      long ops = 0;
      for (long v : byGrain) {
        ops += v;
      }
      double seconds = Math.max(grains, 1) * grainNanos / 1e9;
      notes.add("the trace spans under " + 16 * grainNanos / 1_000_000 + " ms: its rate is taken as constant");
      return new MixgraphModel.Sine(0, 0, 0, ops / seconds, 0);
    }
    int per = Math.max(1, grains / 200);
    int buckets = grains / per;
    double width = per * grainNanos / 1e9;
    double[] t = new double[buckets];
    double[] rate = new double[buckets];
    for (int i = 0; i < buckets; i++) {
      long ops = 0;
      for (int g = i * per; g < (i + 1) * per; g++) {
        ops += byGrain[g];
      }
      t[i] = i * width;
      rate[i] = ops / width;
    }
    double span = buckets * width;
    double best = Double.POSITIVE_INFINITY;
    double[] kept = null;
    for (int k = 0; k < 400; k++) {
      double period = 8 * width * Math.pow(4 * span / (8 * width), k / 399.0);
      double b = 2 * Math.PI / period;
      double[][] m = new double[buckets][];
      for (int i = 0; i < buckets; i++) {
        m[i] = new double[] {Math.sin(b * (t[i] + width / 2)), Math.cos(b * (t[i] + width / 2)), 1};
      }
      RealMatrix design = new Array2DRowRealMatrix(m, false);
      double[] abd = new QRDecomposition(design).getSolver().solve(new ArrayRealVector(rate, false)).toArray();
      double error = design.operate(new ArrayRealVector(abd, false)).subtract(new ArrayRealVector(rate, false))
          .getNorm();
      if (error < best) {
        best = error;
        kept = new double[] {abd[0], abd[1], abd[2], b};
      }
    }
    double mean = java.util.Arrays.stream(rate).average().orElse(0);
    double spread = 0;
    for (double v : rate) {
      spread += (v - mean) * (v - mean);
    }
    if (best * best > 0.9 * spread || Math.hypot(kept[0], kept[1]) < 0.01 * Math.abs(mean)) {
      // the sine takes less than a tenth of the rate's variance away, or swings by under 1 %: noise
      notes.add("the rate shows no swing beyond its noise over the trace's " + String.format(java.util.Locale.ROOT,
          "%.3g", span) + " s: it is taken as constant");
      return new MixgraphModel.Sine(0, 0, 0, mean, 0);
    }
    double a = Math.hypot(kept[0], kept[1]);
    double c = Math.atan2(kept[1], kept[0]);
    return new MixgraphModel.Sine(a, kept[3], c < 0 ? c + 2 * Math.PI : c, kept[2], Math.max(1, Math.round(width * 1e3)));
  }
}
