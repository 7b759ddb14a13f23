package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A cell's axes without fields of their own read, print and compare alike whatever order they were
 * made in: the report merges the same cell of two runs by the parameters' text, and two JVMs made
 * the same axes in different orders (kvbench 0.6 before this test: four cells where three were).
 */
class CellParametersOrderTest {

  private static CellResult.Parameters parameters(Map<String, String> axes) {
    return new CellResult.Parameters(5000, "int", 4, 100, "rnd", 5000, "nosync", 1, 64, 0, 0, 1, 1, null, "random",
        "none", "warm", axes);
  }

  @Test
  void theSameAxesInAnotherOrderAreTheSameParameters() {
    Map<String, String> one = new LinkedHashMap<>();
    one.put("gc", "default");
    one.put("dataSizes", "4xlimit");
    Map<String, String> other = new LinkedHashMap<>();
    other.put("dataSizes", "4xlimit");
    other.put("gc", "default");
    assertThat(parameters(one).toString()).isEqualTo(parameters(other).toString());
    assertThat(parameters(one).axes().keySet()).containsExactly("dataSizes", "gc");
    Map<String, String> five = new LinkedHashMap<>();
    for (String key : new String[] {"e", "d", "c", "b", "a"}) {
      five.put(key, key);
    }
    assertThat(parameters(five).axes().keySet()).as("sorted, never the map's own order").containsExactly("a", "b", "c",
        "d", "e");
  }
}
