package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.ThreadCosts;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A result's figures are a map on the pass and the phase, written as the fields they were. */
class FiguresTest {

  private final ObjectMapper json =
      JsonMapper.builder().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false).build();

  private static PassResult pass() {
    return PassResult.of(1_000, 2_500_000, new CpuTime(2.0, 0.5), 123_456_789_012L)
        .withMeasuringThreads(new ThreadCosts(1.25, 48_000L))
        .withFork(2);
  }

  @Test
  void aPassWritesItsFiguresAsItsOwnFieldsUnderTheirNamesAndReadsThemBack() throws Exception {
    JsonNode written = json.valueToTree(pass());

    assertThat(written.path("peakRssBytes").isIntegralNumber()).as(written.toString()).isTrue();
    assertThat(written.path("peakRssBytes").asLong()).isEqualTo(123_456_789_012L);
    assertThat(written.path("measuringThreadCpuMillis").asDouble()).isEqualTo(1.25);
    assertThat(written.path("measuringThreadAllocatedBytes").asLong()).isEqualTo(48_000L);
    assertThat(written.has("figures")).as("no object of their own").isFalse();
    PassResult back = json.treeToValue(written, PassResult.class);
    assertThat(back).isEqualTo(pass());
    assertThat(back.measuringThreadAllocatedBytes()).isEqualTo(48_000L);
    assertThat(back.peakRssBytes()).isEqualTo(123_456_789_012L);
  }

  @Test
  void aPhaseReadsOnlyFiguresAsFiguresNotTheNumbersOfItsOtherParts() throws Exception {
    PhaseResult phase = PhaseResult.measured("write", List.of(pass(), pass().withFork(3)), PhaseResult.Latency.NONE,
        true, null, null);
    JsonNode written = json.valueToTree(phase);

    assertThat(written.path("cpuNanosPerOp").asDouble()).isEqualTo(2_500.0);
    assertThat(written.path("allocatedBytesPerOp").asDouble()).isEqualTo(48.0);
    assertThat(written.path("peakRssBytes").asLong()).isEqualTo(123_456_789_012L);
    PhaseResult back = json.treeToValue(written, PhaseResult.class);
    assertThat(back).isEqualTo(phase);
    // passMillis, opsPerSec and noisyPasses are numbers beside the figures, read by their own parts
    assertThat(back.figures().values()).containsOnlyKeys(Figures.CPU_NANOS_PER_OP, Figures.PEAK_RSS_BYTES,
        Figures.ALLOCATED_BYTES_PER_OP);
    assertThat(back.passMillis()).isEqualTo(2.5);
  }

  @Test
  void onTheirOwnTheFiguresAreAnObject() throws Exception {
    Figures some = Figures.NONE.with(Figures.PEAK_RSS_BYTES, 4096L).with(Figures.CPU_NANOS_PER_OP, 1.5);

    assertThat(json.writeValueAsString(some)).isEqualTo("{\"peakRssBytes\":4096,\"cpuNanosPerOp\":1.5}");
    assertThat(json.readValue("{\"peakRssBytes\":4096,\"cpuNanosPerOp\":1.5}", Figures.class)).isEqualTo(some);
  }

  @Test
  void aDocumentWithoutFiguresReadsAsNone() throws Exception {
    PassResult back = json.readValue("{\"passMillis\":2.0,\"ops\":4,\"fork\":1}", PassResult.class);

    assertThat(back.figures()).isEqualTo(Figures.NONE);
    assertThat(back.peakRssBytes()).isZero();
    assertThat(back.measuringThreadCpuMillis()).isNull();
  }

  @Test
  void nothingMeasuredLeavesTheFiguresAsTheyWere() {
    Figures some = Figures.NONE.with(Figures.PEAK_RSS_BYTES, 10L);

    assertThat(some.with(Figures.MEASURING_THREAD_CPU_MILLIS, null)).isEqualTo(some);
    assertThat(some.with(Figures.MEASURING_THREAD_CPU_MILLIS, Double.NaN)).isEqualTo(some);
    assertThat(some.with(Figures.PEAK_RSS_BYTES, 12L).get(Figures.PEAK_RSS_BYTES)).isEqualTo(12.0);
  }

  @Test
  void aFigureWithoutAnIdIsRefusedSinceItWouldNotReadBack() {
    assertThatThrownBy(() -> Figures.NONE.with("p999Nanos", 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("p999Nanos")
        .hasMessageContaining("add its id to Figures");
  }
}
