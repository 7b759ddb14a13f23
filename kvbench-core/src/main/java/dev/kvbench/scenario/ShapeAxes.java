package dev.kvbench.scenario;

import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RateShape;

/** The axes that shape what a phase asks of the store over a pass: range lengths and the rate's shape ({@link Axes}). */
final class ShapeAxes {

  private ShapeAxes() {}

  /**
   * The entries a seek reads, and a scanRange range's mean length: swept like any axis, a part of
   * the id only where a cell runs one of them.
   */
  public static final Axis<Integer> SCAN_LENGTHS = Axis.<Integer>named("scanLengths")
      .flag("N", "Entries each seek reads, and the mean length of scanRange's ranges (uniform from 1 to 2N - 1);"
          + " a comma list sweeps, e.g. 1,10,100 (default: 10).", "--scan-length")
      .parsedBy(ShapeAxes::scanLength, String::valueOf)
      .defaults(10)
      .onlyFor(p -> p.kind() == Phase.Kind.RANGE, 10)
      .id(46, (length, cell) -> cell.plan().phases().stream().anyMatch(p -> p.kind() == Phase.Kind.RANGE)
          ? " scan=" + length : null)
      .build();

  /**
   * The share of readKey's gets that ask for a key the store does not hold ({@link
   * dev.kvbench.workload.MissFraction}): 0 unless given, a part of the id where a cell runs readKey.
   */
  static final Axis<Double> MISS_FRACTIONS = Axis.<Double>named("missFractions")
      .flag("F", "The share of readKey's gets that ask for an absent key instead (readMissing's keys, mixed in at"
          + " positions fixed for every pass and store), each checked to find nothing; a comma list sweeps, e.g."
          + " 0,0.1,0.5 (default: 0).", "--miss-fraction")
      .parsedBy(ShapeAxes::missFraction, String::valueOf)
      .defaults(0.0)
      .onlyFor(p -> p == Phase.READ_KEY, 0.0)
      .id(47, (f, cell) -> f > 0 && cell.plan().phases().contains(Phase.READ_KEY) ? " miss=" + f : null)
      .build();

  private static double missFraction(String text) {
    double f;
    try {
      f = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("a miss fraction is a number from 0 up to 1, e.g. 0.1, not " + text, e);
    }
    return new dev.kvbench.workload.MissFraction(f).fraction();
  }

  private static int scanLength(String text) {
    long n = Counts.parse(text);
    if (n < 1 || n > 1_000_000) {
      throw new IllegalArgumentException("a scan length is 1 to 1,000,000 entries, not " + text);
    }
    return (int) n;
  }

  /**
   * How the target rate of the threaded and sustained phases varies over a pass ({@link
   * RateShape}): constant unless given, a part of the id otherwise. A shape needs a rate to shape.
   */
  static final Axis<RateShape> RATE_SHAPES = Axis.<RateShape>named("rateShapes")
      .flag("constant|steps:F/.../F@D|sine:P/A|bursts:E/L/F", "How the target rate (--rate) varies over each pass:"
          + " constant (the default); steps:0.5/1/2@10s (the rate times 0.5 for 10 s, then 1, then 2, held); sine:60s/0.5"
          + " (1 + 0.5 sin(2 pi t / 60 s)); bursts:10s/1s/3 (3 times the rate for 1 s of every 10, the rest lower so the"
          + " mean holds). Latency counts from each op's shaped place; a comma list sweeps.", "--rate-shape")
      .parsedBy(RateShape::parse, RateShape::id)
      .defaults(RateShape.CONSTANT)
      .onlyFor(Phase::usesClients, RateShape.CONSTANT)
      .checkedBy(ShapeAxes::shapeProblem)
      .id(103, (shape, cell) -> shape.kind() == RateShape.Kind.CONSTANT ? null : " shape=" + shape.id())
      .build();

  /** A shape without a rate to shape: the clients go at full speed, and the shape would be dropped without a word. */
  private static String shapeProblem(RateShape shape, Scenario scenario) {
    if (shape.kind() == RateShape.Kind.CONSTANT) {
      return null;
    }
    boolean rated = scenario.traffic().hasRate() || scenario.matrix().get(Axes.RATES).stream().anyMatch(r -> r != 0)
        || scenario.matrix().get(Axes.WRITER_RATES).stream().anyMatch(r -> r != 0);
    return rated ? null : "matrix.rateShapes " + shape.id() + ": a shape varies a target rate, and the clients here"
        + " go as fast as they can; give a rate (matrix.rates, traffic.rate) or leave the shape out";
  }
}
