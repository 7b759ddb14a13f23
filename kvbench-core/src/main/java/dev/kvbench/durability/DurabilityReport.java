package dev.kvbench.durability;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.kvbench.summary.TextTable;
import dev.kvbench.result.Environment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The crash test's result document (durability.json) and its report (README.md): one row per
 * store, durability mode and kind of crash.
 *
 * @param killAfter the range each trial's kill was drawn from, after the writer's first acknowledged commit
 */
public record DurabilityReport(int schemaVersion, String kvbenchVersion, String startedAt, List<String> command,
    long seed, int trialsPerCombination, KillWindow killAfter, CrashWorkload workload, Environment environment,
    List<DurabilityResult> results) {

  public static final int SCHEMA_VERSION = 1;

  /** Milliseconds after the writer's first acknowledged commit: each kill is drawn uniformly from this range. */
  public record KillWindow(long fromMillis, long toMillis) {}

  /** The table: what each combination kept. */
  public TextTable table() {
    return table(true);
  }

  /**
   * The table, with or without its last column of notes (skipped combinations, failures), which a
   * terminal prints as lines of their own (see {@link #notes()}): a long note would widen every row.
   */
  public TextTable table(boolean withNotes) {
    List<TextTable.Column> columns = new ArrayList<>(List.of(
        TextTable.left("Store"),
        TextTable.left("Durability"),
        TextTable.left("Crash"),
        TextTable.right("Trials"),
        TextTable.right("Acked commits"),
        TextTable.right("Acked lost"),
        TextTable.right("Trials losing acked"),
        TextTable.right("Torn values"),
        TextTable.right("Partial commits"),
        TextTable.right("Unacked found"),
        TextTable.left("Recovery ms (median / max)")));
    if (withNotes) {
      columns.add(TextTable.left("Note"));
    }
    TextTable t = new TextTable(columns.toArray(TextTable.Column[]::new)).keyColumns(3);
    for (DurabilityResult r : results) {
      List<String> row = new ArrayList<>(r.skipped() != null
          ? List.of(r.store(), r.durability(), r.crash(), "-", "-", "-", "-", "-", "-", "-", "-")
          : List.of(r.store(), r.durability(), r.crash(), Integer.toString(r.trials()),
              String.format(Locale.ROOT, "%,d", r.acknowledged()), String.format(Locale.ROOT, "%,d", r.ackedLost()),
              Integer.toString(r.trialsLosingAcked()), String.format(Locale.ROOT, "%,d", r.tornValues()),
              String.format(Locale.ROOT, "%,d", r.partialCommits()), String.format(Locale.ROOT, "%,d", r.unackedPresent()),
              String.format(Locale.ROOT, "%,.1f / %,.1f", r.recoveryMillisMedian(), r.recoveryMillisMax())));
      if (withNotes) {
        row.add(note(r));
      }
      t.row(row.toArray(String[]::new));
    }
    return t;
  }

  /** Each combination's note ("store durability crash: note"), for those that have one. */
  public List<String> notes() {
    return results.stream().filter(r -> !note(r).isEmpty())
        .map(r -> r.store() + " " + r.durability() + " " + r.crash() + ": " + note(r)).toList();
  }

  private static String note(DurabilityResult r) {
    return r.skipped() != null ? "skipped: " + r.skipped() : String.join("; ", r.failures());
  }

  /** Synced combinations that lost an acknowledged commit to a process crash: findings to publish. */
  public List<DurabilityResult> syncLosses() {
    return results.stream().filter(r -> r.skipped() == null && r.durability().equals("sync") && r.ackedLost() > 0)
        .toList();
  }

  /** Each synced store that lost acknowledged commits, how many, to which crash, in how many trials. */
  private String namedLosses() {
    List<String> named = new ArrayList<>();
    for (DurabilityResult r : syncLosses()) {
      named.add(r.store() + " lost " + r.ackedLost() + " acknowledged commit(s) to a " + r.crash() + " crash in "
          + r.trialsLosingAcked() + " of " + r.trials() + " trials");
    }
    return String.join("; ", named);
  }

  /**
   * The verdict a terminal prints under the table: the rule, and whether a synced store broke it
   * ("a synced store must lose no acknowledged commit: none did").
   */
  public String verdict() {
    long synced = results.stream().filter(r -> r.skipped() == null && r.durability().equals("sync")).count();
    String rule = "Verdict: a synced store must lose no acknowledged commit: ";
    if (synced == 0) {
      return rule + "no synced combination ran here, so there is nothing to judge (add the sync mode)";
    }
    return rule + (syncLosses().isEmpty() ? "none did (" + synced + " synced combination(s))"
        : namedLosses() + ". A finding to report to the store's maintainers");
  }

  /**
   * What the table's columns mean, for a terminal (the Markdown report says it in its own words
   * above its table).
   */
  public static final String LEGEND = "Acked commits: commits the store acknowledged before the kill. Acked lost:"
      + " acknowledged commits not wholly found after the store reopened (a synced store must lose none). Trials"
      + " losing acked: trials with any such loss. Torn values: keys found with other bytes than were put. Partial"
      + " commits: commits found in part. Unacked found: commits found whole that were not yet acknowledged"
      + " (allowed). Recovery: time to reopen the store after the crash.";

  /**
   * The report; {@code notes}, when given, is included as written (findings of the person who
   * published it), after the command.
   */
  public String markdown(String notes) {
    StringBuilder b = new StringBuilder("# Crash test\n\n");
    b.append("Written by kvbench ").append(kvbenchVersion).append(", started ").append(startedAt).append(".\n\n")
        .append("Command: `").append(String.join(" ", command)).append("`\n\n");
    if (notes != null) {
      b.append("## Notes and findings\n\n").append(notes.strip()).append("\n\n## Results\n\n");
    }
    b
        .append("For each store, durability mode and kind of crash, ").append(trialsPerCombination)
        .append(" trial(s): a fresh store, a child JVM committing transactions of ").append(workload.putsPerCommit())
        .append(" new keys (4-byte keys, ").append(workload.valueSize())
        .append("-byte values) and acknowledging each commit to the parent over a pipe once the commit returned;")
        .append(" a SIGKILL between ").append(killAfter.fromMillis()).append(" and ").append(killAfter.toMillis())
        .append(" ms after its first acknowledged commit (seed ").append(seed).append("); then a second JVM reopens the store")
        .append(" (timed: recovery) and reads every commit back.\n\n")
        .append("- **Acked lost**: acknowledged commits not wholly found. A synced store must lose none.\n")
        .append("- **Torn values**: keys found with other bytes than were put.\n")
        .append("- **Partial commits**: commits found in part (atomicity broken).\n")
        .append("- **Unacked found**: commits found whole that the writer had not yet acknowledged (allowed).\n\n")
        .append("**process**: the process dies, the kernel keeps its page cache, so whatever a store handed the")
        .append(" kernel survives, synced or not: this tests process crashes, not power loss. **power**: the store")
        .append(" lives on a loop-mounted ext4 file system whose backing file is copied the moment the writer is")
        .append(" killed, before the kernel writes the cache back; the copy is mounted (journal replayed) and")
        .append(" checked: only what was synced, or happened to be written back, survives, as after a power cut.\n\n");
    if (environment != null) {
      b.append("Host: ").append(environment.hostname()).append(", ").append(environment.cpuModel()).append(", ")
          .append(environment.os()).append(' ').append(environment.kernel()).append("; work directory ")
          .append(environment.workDir()).append(" (").append(environment.workDirFileSystem()).append(").\n\n");
    }
    b.append(table().renderMarkdown());
    b.append('\n');
    if (syncLosses().isEmpty()) {
      b.append("No store lost an acknowledged commit in sync mode.\n");
    } else {
      b.append("**Finding**: in sync mode, ").append(namedLosses()).append(".\n");
    }
    b.append("\nSettings of each store: durability.json, `results[].settings`; every trial's kill moment, check and")
        .append(" the native flags its store ran with: `results[].perTrial`.\n");
    return b.toString();
  }

  /**
   * Writes durability.json and README.md (with {@code notes}, or null) into {@code dir} (created),
   * each through a temporary file and a rename, never through a link or over a file kvbench did not
   * write there ({@link #checkOutput} says so before the trials run).
   */
  public void write(Path dir, String notes) throws IOException {
    Files.createDirectories(dir);
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    outputs(dir).get(0).write(json.writeValueAsBytes(this), List.of());
    outputs(dir).get(1).write(markdown(notes).getBytes(StandardCharsets.UTF_8), List.of());
  }

  /**
   * Refuses {@code dir} before anything runs when its durability.json or README.md is a link or a
   * file an earlier crash test did not write: the trials' results would have nowhere to go.
   *
   * @throws dev.kvbench.result.OutputFile.RefusedException naming the file and the fix
   */
  public static void checkOutput(Path dir) {
    outputs(dir).forEach(f -> f.check(List.of()));
  }

  /** The two files of a crash test's folder, each recognising an earlier crash test's own. */
  private static List<dev.kvbench.result.OutputFile> outputs(Path dir) {
    return List.of(
        new dev.kvbench.result.OutputFile(dir.resolve("durability.json"), dir.resolve("durability.json").toString(),
            f -> startsWith(f, "{") && contains(f, "\"trialsPerCombination\"")),
        new dev.kvbench.result.OutputFile(dir.resolve("README.md"), dir.resolve("README.md").toString(),
            f -> startsWith(f, "# Crash test\n\nWritten by kvbench ")));
  }

  private static boolean startsWith(Path file, String text) {
    try (java.io.InputStream in = Files.newInputStream(file)) {
      return new String(in.readNBytes(text.length()), StandardCharsets.UTF_8).equals(text);
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean contains(Path file, String text) {
    try {
      return Files.size(file) < (64 << 20) && Files.readString(file, StandardCharsets.UTF_8).contains(text);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Reads a durability.json back, to write its README again (with notes). */
  public static DurabilityReport read(Path json) throws IOException {
    return new ObjectMapper().configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
        false).readValue(json.toFile(), DurabilityReport.class);
  }
}
