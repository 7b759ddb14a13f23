package dev.kvbench.cli;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kvbench.host.HostCheck;
import dev.kvbench.host.HostChecks;
import dev.kvbench.result.EnvironmentProbe;
import dev.kvbench.runner.CellEstimate;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.WorkArea;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.summary.TextWrap;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "env",
    mixinStandardHelpOptions = true,
    header = "Checks this host for what would distort a benchmark, each with its fix.",
    description = {"Prints what this host looks like to a benchmark and what would distort one, each with its fix:"
        + " the work directory's file system and free space, open-file limits, swap, transparent huge pages, the CPU"
        + " frequency governor, other busy processes, the JDK. With --check SCENARIO it exits 1 when something would"
        + " stop that scenario (too little room for its largest cell, too few open files)."})
final class EnvCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions.WorkDir workDir;

  @Option(names = "--check", paramLabel = "SCENARIO",
      description = "A preset or scenario file: exit 1 when the host cannot run it as it stands.")
  String check;

  // with --check: the run's own --stores and --scale change its largest cell, so the check takes them too
  @Mixin CommonOptions.StoresAndScale storesAndScale;

  @Option(names = "--json", description = "Print the checks as JSON, for scripts and playbooks.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    Path dir = workDir.path != null ? workDir.path : WorkArea.defaultBase();
    HostChecks.Needs needs = check == null ? HostChecks.Needs.NONE : needs(check, storesAndScale);
    long[] nofile = EnvironmentProbe.nofileLimits();
    List<HostCheck> checks = HostChecks.here().inspect(dir, needs, nofile[0], nofile[1]);
    boolean blocked = checks.stream().anyMatch(c -> c.severity() == HostCheck.Severity.BLOCK);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("workDir", dir.toString());
      doc.put("scenario", check);
      doc.put("blocked", blocked);
      doc.put("checks", checks);
      out.println(JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writeValueAsString(doc));
    } else {
      // values and fixes wrapped under their column, so the page fits the terminal (80 columns or more)
      int width = Terminal.pageWidth();
      int name = checks.stream().mapToInt(c -> c.name().length()).max().orElse(0);
      String under = " ".repeat(6 + name + 1);
      for (HostCheck c : checks) {
        out.println(TextWrap.wrap(String.format("%-5s %-" + name + "s %s", c.severity().id(), c.name(), c.value()),
            width, under));
        if (!c.fix().isEmpty()) {
          // core names the settings (workDir, jvm.numaNode); here they are the flags
          out.println(TextWrap.wrap(under + "fix: " + FlagNames.inText(c.fix()), width, "     "));
        }
      }
      if (check != null) {
        out.printf("%n%s%n", TextWrap.wrap(check + ": " + (blocked
            ? "this host cannot run it as it stands (see block lines)" : "nothing here stops it"), width, "  "));
      }
    }
    return blocked ? ExitCodes.BENCHMARK_FAILED : ExitCodes.OK;
  }

  /** What {@code source}'s largest cell needs: its rough disk size, and open files for the LSM stores. */
  private static HostChecks.Needs needs(String source, CommonOptions.StoresAndScale storesAndScale) {
    StoreRegistry registry = StoreRegistry.load();
    List<CellParams> cells;
    try {
      // read as kvbench run reads it, then expanded once with the run's own --stores and --scale
      ScenarioSource read = new Presets().source(source);
      ScenarioOverrides overrides = storesAndScale.applyTo(new ScenarioOverrides());
      try {
        cells = overrides.applyTo(read.scenario()).cells(registry);
      } catch (ScenarioException e) {
        throw new UsageException("--check " + source + ": " + FlagNames.explained(read, e, overrides), e);
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException("--check " + source + ": " + FlagNames.worded(e.getMessage()), e);
    }
    long largest = 0;
    long files = 0;
    for (CellParams cell : cells) {
      Footprint footprint = registry.require(cell.storeId()).footprint();
      long bytes = CellEstimate.of(cell, footprint).estimatedBytes();
      largest = Math.max(largest, bytes);
      // the table files of the largest store that keeps one per table (none where every store keeps a handful)
      files = Math.max(files, footprint.openFiles(bytes));
    }
    return new HostChecks.Needs(largest, files);
  }
}
