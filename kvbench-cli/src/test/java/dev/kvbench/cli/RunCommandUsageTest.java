package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: a clear message naming the input and the fix, exit code 2, nothing run or deleted. */
class RunCommandUsageTest {

  @TempDir Path temp;

  private record Outcome(int code, String out, String err) {}

  private Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Cli.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }

  private String[] with(String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--output";
    all[args.length + 1] = temp.resolve("out.json").toString();
    return all;
  }

  @Test
  void unknownStoreListsTheValidOnes() {
    Outcome o = run(with("run", "--stores", "lmdbjava-bb,leveldb"));
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err).contains("unknown store 'leveldb'").contains("lmdbjava-agrona").contains("rocksdb");
    assertThat(temp.resolve("out.json")).doesNotExist();
  }

  @Test
  void unknownPhaseListsTheValidOnes() {
    Outcome o = run(with("run", "--phases", "write,readAll"));
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err).contains("unknown phase 'readAll'").contains("readKey, readSeq, readRev, readCrc, readXxh64");
  }

  @Test
  void zeroAndNegativeSizesAreRefused() {
    assertThat(run(with("run", "--entries", "0")).err).contains("--entries must be at least 1");
    assertThat(run(with("run", "--value-size", "-5")).err).contains("--value-size must be at least 1");
    assertThat(run(with("run", "--batch-size", "0")).code).isEqualTo(2);
    assertThat(run(with("run", "--entries", "lots")).err).contains("'lots' is not a count");
  }

  @Test
  void aValueTooBigForAStoreIsRefusedBeforeAnythingRuns() {
    Outcome o = run(with("run", "--stores", "rocksdb", "--value-size", "2147483647"));
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err).contains("--value-size 2147483647 is larger than rocksdb can hold");
  }

  @Test
  void unknownStoreSettingListsTheValidKeys() {
    Outcome o = run(with("run", "--stores", "lmdbjava-bb", "-o", "lmdbjava-bb.writemap=false"));
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err).contains("unknown setting 'lmdbjava-bb.writemap'")
        .contains("forceSafe, mapSize, metaSync, writeMap");
    assertThat(run(with("run", "--stores", "rocksdb", "-o", "lmdbjava-bb.writeMap=false")).err)
        .contains("not in this run");
    assertThat(run(with("run", "-o", "writeMap")).err).contains("expected STORE.KEY=VALUE");
  }

  @Test
  void aNonEmptyWorkDirectoryIsRefusedAndKept() throws Exception {
    Path work = Files.createDirectory(temp.resolve("work"));
    Path mine = Files.writeString(work.resolve("mine.txt"), "keep me");
    Outcome o = run(with("run", "--stores", "null", "--entries", "10", "--work-dir", work.toString()));
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err).contains("--work-dir").contains("is not empty");
    assertThat(mine).hasContent("keep me");
  }

  @Test
  void anExistingResultFileIsNeverOverwritten() throws Exception {
    Path existing = Files.writeString(temp.resolve("old.json"), "{\"measured\": true}");
    Outcome o = run("run", "--stores", "null", "--entries", "10", "--output", existing.toString());
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err).contains("already exists");
    assertThat(existing).hasContent("{\"measured\": true}");
  }

  @Test
  void badDurabilityAndKeyTypeNameTheChoices() {
    assertThat(run(with("run", "--sync", "always")).err).contains("use one of sync, lazy, nosync");
    assertThat(run(with("run", "--keys", "uuid")).err).contains("use int or str");
    assertThat(run(with("run", "--order", "zipf")).err).contains("use seq or rnd");
  }

  @Test
  void helpListsEveryOptionWithItsDefault() {
    Outcome o = run("run", "--help");
    assertThat(o.code).isZero();
    assertThat(o.out).contains("--stores", "--entries", "default: 100000", "--value-size", "default: 100",
        "--keys", "--order", "--batch-size", "--phases", "--seed", "--work-dir", "--output", "--sync",
        "default: nosync", "-o, --store-option", "--warmup", "--latency-sample");
  }

  @Test
  void listShowsStoresCapabilitiesVersionsAndSettings() {
    Outcome o = run("list");
    assertThat(o.code).isZero();
    assertThat(o.out).contains("lmdbjava-bb", "lmdbjava-agrona", "rocksdb", "null", "org.lmdbjava:lmdbjava 0.9.3",
        "org.rocksdb:rocksdbjni 11.", "writeMap", "default true", "forceSafe", "compression", "reverse cursor",
        "available     yes");
  }
}
