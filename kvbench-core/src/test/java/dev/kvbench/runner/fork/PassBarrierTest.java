package dev.kvbench.runner.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** The duet's start line: no side starts a measured pass until every side still running waits at one. */
class PassBarrierTest {

  @Test
  void aSideWaitsUntilEverySideIsAtAMeasuredPassThenAllGoAtOnce() {
    PassBarrier barrier = new PassBarrier();
    PassBarrier.Side a = barrier.join();
    PassBarrier.Side b = barrier.join();
    ByteArrayOutputStream toA = new ByteArrayOutputStream();
    ByteArrayOutputStream toB = new ByteArrayOutputStream();
    a.arrived(toA);
    assertThat(toA.size()).as("a waits for b").isZero();
    b.arrived(toB);
    assertThat(toA.toByteArray()).containsExactly(ForkMessage.GO);
    assertThat(toB.toByteArray()).containsExactly(ForkMessage.GO);
    // the next pass: b first this time
    b.arrived(toB);
    assertThat(toB.size()).isEqualTo(1);
    a.arrived(toA);
    assertThat(toA.size()).isEqualTo(2);
    assertThat(toB.size()).isEqualTo(2);
  }

  @Test
  void aSideThatEndsHoldsNoPartnerBackAndLeavingTwiceIsLeavingOnce() {
    PassBarrier barrier = new PassBarrier();
    PassBarrier.Side a = barrier.join();
    PassBarrier.Side b = barrier.join();
    PassBarrier.Side c = barrier.join();
    ByteArrayOutputStream toA = new ByteArrayOutputStream();
    ByteArrayOutputStream toB = new ByteArrayOutputStream();
    a.arrived(toA);
    b.arrived(toB);
    assertThat(toA.size()).as("c still runs").isZero();
    c.left(); // failed, or its store could not run the phase and its cell ended
    assertThat(toA.size()).isEqualTo(1);
    assertThat(toB.size()).isEqualTo(1);
    c.left();
    a.arrived(toA);
    assertThat(toA.size()).as("b still runs").isEqualTo(1);
    b.left();
    assertThat(toA.size()).isEqualTo(2);
    // the last side alone goes at once
    a.arrived(toA);
    assertThat(toA.size()).isEqualTo(3);
  }
}
