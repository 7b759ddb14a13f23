package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.IoBytes;
import dev.kvbench.measure.StorageSize;
import java.util.List;
import org.junit.jupiter.api.Test;

class AmplificationTest {

  private static PassResult pass(long nanos, IoBytes io) {
    PassResult p = PassResult.of(1000, nanos, new CpuTime(1, 1), 1);
    return io == null ? p : p.withIo(io);
  }

  @Test
  void writeAmplificationIsTheMedianPassDeviceBytesOverWhatItsOpsPut() {
    // 1000 ops of 104 bytes; the median pass by time (20 ms) wrote 208,000 bytes: x 2
    PhaseResult write = PhaseResult.measured("write", List.of(
            pass(30_000_000, new IoBytes(0, 999_999)),
            pass(20_000_000, new IoBytes(0, 208_000)),
            pass(10_000_000, new IoBytes(0, 1))),
        PhaseResult.Latency.NONE, false, null, null).withAmplification(Amplification.Direction.WRITE, 104);

    assertThat(write.medianPass().passMillis()).isEqualTo(20.0);
    assertThat(write.amplification()).containsExactly(
        new Amplification(Amplification.Direction.WRITE, 104_000, 208_000, 2.0));
    assertThat(write.amplification(Amplification.Direction.READ)).isNull();
  }

  @Test
  void readAmplificationCountsReadBytes() {
    PhaseResult read = PhaseResult.measured("readKey", List.of(pass(5_000_000, new IoBytes(50_000, 7))),
        PhaseResult.Latency.NONE, true, null, null).withAmplification(Amplification.Direction.READ, 100);

    assertThat(read.amplification(Amplification.Direction.READ).deviceBytes()).isEqualTo(50_000);
    assertThat(read.amplification(Amplification.Direction.READ).factor()).isEqualTo(0.5);
  }

  @Test
  void noIoMeansNoAmplificationRatherThanZero() {
    PhaseResult write = PhaseResult.measured("write", List.of(pass(5_000_000, null)), PhaseResult.Latency.NONE,
        false, null, null).withAmplification(Amplification.Direction.WRITE, 104);

    assertThat(write.amplification()).isEmpty();
    assertThat(PhaseResult.failed("write", "boom").withAmplification(Amplification.Direction.WRITE, 104)
        .amplification()).isEmpty();
  }

  @Test
  void aMixedPassGetsBothDirectionsOverTheBytesItsOpsPutAndGot() {
    // a ycsb pass of 1000 ops: 500 updates of 104 bytes, 500 reads of 100; it wrote 104,000 and read 25,000
    PassResult pass = pass(5_000_000, new IoBytes(25_000, 104_000));
    PhaseResult mixed = PhaseResult.measured("ycsb-a", List.of(pass), PhaseResult.Latency.NONE, true, null, null)
        .withAmplification(Amplification.ofBytes(Amplification.Direction.WRITE, pass, 500 * 104))
        .withAmplification(Amplification.ofBytes(Amplification.Direction.READ, pass, 500 * 100));

    assertThat(mixed.amplification(Amplification.Direction.WRITE).factor()).isEqualTo(2.0);
    assertThat(mixed.amplification(Amplification.Direction.READ).factor()).isEqualTo(0.5);
    // a pass that put nothing (readers) has no write amplification rather than 0 or infinity
    assertThat(Amplification.ofBytes(Amplification.Direction.WRITE, pass, 0)).isNull();
  }

  @Test
  void spaceAmplificationIsAllocatedOverFlatBeforeAndAfterClose() {
    StorageResult s = StorageResult.of(new StorageSize(300_000, 1), new StorageSize(150_000, 1), 100_000);

    assertThat(s.spaceAmplification()).isEqualTo(new StorageResult.SpaceAmplification(3.0, 1.5));
    assertThat(s.lifetimeWrites()).isNull();
    assertThat(s.withLifetimeWrites(StorageResult.LifetimeWrites.of(1000, 2500)).lifetimeWrites().factor())
        .isEqualTo(2.5);
  }
}
