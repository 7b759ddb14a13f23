package dev.kvbench.report;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellUnion;
import dev.kvbench.result.ForkMerge;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.ResultSchemas;
import dev.kvbench.result.RunHeader;
import dev.kvbench.result.JournalContents;
import dev.kvbench.result.JsonProblem;
import dev.kvbench.result.RunJournal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what {@code kvbench run} wrote: result documents ({@code .json}) and journals ({@code
 * .jsonl}, which hold every finished cell even when the run was killed before writing its
 * document). A document and its journal beside it are read together and their cells united, so a
 * damaged line or a document that fell behind loses nothing the other holds. What cannot be read
 * right costs only itself: a damaged journal line, or a cell with impossible figures, is left out
 * with a warning naming it (see {@link RunResults#warnings()}).
 */
public final class ReportInputs {

  /**
   * Beyond any figure kvbench records (a pass of 10^15 ms is 31,000 years): a larger one is damage
   * or an edit, not a measurement, and would break the charts' axes.
   */
  static final double MAX_PLAUSIBLE = 1e15;

  private final ResultFiles files = new ResultFiles();

  /**
   * Reads each file; a directory stands for the result files directly inside it.
   *
   * @throws ReportInputException naming the file and what is wrong with it
   */
  public List<RunResults> read(List<Path> paths) {
    List<RunResults> runs = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        for (Path f : resultFilesIn(p)) {
          runs.add(readOne(f));
        }
      } else {
        runs.add(readOne(p));
      }
    }
    if (runs.isEmpty()) {
      throw new ReportInputException("no result files in " + paths + ": give .json documents or .jsonl journals");
    }
    return countForksOnce(runs);
  }

  /**
   * {@code runs} with every fork counted once. A fork is one JVM of one cell of one run (the run
   * known by when and on which host it started): the same file given twice, copies of one result,
   * or a journal copied before its run ended beside the finished document all hold the same forks,
   * and counting them again would pass copies off as samples. Where two files hold one run's cell,
   * the one with more forks is kept (its forks include the other's) and the other left out with a
   * warning naming both files.
   */
  static List<RunResults> countForksOnce(List<RunResults> runs) {
    // run identity and cell id -> the index of the run whose copy of the cell is kept
    Map<String, Integer> kept = new LinkedHashMap<>();
    List<java.util.Set<String>> dropped = new ArrayList<>();
    // for each run left with fewer cells: the run each cell's forks were counted from, and how many
    List<Map<Integer, Integer>> countedFrom = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      dropped.add(new java.util.HashSet<>());
      countedFrom.add(new java.util.TreeMap<>());
    }
    for (int i = 0; i < runs.size(); i++) {
      String run = runIdentity(runs.get(i));
      if (run == null) {
        continue; // a result without a start time: nothing tells its forks apart from another's
      }
      for (CellResult c : runs.get(i).cells()) {
        String key = run + "\n" + c.cellId();
        Integer earlier = kept.putIfAbsent(key, i);
        if (earlier == null) {
          continue;
        }
        CellResult other = cellOf(runs.get(earlier), c.cellId());
        boolean replace = forks(c).size() > forks(other).size();
        int loser = replace ? earlier : i;
        int winner = replace ? i : earlier;
        dropped.get(loser).add(c.cellId());
        countedFrom.get(loser).merge(winner, 1, Integer::sum);
        if (replace) {
          kept.put(key, i);
        }
      }
    }
    // a file every cell of which another file of its run holds is a copy: no run of its own (history counted it as
    // one), its warning kept on the file its cells are counted from
    Map<Integer, List<String>> movedWarnings = new LinkedHashMap<>();
    List<RunResults> out = new ArrayList<>();
    List<Integer> outIndex = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      RunResults r = runs.get(i);
      if (dropped.get(i).isEmpty()) {
        out.add(r);
        outIndex.add(i);
        continue;
      }
      java.util.Set<String> gone = dropped.get(i);
      boolean wholeCopy = gone.size() == r.cells().size();
      List<String> warnings = new ArrayList<>(r.warnings());
      countedFrom.get(i).forEach((winner, cells) -> {
        String why = r.source() + " holds " + cells + " cell(s) of the run started " + r.startedAt() + " on "
            + r.host() + " that " + (r.source().equals(runs.get(winner).source()) ? "was given before (the same file"
            + " twice)" : runs.get(winner).source() + " holds too (a copy)") + ": each fork is counted once, from "
            + runs.get(winner).source() + (wholeCopy ? ", and it is no run of its own" : "");
        (wholeCopy ? movedWarnings.computeIfAbsent(winner, k -> new ArrayList<>()) : warnings).add(why);
      });
      if (!wholeCopy) {
        out.add(copy(r, r.cells().stream().filter(c -> !gone.contains(c.cellId())).toList(), r.completed(), warnings));
        outIndex.add(i);
      }
    }
    for (int k = 0; k < out.size(); k++) {
      List<String> moved = movedWarnings.get(outIndex.get(k));
      if (moved != null) {
        RunResults r = out.get(k);
        List<String> warnings = new ArrayList<>(r.warnings());
        warnings.addAll(moved);
        out.set(k, copy(r, r.cells(), r.completed(), warnings));
      }
    }
    return out;
  }

  private static CellResult cellOf(RunResults r, String cellId) {
    return r.cells().stream().filter(c -> c.cellId().equals(cellId)).findFirst().orElseThrow();
  }

  /** When and where a run started: the same for every copy of its files, different for any other run. */
  private static String runIdentity(RunResults r) {
    return r.startedAt() == null ? null : r.startedAt() + " " + r.host();
  }

  /** The fork numbers a cell's passes came from (a run in one JVM is fork 1). */
  private static java.util.SortedSet<Integer> forks(CellResult c) {
    java.util.SortedSet<Integer> forks = new java.util.TreeSet<>();
    c.phases().forEach(p -> p.passes().forEach(pass -> forks.add(Math.max(1, pass.fork()))));
    return forks;
  }

  private static List<Path> resultFilesIn(Path dir) {
    try (var s = Files.list(dir)) {
      List<Path> all = s.filter(f -> f.toString().endsWith(".json") || f.toString().endsWith(".jsonl")).sorted()
          .toList();
      // a document and its own journal are read together: name the document once
      return all.stream().filter(f -> !f.toString().endsWith(".jsonl")
          || !all.contains(RunJournal.documentOf(f))).toList();
    } catch (IOException e) {
      throw new ReportInputException("cannot list " + dir + ": " + e.getMessage());
    }
  }

  RunResults readOne(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new ReportInputException(file + ": no such file; give a result document (.json) or journal (.jsonl)"
          + " written by kvbench run");
    }
    try {
      boolean isJournal = file.toString().endsWith(".jsonl");
      Path partner = isJournal ? RunJournal.documentOf(file) : RunJournal.journalOf(file);
      RunResults run = isJournal ? fromJournal(file) : fromDocument(file);
      if (!partner.equals(file) && Files.isRegularFile(partner)) {
        run = unite(run, partner, isJournal);
      }
      return checked(run);
    } catch (NoSuchFileException e) {
      throw new ReportInputException(file + ": no such file");
    } catch (ReportInputException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      // the journal's reader names the file and what it is not
      throw new ReportInputException(e.getMessage());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new ReportInputException(file + " is not a kvbench result document or journal: " + JsonProblem.describe(e));
    } catch (IOException | RuntimeException e) {
      throw new ReportInputException(file + " is not a kvbench result document or journal: " + e.getMessage());
    }
  }

  /**
   * {@code run} with the cells only its partner file has. The journal's cell wins where both have
   * one: it is written (and fsynced) first, the document only rewritten from it.
   */
  private RunResults unite(RunResults run, Path partner, boolean runIsJournal) {
    RunResults other;
    try {
      other = runIsJournal ? fromDocument(partner) : fromJournal(partner);
    } catch (IOException | RuntimeException e) {
      List<String> warnings = new ArrayList<>(run.warnings());
      warnings.add(partner + " beside it could not be read (" + e.getMessage() + "); used " + run.source() + " alone");
      return copy(run, run.cells(), run.completed(), warnings);
    }
    RunResults journal = runIsJournal ? run : other;
    RunResults document = runIsJournal ? other : run;
    Map<String, CellResult> journalCells = new LinkedHashMap<>();
    journal.cells().forEach(c -> journalCells.put(c.cellId(), c));
    CellUnion union = CellUnion.of(Path.of(journal.source()), journalCells, Path.of(document.source()),
        document.cells());
    List<String> warnings = new ArrayList<>(journal.warnings());
    warnings.addAll(document.warnings());
    warnings.addAll(union.warnings());
    Map<String, CellResult> cells = union.cells();
    // the document says whether the run completed; the journal says it too, and later
    return copy(run, List.copyOf(cells.values()), journal.completed(), warnings);
  }

  private static RunResults copy(RunResults r, List<CellResult> cells, boolean completed, List<String> warnings) {
    return new RunResults(r.source(), r.kvbenchVersion(), r.startedAt(), r.scenarioName(), r.seed(), r.command(),
        r.scenario(), r.environment(), completed, cells, warnings, r.label());
  }

  private RunResults fromDocument(Path file) throws IOException {
    ResultDocument d;
    try {
      com.fasterxml.jackson.databind.JsonNode tree = files.readTree(file);
      if (tree == null || !tree.isObject()) {
        throw new ReportInputException(file + " is not a kvbench result document: it holds no JSON object; give"
            + " the .json or .jsonl that kvbench run wrote");
      }
      requireSchema(file, tree.path("schemaVersion").asInt(0));
      com.fasterxml.jackson.databind.JsonNode cells = tree.get("cells");
      if (cells == null || cells.isNull() || !cells.isArray()) {
        throw new ReportInputException(file + ": /cells is " + (cells == null ? "missing" : cells.isNull() ? "null"
            : "not a list") + ", where a result document lists the cells it measured: the file was cut or edited."
            + " Give the document kvbench run wrote, or its journal (" + RunJournal.journalOf(file).getFileName() + ")");
      }
      d = files.fromTree(tree);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new ReportInputException(file + " is not a kvbench result document: " + JsonProblem.describe(e));
    }
    if (d.environment() == null && d.cells().isEmpty()) {
      throw new IOException("it has neither an environment nor cells");
    }
    return new RunResults(file.toString(), d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(),
        d.command(), d.scenario(), d.environment(), d.completed(),
        d.cells().stream().map(c -> ResultSchemas.upgraded(d.schemaVersion(), c)).toList(), List.of(), d.label());
  }

  /** The process that holds {@code journal}'s lock and still runs, in words; null where none does. */
  private static String liveWriter(Path journal) {
    java.util.OptionalLong pid = dev.kvbench.host.FileLocks.holder(journal);
    if (pid.isEmpty() || pid.getAsLong() == ProcessHandle.current().pid()
        || ProcessHandle.of(pid.getAsLong()).map(p -> !p.isAlive()).orElse(true)) {
      return null;
    }
    return "process " + pid.getAsLong() + " holds its lock: a run in progress";
  }

  private static RunResults fromJournal(Path file) throws IOException {
    JournalContents contents = RunJournal.read(file);
    RunHeader header = contents.header();
    if (header == null) {
      throw new IOException("no readable header line");
    }
    requireSchema(file, header.run().schemaVersion());
    List<String> warnings = new ArrayList<>(contents.damaged().stream().map(d -> d.describe(file)).toList());
    Map<String, CellResult> cells = new LinkedHashMap<>();
    contents.cells().forEach((id, c) -> cells.put(id, ResultSchemas.upgraded(header.run().schemaVersion(), c)));
    // a run stopped between rounds keeps the forks each cell finished: they are measured figures; a run still
    // writing its journal (another process holds its lock) has not stopped, and is said to be running
    String writer = contents.completed() ? null : liveWriter(file);
    if (writer != null) {
      warnings.add(file + " is still being written (" + writer + "): its cells and forks are those so far");
    }
    contents.forks().forEach((cellId, byNumber) -> {
      cells.put(cellId, ResultSchemas.upgraded(header.run().schemaVersion(), ForkMerge.combine(List.copyOf(byNumber.values()))));
      warnings.add(file + ": cell " + cellId + " has " + byNumber.size() + " fork(s) (" + byNumber.keySet()
          .stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
          + (writer != null ? ") so far: its figures come from those alone"
              : ") from before the run stopped: its figures come from those alone"));
    });
    return new RunResults(file.toString(), header.run().kvbenchVersion(), header.run().startedAt(), header.run().scenarioName(),
        header.run().seed(), header.run().command(), header.run().scenario(), header.environment(), contents.completed(),
        List.copyOf(cells.values()), warnings, header.label());
  }

  /**
   * Only the schemas this kvbench knows are read ({@link ResultSchemas}): an older or newer one would
   * be read wrong, silently.
   */
  private static void requireSchema(Path file, int schema) {
    if (ResultSchemas.readable(schema)) {
      return;
    }
    throw new ReportInputException(file + " has result schema " + schema + ", and this kvbench reads schema "
        + ResultDocument.SCHEMA_VERSION + (schema > ResultDocument.SCHEMA_VERSION
            ? ": it was written by a newer kvbench; report it with that version"
            : schema <= 0 ? ": it is not a kvbench result (no schemaVersion)"
            : ": it was written by an older kvbench whose fields meant other things (schemas "
                + ResultSchemas.OLDEST_READ + " to " + ResultDocument.SCHEMA_VERSION + " are read); report it with"
                + " that version"));
  }

  /** {@code run} without the cells whose figures cannot be read right, each named in a warning. */
  private static RunResults checked(RunResults run) {
    List<CellResult> kept = new ArrayList<>();
    List<String> warnings = new ArrayList<>(run.warnings());
    Map<String, CellResult> seen = new LinkedHashMap<>();
    for (CellResult c : run.cells()) {
      CellResult first = seen.putIfAbsent(c.cellId(), c);
      if (first != null) {
        // one cell twice in one file is an edit: its figures must not enter the median twice
        warnings.add(run.source() + ": cell " + c.cellId() + " appears more than once"
            + (first.equals(c) ? "" : ", with other figures") + "; counted once, from its first appearance");
        continue;
      }
      String problem = problemWith(c);
      if (problem == null) {
        kept.add(c);
      } else {
        warnings.add(run.source() + ": cell " + c.cellId() + " left out: " + problem);
      }
    }
    return kept.size() == run.cells().size() && warnings.size() == run.warnings().size() ? run
        : copy(run, kept, run.completed(), warnings);
  }

  /** What makes a cell's figures unreadable (a time no pass can take, a histogram that does not decode), or null. */
  static String problemWith(CellResult c) {
    if (c.parameters() == null) {
      return "it has no parameters";
    }
    if (c.phases().isEmpty() && c.outcome() == CellResult.Outcome.RAN) {
      return "it says it ran, but lists no phase (/phases is missing or empty): the file was cut or edited";
    }
    for (PhaseResult p : c.phases()) {
      if (p.phase() == null || p.status() == null) {
        return "a phase without a name or status";
      }
      String where = "phase " + p.phase();
      for (double t : new double[] {p.passMillis(), p.minPassMillis(), p.maxPassMillis(), p.nsPerOp(), p.opsPerSec()}) {
        if (!plausible(t)) {
          return where + " has an impossible figure (" + t + "): the file was edited or damaged";
        }
      }
      for (PassResult pass : p.passes()) {
        if (!plausible(pass.passMillis()) || pass.ops() < 0) {
          return where + " has a pass with an impossible time (" + pass.passMillis() + " ms) or count ("
              + pass.ops() + " ops): the file was edited or damaged";
        }
        String bad = undecodable(pass.latencyHistogram());
        if (bad != null) {
          return where + " has a pass whose latency histogram does not decode (" + bad + ")";
        }
      }
      for (String h : new String[] {p.latencyHistogram(), p.commitLatencyHistogram()}) {
        String bad = undecodable(h);
        if (bad != null) {
          return where + "'s latency histogram does not decode (" + bad + ")";
        }
      }
    }
    return null;
  }

  private static boolean plausible(double v) {
    return Double.isFinite(v) && v >= 0 && v < MAX_PLAUSIBLE;
  }

  private static String undecodable(String encoded) {
    if (encoded == null) {
      return null;
    }
    try {
      HistogramCodec.decode(encoded);
      return null;
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
  }
}
