package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.scenario.ScenarioSource;
import dev.kvbench.store.StoreRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Core's messages name the scenario's fields and the runner's options; the CLI says them as the flags a person gave. */
class FlagNamesTest {

  @TempDir Path temp;

  @Test
  void everyNameMapsToAFlagTheCommandsHave() {
    CommandLine cli = Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    var run = cli.getSubcommands().get("run").getCommandSpec();
    var durability = cli.getSubcommands().get("durability").getCommandSpec();
    Stream.concat(FlagNames.FIELDS.values().stream(), FlagNames.OPTIONS.values().stream()).forEach(flag ->
        assertThat(run.findOption(flag) != null || durability.findOption(flag) != null).as(flag).isTrue());
  }

  @Test
  void aMessageLedByAFieldOrOptionIsLedByItsFlag() {
    assertThat(FlagNames.worded("matrix.entries must be at least 1, got 0")).isEqualTo("--entries must be at least 1, got 0");
    assertThat(FlagNames.worded("matrix.valueSizes must be at least 1 byte, got 0"))
        .isEqualTo("--value-size must be at least 1 byte, got 0");
    assertThat(FlagNames.worded("repetitions.readCache cold drops the page cache"))
        .isEqualTo("--drop-caches drops the page cache");
    assertThat(FlagNames.worded("shard '3/2': write i/n")).isEqualTo("--shard '3/2': write i/n");
    assertThat(FlagNames.worded("output /tmp is a directory; the output is the result document"))
        .as("a plain word inside a sentence stays a word").isEqualTo("--output /tmp is a directory; the output is the result document");
    // a word that only begins like a name is left alone
    assertThat(FlagNames.worded("outputs differ")).isEqualTo("outputs differ");
  }

  @Test
  void optionsInsideAMessageBecomeFlagsAndAFilesFieldsStayTheFiles() {
    assertThat(FlagNames.worded("needs 9 bytes; run with scale 0.5, or point workDir at a larger file system"))
        .isEqualTo("needs 9 bytes; run with --scale 0.5, or point --work-dir at a larger file system");
    assertThat(FlagNames.worded("s.yaml:3:12: matrix.entries must be at least 1 (or raise maxCells)"))
        .isEqualTo("s.yaml:3:12: matrix.entries must be at least 1 (or raise --max-cells)");
  }

  /** Core names settings as the library and files do; what the CLI prints names the flags, from the rows. */
  @Test
  void settingsNamedInsideANoticeOrACellsErrorAreSaidAsFlags() {
    assertThat(FlagNames.inText("out of memory: Java heap space; give the cell more with jvm.heap"))
        .isEqualTo("out of memory: Java heap space; give the cell more with --heap");
    assertThat(FlagNames.inText("give the cells CPUs of their own (jvm.cpus), wait for quiet (waitQuiet), or judge"))
        .isEqualTo("give the cells CPUs of their own (--cpus), wait for quiet (--wait-quiet), or judge");
    assertThat(FlagNames.inText("rocksdb cannot honour matrix.durability lazy; it supports [sync, nosync]"))
        .isEqualTo("rocksdb cannot honour --sync lazy; it supports [sync, nosync]");
    assertThat(FlagNames.inText("the warm-up was too short; give more with repetitions.warmupMillis."))
        .isEqualTo("the warm-up was too short; give more with --warmup.");
    // issue 63: the UNSTEADY legend ends its line with the name, a cell's timeout names cellTimeout
    assertThat(FlagNames.inText("the warm-up was too short; give more with repetitions.warmupMillis.\nNOISY n/m"))
        .isEqualTo("the warm-up was too short; give more with --warmup.\nNOISY n/m");
    assertThat(FlagNames.inText("timed out after 20 min (cellTimeout); give a longer cellTimeout, or less data"))
        .isEqualTo("timed out after 20 min (--timeout); give a longer --timeout, or less data");
    assertThat(FlagNames.inText("the seed and the phases stay words, as do output and shard 2"))
        .isEqualTo("the seed and the phases stay words, as do output and shard 2");
    assertThat(FlagNames.worded("run with jvm.cpus.x")).as("a longer name is not the setting").isEqualTo("run with jvm.cpus.x");
  }

  @Test
  void aFilesProblemIsInItsWordsAndAFlagsInTheFlags() throws Exception {
    Path file = temp.resolve("s.yaml");
    Files.writeString(file, "name: s\nmatrix:\n  stores: ['null']\n  entries: [0]\n");
    ScenarioSource read = new Presets().source(file.toString());
    ScenarioException problem = catchThrowableOfType(() -> read.scenario().cells(StoreRegistry.load()),
        ScenarioException.class);
    assertThat(problem.pointer()).isEqualTo("/matrix/entries");
    assertThat(FlagNames.explained(read, problem, new ScenarioOverrides().seed(1)))
        .isEqualTo(file + ":4:12: matrix.entries must be at least 1, got 0");
    ScenarioOverrides flags = new ScenarioOverrides().axis(Axes.ENTRIES, List.of(0L));
    ScenarioException flagged = catchThrowableOfType(() -> flags.applyTo(read.scenario()).cells(StoreRegistry.load()),
        ScenarioException.class);
    assertThat(FlagNames.explained(read, flagged, flags)).isEqualTo("--entries must be at least 1, got 0");
  }
}
