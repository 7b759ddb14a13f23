package dev.kvbench;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * An application that embeds kvbench-core gets no charting or CSV stack: those are kvbench-report's,
 * which a library user adds only to write reports. The statistics the run's own summary judges by
 * are kvbench-stats', the module below both (ARCHITECTURE.md), so a summary and a comparison judge
 * alike.
 */
class CoreDependenciesTest {

  @Test
  void theChartingAndCsvLibrariesAreNotOnCoresClasspath() {
    for (String type : new String[] {"org.knowm.xchart.XYChart", "com.fasterxml.jackson.dataformat.csv.CsvMapper",
        "dev.kvbench.report.Comparison"}) {
      assertThatThrownBy(() -> Class.forName(type)).as(type).isInstanceOf(ClassNotFoundException.class);
    }
    assertThatCode(() -> Class.forName("dev.kvbench.stats.LogInterval")).doesNotThrowAnyException();
  }
}
