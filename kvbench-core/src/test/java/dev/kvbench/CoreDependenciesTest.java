package dev.kvbench;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * An application that embeds kvbench-core gets no charting or statistics stack: those are
 * kvbench-report's, which a library user adds only to write reports.
 */
class CoreDependenciesTest {

  @Test
  void theChartingAndStatisticsLibrariesAreNotOnCoresClasspath() {
    for (String type : new String[] {"org.knowm.xchart.XYChart", "org.apache.commons.math3.distribution.TDistribution",
        "com.fasterxml.jackson.dataformat.csv.CsvMapper"}) {
      assertThatThrownBy(() -> Class.forName(type)).as(type).isInstanceOf(ClassNotFoundException.class);
    }
  }
}
