package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's results as JSON Lines: a header line, then one line per finished cell, each written and
 * fsynced before the next cell starts, so killing kvbench at any moment loses at most the cell in
 * flight; then an end line. The file is created exclusively and locked while its run is going,
 * so two runs never write one file. After each cell the journal also rewrites the result
 * document (atomically) beside it.
 */
public final class RunJournal implements AutoCloseable {

  /** One line of the journal: exactly one of its fields is set. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Line(RunHeader run, CellResult cell, Resumed resumed, End end) {}

  /** The run was resumed: when, and with which command. */
  public record Resumed(String at, List<String> command) {}

  /** The run stopped: whether every cell has a result. */
  public record End(String at, boolean completed) {}

  private static final ObjectMapper JSON = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private final Path journal;
  private final Path document;
  private final FileChannel channel;
  private final FileLock lock;
  private final RunHeader header;
  private final Map<String, CellResult> cells = new LinkedHashMap<>();
  private final List<String> resumedAt = new ArrayList<>();
  private final ResultFiles files = new ResultFiles();
  private boolean completed;

  private RunJournal(Path journal, Path document, FileChannel channel, FileLock lock, RunHeader header) {
    this.journal = journal;
    this.document = document;
    this.channel = channel;
    this.lock = lock;
    this.header = header;
  }

  /** The journal that goes with a result document: {@code x.json} keeps its lines in {@code x.jsonl}. */
  public static Path journalOf(Path document) {
    String name = document.getFileName().toString();
    String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5)
        : name.endsWith(".jsonl") ? name.substring(0, name.length() - 6) : name;
    return document.resolveSibling(stem + ".jsonl");
  }

  /** The result document that goes with a journal or document path. */
  public static Path documentOf(Path path) {
    Path j = journalOf(path);
    String name = j.getFileName().toString();
    return j.resolveSibling(name.substring(0, name.length() - 6) + ".json");
  }

  /**
   * Starts a journal at {@code journalOf(document)}; refuses, with a message saying why, when
   * either file exists (another run writes it, or an earlier run left it).
   */
  public static RunJournal create(Path document, RunHeader header) throws IOException {
    Path journal = journalOf(document);
    if (Files.exists(document)) {
      throw new FileAlreadyExistsException(document.toString(), null,
          "already exists: another run is writing it, or an earlier one wrote it; kvbench never overwrites results."
              + " Choose another --output, or --resume it");
    }
    Path parent = document.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    FileChannel channel;
    try {
      channel = FileChannel.open(journal, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (FileAlreadyExistsException e) {
      throw new FileAlreadyExistsException(journal.toString(), null,
          "already exists: another run is writing these results, or an earlier one left them. Choose another"
              + " --output, or --resume " + journal);
    }
    FileLock lock = channel.tryLock();
    RunJournal j = new RunJournal(journal, document, channel, lock, header);
    j.append(new Line(header, null, null, null));
    j.writeDocument();
    return j;
  }

  /** Reopens a journal to finish its run; refuses one whose run is still going. */
  public static RunJournal resume(Path path, List<String> command) throws IOException {
    Path journal = journalOf(path);
    if (!Files.exists(journal)) {
      throw new java.nio.file.NoSuchFileException(journal.toString(), null,
          "no journal to resume (kvbench writes it beside the result document as .jsonl)");
    }
    FileChannel channel = FileChannel.open(journal, StandardOpenOption.READ, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      throw new IOException(journal + " is being written by a run that is still going; wait for it to end");
    }
    Parsed parsed = parse(Files.readAllBytes(journal));
    RunHeader header = null;
    List<CellResult> done = new ArrayList<>();
    List<String> resumedBefore = new ArrayList<>();
    for (Line line : parsed.lines()) {
      if (line.run() != null) {
        header = line.run();
      } else if (line.cell() != null) {
        done.add(line.cell());
      } else if (line.resumed() != null) {
        resumedBefore.add(line.resumed().at());
      }
    }
    if (header == null) {
      lock.release();
      channel.close();
      throw new IOException(journal + " has no header line; it is not a kvbench journal");
    }
    channel.truncate(parsed.validLength());
    channel.position(parsed.validLength());
    RunJournal j = new RunJournal(journal, documentOf(journal), channel, lock, header);
    done.forEach(c -> j.cells.put(c.cellId(), c));
    String now = OffsetDateTime.now().toString();
    j.append(new Line(null, null, new Resumed(now, command), null));
    j.resumedAt.addAll(resumedBefore);
    j.resumedAt.add(now);
    return j;
  }

  public RunHeader header() {
    return header;
  }

  public Path journalPath() {
    return journal;
  }

  public Path documentPath() {
    return document;
  }

  /** Cells with a result that a resumed run keeps (an interrupted cell runs again). */
  public synchronized Map<String, CellResult> finishedCells() {
    Map<String, CellResult> kept = new LinkedHashMap<>(cells);
    kept.values().removeIf(c -> c.outcome() == CellResult.Outcome.INTERRUPTED);
    return kept;
  }

  /** Appends a cell's result and makes it durable before returning; then refreshes the document. */
  public synchronized void add(CellResult cell) throws IOException {
    append(new Line(null, cell, null, null));
    cells.remove(cell.cellId());
    cells.put(cell.cellId(), cell);
    writeDocument();
  }

  /** Records that the run stopped, complete or not, and writes the final document. */
  public synchronized ResultDocument finish(boolean complete) throws IOException {
    this.completed = complete;
    append(new Line(null, null, null, new End(OffsetDateTime.now().toString(), complete)));
    return writeDocument();
  }

  public synchronized ResultDocument document() {
    return new ResultDocument(header.schemaVersion(), header.kvbenchVersion(), header.startedAt(),
        header.scenarioName(), header.seed(), header.command(), header.scenario(), header.shard(),
        header.environment(), List.copyOf(cells.values()), completed, resumedAt);
  }

  private ResultDocument writeDocument() throws IOException {
    ResultDocument doc = document();
    files.write(doc, document);
    return doc;
  }

  private void append(Line line) throws IOException {
    byte[] bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
    channel.force(true);
  }

  /** Reads every line of a journal (for reports and tests); a line cut short by a crash ends the read. */
  public static List<Line> read(Path path) throws IOException {
    return parse(Files.readAllBytes(journalOf(path))).lines();
  }

  /** The journal's lines up to the first one a crash cut short, and how many bytes they take. */
  private record Parsed(List<Line> lines, long validLength) {}

  private static Parsed parse(byte[] all) {
    List<Line> lines = new ArrayList<>();
    long validLength = 0;
    int start = 0;
    for (int i = 0; i < all.length; i++) {
      if (all[i] != '\n') {
        continue;
      }
      try {
        lines.add(JSON.readValue(new String(all, start, i - start, StandardCharsets.UTF_8), Line.class));
      } catch (JsonProcessingException e) {
        break; // a line cut short by a crash: what follows it cannot be trusted
      }
      start = i + 1;
      validLength = start;
    }
    return new Parsed(lines, validLength);
  }

  @Override
  public synchronized void close() throws IOException {
    if (lock != null && lock.isValid()) {
      lock.release();
    }
    channel.close();
  }
}
