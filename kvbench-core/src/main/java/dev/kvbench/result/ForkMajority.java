package dev.kvbench.result;

import dev.kvbench.result.RateCurves.Point;
import dev.kvbench.result.RateCurves.Status;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A rate curve's points judged by their forks: each fork on its own passes, a point met where most
 * forks met it and every lower point (their own capacities reach it), so the curve's highest met
 * point is the median of the forks' capacities. A point all forks' ops together judged otherwise
 * keeps its percentiles, not its verdict; its reason says how many forks broke it.
 */
final class ForkMajority {

  private ForkMajority() {}

  /** One fork's verdict at a point: its own passes' latencies and its own median pass's rate. */
  record Verdict(Status status, String why) {}

  /** Replaces each point of {@code points} whose curve has two forks or more with its forks' verdict. */
  static void judge(TreeMap<Double, Point> points, TreeMap<Double, List<Verdict>> verdicts) {
    int forks = verdicts.values().stream().mapToInt(List::size).min().orElse(0);
    if (forks < 2) {
      return;
    }
    boolean[] broken = new boolean[forks];
    String[] brokeWhy = new String[forks];
    Status[] brokeAs = new Status[forks];
    for (Map.Entry<Double, Point> e : points.entrySet()) {
      List<Verdict> here = verdicts.get(e.getKey());
      int met = 0;
      for (int f = 0; f < forks; f++) {
        if (!broken[f] && here.get(f).status() != Status.MET) {
          broken[f] = true;
          brokeWhy[f] = here.get(f).why();
          brokeAs[f] = here.get(f).status();
        }
        met += broken[f] ? 0 : 1;
      }
      Point all = e.getValue();
      Status status;
      String why;
      if (2 * met > forks) {
        status = Status.MET;
        why = null;
      } else {
        int saturated = 0;
        int firstBroken = -1;
        for (int f = 0; f < forks; f++) {
          if (broken[f]) {
            saturated += brokeAs[f] == Status.SATURATED ? 1 : 0;
            firstBroken = firstBroken < 0 ? f : firstBroken;
          }
        }
        status = 2 * saturated > forks - met ? Status.SATURATED : Status.OVER_BUDGET;
        String count = String.format(java.util.Locale.ROOT, "%d of %d forks broke it here or lower", forks - met,
            forks);
        why = all.status() != Status.MET && all.why() != null ? all.why() + " (" + count + ")"
            : count + " (fork " + (firstBroken + 1) + ": " + brokeWhy[firstBroken] + "); all forks' ops together met it";
      }
      points.put(e.getKey(), new Point(all.cellId(), all.offeredRate(), all.achievedRate(), all.forks(),
          all.samples(), all.percentiles(), status, why));
    }
  }
}
