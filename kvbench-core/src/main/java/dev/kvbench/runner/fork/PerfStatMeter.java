package dev.kvbench.runner.fork;

import dev.kvbench.result.CellResult;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code jvm.counters}: the cell's JVM under {@code perf stat}, its hardware events per op of each
 * measured pass ({@link PerfCounters}). Where perf cannot count here (most VMs), the run says so
 * once and goes on without it.
 */
final class PerfStatMeter implements CellMeter {

  private final String perf;

  private PerfStatMeter(String perf) {
    this.perf = perf;
  }

  static Optional<CellMeter> of(JvmOptions jvm, RunListener listener) {
    if (!jvm.counters().on()) {
      return Optional.empty();
    }
    String why = PerfCounters.unavailableReason(jvm.counters().perf());
    if (why != null) {
      listener.warning("counters: not available: " + why + "; the run goes on without them");
      return Optional.empty();
    }
    listener.notice("counters: " + String.join(", ", PerfCounters.EVENTS) + " per op over each measured pass,"
        + " counted by " + jvm.counters().perf() + " stat");
    return Optional.of(new PerfStatMeter(jvm.counters().perf()));
  }

  private static Path counts(Fork fork) {
    return fork.jvmDirectory().resolve("counters.csv");
  }

  @Override
  public List<String> launcher(Fork fork) {
    return PerfCounters.prefix(perf, counts(fork));
  }

  @Override
  public CellResult recorded(CellResult result, Fork fork, long launchedMillis) {
    if (!Files.isRegularFile(counts(fork))) {
      return result;
    }
    try {
      // perf counts from when it started the cell's JVM, which wrote down when it began
      return PerfCounters.countedIn(result, PerfCounters.read(counts(fork), PerfCounters.workloadStart(
          fork.jvmDirectory().resolve(ForkedCellMain.VM_START_FILE), launchedMillis)));
    } catch (IOException e) {
      return result;
    }
  }
}
