package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.kvbench.host.FileLocks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's results as JSON Lines: a header line, then one line per finished cell (and per fork, where
 * a cell's forks interleave with the others'), each written and
 * fsynced before the next cell starts, so killing kvbench at any moment loses at most the cell in
 * flight; then an end line. The file is created exclusively and locked while its run is going,
 * so two runs never write one file. After each cell the journal also rewrites the result
 * document (atomically) beside it.
 *
 * <p>Reading never gives up at a damaged line: a line that is not a journal line (cut short by a
 * crash, edited by hand, a blank line) is skipped and reported in {@link JournalContents#damaged()}, and
 * every line after it is read. Nothing kvbench reads is ever truncated.
 */
public final class RunJournal implements AutoCloseable {

  /** The results could not be written (a full or failing file system): what was written before is whole. */
  public static final class NotWritten extends IOException {
    private final Path path;

    NotWritten(Path path, IOException cause) {
      super(describe(path, cause), cause);
      this.path = path;
    }

    /** The file that could not be written. */
    public Path path() {
      return path;
    }

    private static String describe(Path path, IOException cause) {
      long free = dev.kvbench.host.HostFiles.usableBytes(path);
      String what = dev.kvbench.host.HostFiles.whyFailed(cause);
      return String.format(java.util.Locale.ROOT, "cannot write %s: %s (%s bytes free there)", path, what,
          free < 0 ? "unknown" : String.format(java.util.Locale.ROOT, "%,d", free));
    }
  }

  private final Path journal;
  private final Path document;
  private final FileChannel channel;
  private final FileLock lock;
  private final RunHeader header;
  private final Map<String, CellResult> cells = new LinkedHashMap<>();
  /** The forks of cells without a result that the journal held when the run was resumed, by cell id and number. */
  private final Map<String, java.util.SortedMap<Integer, CellResult>> resumedForks = new LinkedHashMap<>();
  private final List<String> resumedAt = new ArrayList<>();
  private final Map<String, Integer> cellOrder = new java.util.HashMap<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<WorkDirectory> earlierWorkDirectories = new ArrayList<>();
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
   * Why {@code document} cannot be a run's result document, or null when it can: the document and
   * its journal must be two files, so a name ending in {@code .jsonl} (the journal's) is refused.
   */
  public static String whyNotADocumentName(Path document) {
    if (document.getFileName() == null) {
      return document + " names no file";
    }
    String name = document.getFileName().toString();
    if (name.endsWith(".jsonl")) {
      return document + " ends in .jsonl, the journal's extension: the result document and its journal are two"
          + " files (x.json and x.jsonl); name the document, e.g. " + documentOf(document);
    }
    return null;
  }

  /**
   * Starts a journal at {@code journalOf(document)}; refuses, with a message saying why, when
   * either file exists (another run writes it, or an earlier run left it).
   */
  public static RunJournal create(Path document, RunHeader header) throws IOException {
    String badName = whyNotADocumentName(document);
    if (badName != null) {
      throw new IllegalArgumentException(badName);
    }
    Path journal = journalOf(document);
    if (Files.exists(document, LinkOption.NOFOLLOW_LINKS)) {
      throw new FileAlreadyExistsException(document.toString(), null,
          "already exists: another run is writing it, or an earlier one wrote it; kvbench never overwrites results."
              + " Choose another output, or resume it");
    }
    Path parent = document.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    FileChannel channel;
    try {
      channel = FileChannel.open(journal, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (FileAlreadyExistsException e) {
      throw new FileAlreadyExistsException(journal.toString(), null,
          "already exists: another run is writing these results, or an earlier one left them. Choose another"
              + " output, or resume " + journal);
    }
    FileLock lock = channel.tryLock();
    RunJournal j = new RunJournal(journal, document, channel, lock, header);
    try {
      j.append(new JournalLine(header, null, null, null));
      j.writeDocument();
    } catch (IOException e) {
      // nothing was measured yet: leave no half-started results behind
      j.close();
      Files.deleteIfExists(journal);
      Files.deleteIfExists(document);
      throw e;
    }
    return j;
  }

  /**
   * Reopens a journal to finish its run; refuses one whose run is still going, a file that is not
   * a kvbench journal, and results it could not rewrite. Nothing is written until {@link
   * #markResumed}: a refused resume leaves the journal as it was.
   */
  public static RunJournal resume(Path path, List<String> command) throws IOException {
    Path journal = journalOf(path);
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    if (!Files.isDirectory(path) && !name.endsWith(".json") && !name.endsWith(".jsonl")) {
      throw new IllegalArgumentException(path + " is not a kvbench result: give the .json document or the .jsonl"
          + " journal that kvbench run wrote");
    }
    if (Files.isDirectory(path) || Files.isDirectory(journal)) {
      throw new IllegalArgumentException(path + " is a directory; give the run's result document (.json) or journal"
          + " (.jsonl)");
    }
    if (!Files.exists(journal)) {
      throw new java.nio.file.NoSuchFileException(journal.toString(), null,
          "no journal to resume (kvbench writes it beside the result document as .jsonl)");
    }
    if (!Files.isRegularFile(journal)) {
      throw new IllegalArgumentException(journal + " is not a regular file; give the journal kvbench run wrote");
    }
    Path document = documentOf(journal);
    for (Path p : List.of(journal, document)) {
      if (Files.exists(p) && !Files.isWritable(p)) {
        throw new IllegalArgumentException(p + " is read-only: resuming rewrites it. Make it writable (chmod u+w "
            + p + "), or copy both files elsewhere and resume the copy");
      }
    }
    if (!Files.isWritable(journal.toAbsolutePath().getParent())) {
      throw new IllegalArgumentException(journal.toAbsolutePath().getParent() + " is not writable: resuming"
          + " rewrites the result document there (atomically, through a temporary file). Make it writable, or copy"
          + " both files elsewhere and resume the copy");
    }
    FileChannel channel;
    try {
      channel = FileChannel.open(journal, StandardOpenOption.READ, StandardOpenOption.WRITE);
    } catch (AccessDeniedException e) {
      throw new IllegalArgumentException(journal + " cannot be opened for writing: " + e.getMessage(), e);
    }
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      throw new IllegalArgumentException(journal + " is still being written by a run that is going ("
          + FileLocks.describeHolder(journal) + "); wait for it to end, or stop it and resume then");
    }
    try {
      JournalContents contents = JournalContents.read(journal);
      RunHeader header = contents.header();
      if (header == null) {
        throw new IllegalArgumentException(journal + " is not a kvbench journal: it has no readable run header"
            + " (its first line). Give the .jsonl that kvbench run wrote");
      }
      if (header.run().schemaVersion() != ResultDocument.SCHEMA_VERSION) {
        // one document holds one schema: cells of an older kvbench would sit beside these under other names
        throw new IllegalArgumentException(journal + " was written by a kvbench of result schema "
            + header.run().schemaVersion() + ", and this one writes schema " + ResultDocument.SCHEMA_VERSION
            + "; resume it with the kvbench that started it, or start the run again");
      }
      RunJournal j = new RunJournal(journal, RunDocuments.of(journal, document, header), channel, lock, header);
      contents.damaged().forEach(d -> j.warnings.add(d.describe(journal)));
      j.cells.putAll(contents.cells());
      j.resumedForks.putAll(contents.forks());
      j.earlierWorkDirectories.addAll(contents.workDirectories());
      for (JournalLine line : contents.lines()) {
        if (line.resumed() != null) {
          j.resumedAt.add(line.resumed().at());
        }
      }
      j.unionWithDocument();
      return j;
    } catch (IOException | RuntimeException e) {
      lock.release();
      channel.close();
      throw e;
    }
  }

  /**
   * Takes the cells that only the document has (a journal line damaged since) and says where the
   * two disagree ({@link CellUnion}); the cells only the document has are written to the journal
   * again when the run goes on ({@link #markResumed}).
   */
  private void unionWithDocument() {
    if (!Files.isRegularFile(document)) {
      return;
    }
    ResultDocument doc;
    try {
      doc = files.read(document);
    } catch (IOException | RuntimeException e) {
      warnings.add(document + " could not be read (" + e.getMessage() + "); it is rewritten from the journal");
      return;
    }
    if (!java.util.Objects.equals(doc.startedAt(), header.run().startedAt())) {
      // another run's results under this run's name: uniting them would pass its cells off as this run's and overwrite it
      throw new IllegalArgumentException(document + " holds another run's results (" + doc.scenarioName() + ", started "
          + doc.startedAt() + ") than its journal " + journal + " (" + header.run().scenarioName() + ", started "
          + header.run().startedAt() + "): resuming would overwrite it. Move it aside, then resume");
    }
    CellUnion union = CellUnion.of(journal, cells, document, doc.cells());
    cells.clear();
    cells.putAll(union.cells());
    warnings.addAll(union.warnings());
    if (!union.onlyInDocument().isEmpty()) {
      warnings.add("they are written to " + journal + " again when the run goes on");
    }
  }

  /** What reading the journal found that the user should know: damaged lines, disagreements with the document. */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  /** The work directories earlier attempts of this run used (the run's, then each resumption's). */
  public List<WorkDirectory> earlierWorkDirectories() {
    return List.copyOf(earlierWorkDirectories);
  }

  /**
   * Records that the run goes on, in {@code workDirectory}; writes again every cell the journal
   * lacked (taken from the document), so the journal alone holds every result once more.
   */
  public synchronized void markResumed(List<String> command, WorkDirectory workDirectory) throws IOException {
    Map<String, CellResult> written = JournalContents.read(journal).cells();
    if (channel.size() > 0 && lastByte() != '\n') {
      // a line cut short by a crash stays as it is (it is reported as damaged); ours start on a new line
      append(new byte[] {'\n'});
    }
    for (CellResult c : cells.values()) {
      if (!c.equals(written.get(c.cellId()))) {
        append(new JournalLine(null, c, null, null));
      }
    }
    String now = OffsetDateTime.now().toString();
    append(new JournalLine(null, null, new JournalLine.Resumed(now, command, workDirectory), null));
    resumedAt.add(now);
  }

  private byte lastByte() throws IOException {
    ByteBuffer b = ByteBuffer.allocate(1);
    channel.read(b, channel.size() - 1);
    return b.get(0);
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

  /**
   * Cells with a result that a resumed run keeps (an interrupted cell runs again). Read when the
   * run starts; the run keeps what it measures after that itself.
   */
  public synchronized Map<String, CellResult> finishedCells() {
    Map<String, CellResult> kept = new LinkedHashMap<>(cells);
    kept.values().removeIf(c -> c.outcome() == CellResult.Outcome.INTERRUPTED);
    return kept;
  }

  /**
   * The forks a resumed run's journal kept of cells with no result of their own, by cell, in fork
   * order (none for a new run): the run goes on from the next. Read once, when the run starts: the
   * run keeps what it measures after that itself.
   */
  public synchronized Map<String, java.util.SortedMap<Integer, CellResult>> keptForks() {
    // a cell's final line drops its forks (JournalContents.forks); an interrupted one keeps them
    Map<String, java.util.SortedMap<Integer, CellResult>> kept = new LinkedHashMap<>();
    resumedForks.forEach((cell, forks) -> kept.put(cell, java.util.Collections.unmodifiableSortedMap(
        new java.util.TreeMap<>(forks))));
    return java.util.Collections.unmodifiableMap(kept);
  }

  /**
   * Appends fork {@code number} of a cell whose forks interleave with other cells' and makes it
   * durable before returning; the document keeps only cells with every fork done. A fork appended
   * again under the same number (run again because the host disturbed it) takes the earlier's place
   * in the results; the journal keeps both.
   *
   * @throws NotWritten as {@link #add} does
   */
  public synchronized void addFork(int number, CellResult fork) throws IOException {
    append(new JournalLine(null, null, null, null, new JournalLine.Fork(number, fork)));
  }

  /**
   * Appends a cell's result and makes it durable before returning; then refreshes the document.
   *
   * @throws NotWritten when the file system is full or failing; the journal is left as it was
   *     before this call (no torn line), or holds the whole line when only the document failed
   */
  public synchronized void add(CellResult cell) throws IOException {
    append(new JournalLine(null, cell, null, null));
    cells.remove(cell.cellId());
    cells.put(cell.cellId(), cell);
    writeDocument();
  }

  /** Records that the run stopped, complete or not, and writes the final document. */
  public synchronized ResultDocument finish(boolean complete) throws IOException {
    this.completed = complete;
    append(new JournalLine(null, null, null, new JournalLine.End(OffsetDateTime.now().toString(), complete)));
    return writeDocument();
  }

  public synchronized ResultDocument document() {
    List<CellResult> ordered = new ArrayList<>(cells.values());
    // stable: cells the order does not name keep the order they finished in, after the named ones
    ordered.sort(java.util.Comparator.comparingInt(c -> cellOrder.getOrDefault(c.cellId(), Integer.MAX_VALUE)));
    return new ResultDocument(header.run(), header.environment(), List.copyOf(ordered), completed, resumedAt,
        header.label());
  }

  /**
   * The order the document lists its cells in: the matrix's, whatever order they finished in (rounds
   * alternate their order, and a run that adds forks ends cells when they are precise).
   */
  public synchronized void orderCells(List<String> cellIds) {
    cellOrder.clear();
    for (int i = 0; i < cellIds.size(); i++) {
      cellOrder.putIfAbsent(cellIds.get(i), i);
    }
  }

  private ResultDocument writeDocument() throws IOException {
    ResultDocument doc = document();
    try {
      files.write(doc, document);
    } catch (IOException e) {
      throw new NotWritten(document, e);
    }
    return doc;
  }

  private void append(JournalLine line) throws IOException {
    append((JournalContents.JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Appends whole or not at all: a write the file system refuses half-way is cut back off. */
  private void append(byte[] bytes) throws IOException {
    long before = channel.size();
    try {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      channel.position(before);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    } catch (IOException e) {
      try {
        channel.truncate(before); // only the bytes this call wrote
        channel.force(true);
      } catch (IOException ignored) {
        // the reader skips a torn line anyway
      }
      throw new NotWritten(journal, e);
    }
  }

  /** Reads every line of a journal (for reports and tests), skipping and naming damaged ones. */
  public static JournalContents read(Path path) throws IOException {
    return JournalContents.read(journalOf(path));
  }

  @Override
  public synchronized void close() throws IOException {
    if (lock != null && lock.isValid()) {
      lock.release();
    }
    channel.close();
  }
}
