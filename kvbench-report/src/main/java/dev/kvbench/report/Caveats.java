package dev.kvbench.report;

import dev.kvbench.result.PhaseResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Forks whose samples a reader should doubt, a side each: noisy (the host disturbed a measured
 * pass or the passes together, see {@link PhaseResult#noisyForks}) and unsteady (passes that
 * still trended).
 */
public record Caveats(int baselineNoisyForks, int candidateNoisyForks, int baselineUnsteadyForks,
    int candidateUnsteadyForks) {

  /** No fork to doubt: storage, which the host's load does not change. */
  static final Caveats NONE = new Caveats(0, 0, 0, 0);

  static Caveats of(PhaseResult baseline, PhaseResult candidate) {
    return new Caveats(noisyForks(baseline), noisyForks(candidate), baseline.unsteadyForks().size(),
        candidate.unsteadyForks().size());
  }

  private static int noisyForks(PhaseResult p) {
    return p.noisyForks().size();
  }

  public boolean any() {
    return baselineNoisyForks + candidateNoisyForks + baselineUnsteadyForks + candidateUnsteadyForks > 0;
  }

  /** "noisy forks 2/0, unsteady forks 0/1" (baseline/candidate), or empty when neither side has any. */
  public String describe() {
    List<String> parts = new ArrayList<>();
    if (baselineNoisyForks + candidateNoisyForks > 0) {
      parts.add("noisy forks " + baselineNoisyForks + "/" + candidateNoisyForks);
    }
    if (baselineUnsteadyForks + candidateUnsteadyForks > 0) {
      parts.add("unsteady forks " + baselineUnsteadyForks + "/" + candidateUnsteadyForks);
    }
    return String.join(", ", parts);
  }
}
