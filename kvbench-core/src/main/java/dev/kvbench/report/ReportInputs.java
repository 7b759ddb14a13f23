package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunHeader;
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
 * .jsonl}, which hold every finished cell even when the run was killed before writing its document).
 */
public final class ReportInputs {

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
    return runs;
  }

  private static List<Path> resultFilesIn(Path dir) {
    try (var s = Files.list(dir)) {
      List<Path> all = s.filter(f -> f.toString().endsWith(".json") || f.toString().endsWith(".jsonl")).sorted()
          .toList();
      // a document and its own journal hold the same cells: take the document
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
      return file.toString().endsWith(".jsonl") ? fromJournal(file) : fromDocument(file);
    } catch (NoSuchFileException e) {
      throw new ReportInputException(file + ": no such file");
    } catch (IOException | RuntimeException e) {
      throw new ReportInputException(file + " is not a kvbench result document or journal: " + e.getMessage());
    }
  }

  private RunResults fromDocument(Path file) throws IOException {
    ResultDocument d = files.read(file);
    if (d.environment() == null && d.cells().isEmpty()) {
      throw new IOException("it has neither an environment nor cells");
    }
    return new RunResults(file.toString(), d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(),
        d.command(), d.scenario(), d.environment(), d.completed(), d.cells());
  }

  private static RunResults fromJournal(Path file) throws IOException {
    RunHeader header = null;
    Map<String, CellResult> cells = new LinkedHashMap<>();
    boolean completed = false;
    for (RunJournal.Line line : RunJournal.read(file)) {
      if (line.run() != null) {
        header = line.run();
      } else if (line.cell() != null) {
        cells.put(line.cell().cellId(), line.cell()); // a resumed cell's last line wins
      } else if (line.end() != null) {
        completed = line.end().completed();
      } else if (line.resumed() != null) {
        completed = false;
      }
    }
    if (header == null) {
      throw new IOException("no header line");
    }
    return new RunResults(file.toString(), header.kvbenchVersion(), header.startedAt(), header.scenarioName(),
        header.seed(), header.command(), header.scenario(), header.environment(), completed,
        List.copyOf(cells.values()));
  }
}
