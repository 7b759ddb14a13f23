package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search alone, on steps whose findings the test decides: what it measures and what it names. */
class BisectionTest {

  static final List<String> VERSIONS = List.of("1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8");

  /** A library whose versions from {@code firstSlow} on are slower; records every pair it was asked. */
  static final class Planted implements Bisection.Step {
    final String firstSlow;
    final List<String> asked = new ArrayList<>();

    Planted(String firstSlow) {
      this.firstSlow = firstSlow;
    }

    @Override
    public Bisection.Evidence measure(String baseline, String candidate) {
      asked.add(baseline + ">" + candidate);
      boolean slower = firstSlow != null && VERSIONS.indexOf(candidate) >= VERSIONS.indexOf(firstSlow);
      return new Bisection.Evidence(slower ? Bisection.Finding.SLOWER : Bisection.Finding.NOT_SLOWER,
          List.of("write: x " + (slower ? "3.000" : "1.000")));
    }
  }

  @Test
  void namesTheFirstSlowVersionWherEverItIs() {
    for (String planted : VERSIONS.subList(1, VERSIONS.size())) {
      Planted step = new Planted(planted);
      Bisection.Outcome o = Bisection.run(VERSIONS, step, s -> { });
      assertThat(o.ending()).as(planted).isEqualTo(Bisection.Ending.FOUND);
      assertThat(o.firstBad()).as(planted).isEqualTo(planted);
      assertThat(o.lastGood()).isEqualTo(VERSIONS.get(VERSIONS.indexOf(planted) - 1));
      // the ends first, then halves: log2(8) = 3 more steps, each against the good version
      assertThat(step.asked).hasSize(4).first().isEqualTo("1.0>1.8");
      assertThat(step.asked).allMatch(a -> a.startsWith("1.0>"));
    }
  }

  @Test
  void theFirstStepDecidesThereIsNoRegression() {
    Planted step = new Planted(null);
    Bisection.Outcome o = Bisection.run(VERSIONS, step, s -> { });
    assertThat(o.ending()).isEqualTo(Bisection.Ending.NO_REGRESSION);
    assertThat(step.asked).containsExactly("1.0>1.8");
    assertThat(o.log()).first().asString().contains("1.8 against 1.0", "not shown slower");
  }

  @Test
  void aStepThatCannotBeJudgedStopsTheSearchWithWhatIsKnown() {
    Bisection.Step step = (base, cand) -> new Bisection.Evidence(cand.equals("1.4") ? Bisection.Finding.UNDECIDED
        : VERSIONS.indexOf(cand) >= 3 ? Bisection.Finding.SLOWER : Bisection.Finding.NOT_SLOWER, List.of("x"));
    Bisection.Outcome o = Bisection.run(VERSIONS, step, s -> { });
    assertThat(o.ending()).isEqualTo(Bisection.Ending.UNDECIDED);
    assertThat(o.lastGood()).isEqualTo("1.0");
    assertThat(o.firstBad()).isEqualTo("1.8");
    assertThat(o.log()).anySatisfy(l -> assertThat(l).contains("1.4 against 1.0: cannot tell"));
  }

  @Test
  void twoVersionsAreTheLeastThatCanBeBisected() {
    assertThat(Bisection.run(List.of("1.0", "1.1"), new Planted("1.1"), s -> { }).firstBad()).isEqualTo("1.1");
    assertThatThrownBy(() -> Bisection.run(List.of("1.0"), new Planted(null), s -> { }))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
