package dev.kvbench.result;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Rate-curve points as {@link RateCurves#of(List, dev.kvbench.scenario.Sla, PointCache)} judges each
 * cell alone, kept so that a cell's latency histograms are decoded once however many calls read
 * it: a capacity search judges every prefix of its curves at every step, which decoded each point
 * again per prefix (a few milliseconds a point).
 */
public final class PointCache {

  /** A cell's point, all forks' ops together, and each fork's own verdict, before the curve judges it. */
  record Judged(RateCurves.Point point, List<ForkMajority.Verdict> forks) {}

  private final Map<String, Judged> judged = new HashMap<>();

  /** The point under {@code key} (its cell, phase and SLA), made by {@code make} the first time. */
  Judged judged(String key, Supplier<Judged> make) {
    return judged.computeIfAbsent(key, k -> make.get());
  }
}
