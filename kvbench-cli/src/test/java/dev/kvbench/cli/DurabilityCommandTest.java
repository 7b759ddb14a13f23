package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurabilityCommandTest {

  @TempDir Path temp;

  @Test
  void badInputExitsTwoNamingTheInputAndTheFix() {
    CliOutcome store = CliOutcome.run("durability", "--stores", "lmdb", "--output", temp.resolve("o").toString());
    assertThat(store.code()).isEqualTo(2);
    assertThat(store.err()).contains("--stores: unknown store 'lmdb' (did you mean lmdbjava-agrona, lmdbjava-bb or"
        + " lmdbjni?); valid stores: ", "mvstore");

    CliOutcome window = CliOutcome.run("durability", "--kill-after", "1s", "--output", temp.resolve("o").toString());
    assertThat(window.code()).isEqualTo(2);
    assertThat(window.err()).contains("--kill-after '1s': give MIN-MAX, e.g. 200ms-1s");

    CliOutcome crash = CliOutcome.run("durability", "--crash", "lightning", "--output", temp.resolve("o").toString());
    assertThat(crash.code()).isEqualTo(2);
    assertThat(crash.err()).contains("unknown crash 'lightning': use process or power");
    assertThat(temp.resolve("o")).doesNotExist();
  }

  @Tag("slow")
  @Test
  void aSyncedLmdbKeepsEveryAcknowledgedCommitAndTheResultSaysSo() throws Exception {
    Path out = temp.resolve("durability");
    CliOutcome o = CliOutcome.run("durability", "--stores", "lmdbjava-bb", "--sync", "sync", "--crash", "process", "--trials", "1",
        "--kill-after", "300ms-400ms", "--work-dir", temp.resolve("work").toString(), "--output", out.toString(), "-q");

    assertThat(o.code()).as(o.err()).isZero();
    JsonNode doc = new ObjectMapper().readTree(out.resolve("durability.json").toFile());
    assertThat(doc.get("command").get(0).asText()).isEqualTo("durability");
    assertThat(doc.get("command").get(1).asText()).isEqualTo("--stores");
    JsonNode r = doc.get("results").get(0);
    assertThat(r.get("store").asText()).isEqualTo("lmdbjava-bb");
    assertThat(r.get("trials").asInt()).isEqualTo(1);
    assertThat(r.get("acknowledged").asLong()).isPositive();
    assertThat(r.get("ackedLost").asLong()).isZero();
    assertThat(r.get("settings").get("writeMap").asText()).isEqualTo("true");
    // the flags the writer's LMDB ran with, as it reported them
    assertThat(r.get("perTrial").get(0).get("nativeSettings").get("envFlags").toString()).contains("MDB_WRITEMAP");
    assertThat(Files.readString(out.resolve("README.md")))
        .contains("| lmdbjava-bb | sync | process | 1 |", "No store lost an acknowledged commit in sync mode.");
    // the trial's store went with it, and the work directory this run made
    assertThat(temp.resolve("work")).doesNotExist();
  }

  /**
   * The crash test's output folder holding a README.md of the user's (or a link) is refused before
   * any trial runs, and the file stays; a folder of an earlier crash test is the test's to replace.
   */
  @Test
  void anOutputFolderWithTheUsersReadmeIsRefusedBeforeAnyTrial() throws Exception {
    Path out = Files.createDirectories(temp.resolve("mine"));
    Path readme = Files.writeString(out.resolve("README.md"), "# my notes\n");
    CliOutcome o = CliOutcome.run("durability", "--stores", "lmdbjava-bb", "--sync", "sync", "--crash", "process",
        "--trials", "1", "--work-dir", temp.resolve("work").toString(), "--output", out.toString(), "-q");
    assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(o.err()).contains(readme.toString(), "kvbench did not write it");
    assertThat(readme).hasContent("# my notes");
    assertThat(out.resolve("durability.json")).doesNotExist();
    assertThat(temp.resolve("work")).as("no trial ran").doesNotExist();

    Path linked = Files.createDirectories(temp.resolve("linked"));
    Files.createSymbolicLink(linked.resolve("durability.json"), readme);
    CliOutcome l = CliOutcome.run("durability", "--stores", "lmdbjava-bb", "--output", linked.toString(), "-q");
    assertThat(l.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(l.err()).contains("is a link");
    assertThat(readme).hasContent("# my notes");
  }
}
