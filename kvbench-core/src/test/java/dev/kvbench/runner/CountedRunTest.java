package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.run.RunListener;
import dev.kvbench.runner.fork.PerfCounters;
import dev.kvbench.scenario.Counters;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.summary.RunSummary;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.workload.KeyOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --counters}: each forked cell runs under perf stat, and each measured pass gets the events
 * of the intervals it spans per op. A stand-in perf (this host's VM has no hardware counters) runs
 * the cell and writes intervals at fixed rates, 1e9 instructions and 2e9 cycles a second, so a
 * pass's instructions per op are its nanoseconds per op and its IPC 0.5.
 */
class CountedRunTest {

  @TempDir Path temp;

  private Path fakePerf() throws Exception {
    Path perf = temp.resolve("fake-perf");
    Files.writeString(perf, """
        #!/usr/bin/env python3
        import subprocess, sys, time
        a = sys.argv[1:]
        events = a[a.index('-e') + 1].split(',')
        if '-I' not in a:  # asked whether it can count: it can
            for e in events:
                print(f"1000,,{e},1000,100.00,,", file=sys.stderr)
            sys.exit(0)
        out = a[a.index('-o') + 1]
        cmd = a[a.index('--') + 1:]
        # as perf, it counts from when it starts the workload
        child = subprocess.Popen(cmd)
        t0 = time.time()
        rc = child.wait()
        elapsed = time.time() - t0
        rates = {'instructions': 1e9, 'cycles': 2e9, 'cache-misses': 1e6, 'branch-misses': 1e5}
        with open(out, 'w') as f:
            f.write('# started on a stand-in\\n\\n')
            t = 0.01
            while t <= elapsed + 0.01:
                for e in events:
                    f.write(f"{t:14.9f},{rates[e] * 0.01:.0f},,{e},10000000,100.00,,\\n")
                t += 0.01
        sys.exit(rc)
        """);
    Files.setPosixFilePermissions(perf, PosixFilePermissions.fromString("rwxr-xr-x"));
    return perf;
  }

  private static Scenario scenario(int forks, Counters counters) {
    // 100,000 entries: passes of 20 ms and more even on a fast, quiet host (at 20,000 none was, and nothing was checked)
    Scenario s = TinyScenario.of("counted", List.of("misbehaving"), 100_000, KeyOrder.RND, forks);
    return s.withJvm(s.jvm().with(JvmSettings.COUNTERS, counters));
  }

  @Tag("slow")
  @Test
  void everyMeasuredPassGetsItsEventsPerOp() throws Exception {
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE)
        .run(scenario(1, new Counters(fakePerf().toString())), new RunOptions(temp.resolve("work"),
            temp.resolve("c.json"), Shard.ALL, List.of("test"), "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    CellResult cell = doc.cells().get(0);
    int counted = 0;
    for (PhaseResult p : cell.phases()) {
      if (p.status() != dev.kvbench.result.PhaseStatus.OK || p.passes().isEmpty()) {
        continue;
      }
      for (PassResult pass : p.passes()) {
        if (pass.passMillis() < 20) {
          continue; // a pass of two intervals says little about the edges' share
        }
        counted++;
        assertThat(pass.countersPerOp().get("instructions")).as(p.phase())
            .isCloseTo(pass.nsPerOp(), within(pass.nsPerOp() * 0.4));
        assertThat(pass.countersPerOp().get("cycles") / pass.countersPerOp().get("instructions"))
            .isCloseTo(2.0, within(0.01));
      }
      assertThat(p.countersPerOp()).as(p.phase() + " " + p.passes())
          .containsKeys("instructions", "cycles", "cache-misses", "branch-misses");
    }
    assertThat(counted).isPositive();
    assertThat(RunSummary.of(doc)).contains("Hardware counters per op", "instructions/op", "0.50");
    // in an 80-column terminal the timing, counter and storage tables fold; no line wraps
    String narrow = RunSummary.of(doc, 80);
    assertThat(narrow).contains("Hardware counters per op", "instructions/op", "Storage");
    assertThat(narrow.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
  }

  @Tag("slow")
  @Test
  void aHostWithoutCountersSaysSoAndTheRunGoesOn() throws Exception {
    Path perf = temp.resolve("no-pmu-perf");
    Files.writeString(perf, "#!/bin/sh\nfor e in instructions cycles cache-misses branch-misses; do"
        + " echo \"<not supported>,,$e,0,100.00,,\" >&2; done\n");
    Files.setPosixFilePermissions(perf, PosixFilePermissions.fromString("rwxr-xr-x"));
    assertThat(PerfCounters.unavailableReason(perf.toString()))
        .contains("instructions <not supported>", "no hardware performance counters");
    assertThat(PerfCounters.unavailableReason(temp.resolve("no-such-perf").toString())).contains("cannot run");

    List<String> warnings = new ArrayList<>();
    RunListener listener = new RunListener() {
      @Override
      public void warning(String message) {
        warnings.add(message);
      }
    };
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), listener)
        .run(scenario(1, new Counters(perf.toString())), new RunOptions(temp.resolve("work"),
            temp.resolve("n.json"), Shard.ALL, List.of("test"), "dev"));
    assertThat(warnings).anySatisfy(w -> assertThat(w).startsWith("counters: not available:")
        .contains("no hardware performance counters").contains("goes on without them"));
    assertThat(outcome.completed()).isTrue();
    CellResult cell = new ResultFiles().read(outcome.documentPath()).cells().get(0);
    assertThat(cell.outcome()).isEqualTo(CellResult.Outcome.RAN);
    assertThat(cell.phases()).allSatisfy(p -> assertThat(p.countersPerOp()).isEmpty());
  }

  @Test
  void theScenarioFileCarriesCountersAndForksZeroIsRefused() {
    ScenarioFiles files = new ScenarioFiles();
    assertThat(files.parse(files.write(scenario(1, Counters.PERF)), "p", "p", null).jvm().counters())
        .isEqualTo(Counters.PERF);
    assertThat(files.parse(files.write(scenario(1, Counters.OFF)), "p", "p", null).jvm().counters())
        .isEqualTo(Counters.OFF);
    assertThatThrownBy(() -> scenario(0, Counters.PERF)).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("jvm.counters").hasMessageContaining("forks 0");
  }
}
