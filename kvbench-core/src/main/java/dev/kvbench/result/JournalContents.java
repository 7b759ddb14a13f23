package dev.kvbench.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a run's journal holds: the lines that could be read, in order, and the ones that could
 * not. Reading never gives up at a damaged line (cut short by a crash, edited by hand, a blank
 * line): it is named in {@link #damaged()} and every line after it is read.
 */
public record JournalContents(List<JournalLine> lines, List<JournalContents.Damage> damaged) {

  /** The journal's lines as JSON, for writing them (RunJournal) and reading them back (here). */
  static final ObjectMapper JSON = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  /** A line that could not be read: its number (from 1) and why. */
  public record Damage(long line, String why) {

    /** A sentence naming the file and line, for the user. */
    public String describe(Path journal) {
      return "line " + line + " of " + journal + " is damaged (" + why + "); skipped it and kept every line after it";
    }
  }

  public JournalContents {
    lines = List.copyOf(lines);
    damaged = List.copyOf(damaged);
  }

  /** The header line, or null when it is missing or damaged. */
  public RunHeader header() {
    return lines.stream().map(JournalLine::run).filter(Objects::nonNull).findFirst().orElse(null);
  }

  /** Every cell with a result, by id, in the order they finished; a cell's last line wins (it ran again). */
  public Map<String, CellResult> cells() {
    Map<String, CellResult> cells = new LinkedHashMap<>();
    for (JournalLine l : lines) {
      if (l.cell() != null) {
        cells.remove(l.cell().cellId());
        cells.put(l.cell().cellId(), l.cell());
      }
    }
    return cells;
  }

  /**
   * The forks of cells whose forks interleave, by cell id and fork number (a fork's last line
   * wins), for the cells without a result that combines them: what a resumed run goes on from.
   */
  public Map<String, java.util.SortedMap<Integer, CellResult>> forks() {
    Map<String, java.util.SortedMap<Integer, CellResult>> forks = new LinkedHashMap<>();
    for (JournalLine l : lines) {
      if (l.fork() != null && l.fork().result() != null) {
        forks.computeIfAbsent(l.fork().result().cellId(), k -> new java.util.TreeMap<>())
            .put(l.fork().number(), l.fork().result());
      } else if (l.cell() != null && l.cell().outcome() != CellResult.Outcome.INTERRUPTED) {
        forks.remove(l.cell().cellId());
      }
    }
    return forks;
  }

  /** Whether the run's last word is that it completed (a later resume reopens it). */
  public boolean completed() {
    boolean completed = false;
    for (JournalLine l : lines) {
      if (l.end() != null) {
        completed = l.end().completed();
      } else if (l.resumed() != null) {
        completed = false;
      }
    }
    return completed;
  }

  /** The work directories of the run and of each resumption, oldest first. */
  public List<WorkDirectory> workDirectories() {
    List<WorkDirectory> dirs = new ArrayList<>();
    for (JournalLine l : lines) {
      WorkDirectory w = l.run() != null ? l.run().workDirectory() : l.resumed() != null ? l.resumed().workDirectory()
          : null;
      if (w != null) {
        dirs.add(w);
      }
    }
    return dirs;
  }

  /** Reads every line of {@code journal}, skipping and naming damaged ones. */
  static JournalContents read(Path journal) throws IOException {
    List<JournalLine> lines = new ArrayList<>();
    List<Damage> damaged = new ArrayList<>();
    if (!startsLikeJson(journal)) {
      throw new IllegalArgumentException(journal + " is not a kvbench journal: it does not start with a JSON run"
          + " header. Give the .jsonl that kvbench run wrote");
    }
    try (InputStream in = new BufferedInputStream(Files.newInputStream(journal), 1 << 16)) {
      long number = 0;
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      // line by line as bytes, each decoded on its own: bytes that are not UTF-8 cost their line only
      while (nextLine(in, bytes)) {
        number++;
        String text;
        try {
          text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
          damaged.add(new Damage(number, "bytes that are not UTF-8 text"));
          continue;
        }
        if (text.isBlank()) {
          damaged.add(new Damage(number, "a blank line"));
          continue;
        }
        try {
          JournalLine line = JSON.treeToValue(ResultSchemas.upgradedTree(JSON.readTree(text)), JournalLine.class);
          if (line == null || line.kinds() != 1 || line.cell() != null && line.cell().cellId() == null
              || line.fork() != null && (line.fork().result() == null || line.fork().result().cellId() == null)) {
            damaged.add(new Damage(number, "not a journal line: it holds no header, cell, resumption or end"));
          } else {
            lines.add(line);
          }
        } catch (JsonProcessingException e) {
          damaged.add(new Damage(number, JsonProblem.describe(e)));
        }
      }
    }
    return new JournalContents(lines, damaged);
  }

  /**
   * Reads the next line's bytes (without its '\\n') into {@code line}, cleared first; false at the
   * end of the file when no byte was left.
   */
  private static boolean nextLine(InputStream in, ByteArrayOutputStream line) throws IOException {
    line.reset();
    int b = in.read();
    if (b < 0) {
      return false;
    }
    while (b >= 0 && b != '\n') {
      line.write(b);
      b = in.read();
    }
    return true;
  }

  /** Whether the file's first byte opens a JSON object: a cheap test before reading a file of any size as lines. */
  private static boolean startsLikeJson(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.read() == '{';
    }
  }

}
