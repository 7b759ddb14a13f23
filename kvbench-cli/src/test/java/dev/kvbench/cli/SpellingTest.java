package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 63: a name typed wrong gets the names it may have meant, not the whole list alone; a slip of
 * case is read as the one name it can mean, with a note; --precision without its percent sign says
 * how it was read, and the dry run shows the forks it adds.
 */
class SpellingTest {

  @TempDir Path temp;

  private CliOutcome dryRun(String... args) {
    String[] all = new String[args.length + 4];
    all[0] = "run";
    System.arraycopy(args, 0, all, 1, args.length);
    all[args.length + 1] = "--dry-run";
    all[args.length + 2] = "--work-dir";
    all[args.length + 3] = temp.resolve("work").toString();
    return CliOutcome.run(all);
  }

  @Test
  void aTypoGetsTheNearestNames() {
    assertThat(dryRun("--stores", "rocksbd").err()).contains("unknown store 'rocksbd' (did you mean rocksdb?);");
    assertThat(dryRun("--phases", "readky").err()).contains("unknown phase 'readky' (did you mean readKey?);");
    assertThat(dryRun("lmdbjava-tset4").err())
        .contains("'lmdbjava-tset4' is neither a scenario file nor a preset (did you mean lmdbjava-test4?);");
    assertThat(dryRun("--stores", "mvstore", "-o", "mvstore.scanVai=lookup").err())
        .contains("unknown setting 'mvstore.scanVai' (did you mean scanVia?)");
    assertThat(dryRun("--stores", "mvstore", "-o", "mvstore.scanVia=lokup").err())
        .contains("'lokup' is not valid for scanVia (did you mean lookup?)");
    // nothing near: the list alone
    assertThat(dryRun("--stores", "cassandra").err()).contains("unknown store 'cassandra'; valid stores: ");
    CliOutcome command = CliOutcome.run("rnu");
    assertThat(command.code()).isEqualTo(2);
    assertThat(command.err()).startsWith("kvbench: unknown command 'rnu' (did you mean run?); commands: run, list,")
        .doesNotContain("Usage:");
  }

  @Test
  void aSlipOfCaseIsReadAsTheOneNameItMeansWithANote() {
    CliOutcome stores = dryRun("--stores", "MVStore,NULL", "--phases", "write,readkey", "-o", "mvstore.scanvia=cursor");
    assertThat(stores.code()).as(stores.err()).isZero();
    assertThat(stores.err()).contains("note: --stores MVStore read as mvstore", "note: --stores NULL read as null",
        "note: --phases readkey read as readKey", "note: -o mvstore.scanvia read as mvstore.scanVia");
    assertThat(stores.out()).contains("mvstore int seq", "- mvstore", "- readKey", "scanVia:");
    CliOutcome preset = dryRun("YCSB-A", "--stores", "null", "--scale", "0.001");
    assertThat(preset.code()).as(preset.err()).isZero();
    assertThat(preset.err()).contains("note: run YCSB-A read as ycsb-a");
  }

  @Test
  void precisionWithoutItsPercentSignSaysHowItWasReadAndTheDryRunShowsTheForksItAdds() {
    CliOutcome bare = dryRun("--stores", "null", "--precision", "5");
    assertThat(bare.code()).as(bare.err()).isZero();
    assertThat(bare.err()).contains("note: --precision 5 read as 5 %");
    assertThat(bare.out()).contains("3 fresh JVM(s) per cell, then up to 6 (10 once the host stays busy) while a"
        + " comparison's (or a cell's own) 95 % interval is wider than 5 % and undecided");
    // a limit given is one limit for any host
    assertThat(dryRun("--stores", "null", "--precision", "5%", "--max-forks", "8").out())
        .contains("then up to 8 while a comparison's");
    assertThat(dryRun("--stores", "null", "--precision", "5%").err()).doesNotContain("read as");
    CliOutcome inProcess = dryRun("--stores", "null", "--precision", "5%", "--forks", "0");
    assertThat(inProcess.code()).isEqualTo(2);
    assertThat(inProcess.err()).contains("--forks 0 runs every cell in this JVM");
    CliOutcome fewer = dryRun("--stores", "null", "--precision", "5%", "--forks", "3", "--max-forks", "2");
    assertThat(fewer.code()).isEqualTo(2);
    assertThat(fewer.err()).contains("--max-forks 2 is below the 3 forks every cell runs");
    CliOutcome wide = dryRun("--stores", "null", "--precision", "500%");
    assertThat(wide.code()).isEqualTo(2);
    assertThat(wide.err()).contains("at most 100");
  }
}
