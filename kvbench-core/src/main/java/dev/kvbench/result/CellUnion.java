package dev.kvbench.result;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cells of a run's journal and of its document together, for whoever reads both (a resume, a
 * report): every cell either has is kept, and the journal's wins where both have one and they
 * differ, since it is written and fsynced first and the document only rewritten from it. Each way
 * the two disagree is said in a warning naming both files.
 *
 * @param cells the united cells, the journal's order first
 * @param onlyInDocument the ids of the cells the journal lacks (a damaged line, say)
 * @param warnings one sentence per kind of disagreement; empty when they agree
 */
public record CellUnion(Map<String, CellResult> cells, List<String> onlyInDocument, List<String> warnings) {

  public CellUnion {
    cells = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cells));
    onlyInDocument = List.copyOf(onlyInDocument);
    warnings = List.copyOf(warnings);
  }

  /** Unites {@code journalCells}, read from {@code journal}, with {@code documentCells} from {@code document}. */
  public static CellUnion of(Path journal, Map<String, CellResult> journalCells, Path document,
      List<CellResult> documentCells) {
    Map<String, CellResult> cells = new LinkedHashMap<>(journalCells);
    List<String> onlyInDocument = new ArrayList<>();
    List<String> differ = new ArrayList<>();
    for (CellResult c : documentCells) {
      CellResult fromJournal = cells.get(c.cellId());
      if (fromJournal == null) {
        cells.put(c.cellId(), c);
        onlyInDocument.add(c.cellId());
      } else if (!fromJournal.equals(c)) {
        differ.add(c.cellId());
      }
    }
    List<String> onlyInJournal = journalCells.keySet().stream()
        .filter(id -> documentCells.stream().noneMatch(c -> c.cellId().equals(id))).toList();
    List<String> warnings = new ArrayList<>();
    if (!onlyInDocument.isEmpty()) {
      warnings.add(onlyInDocument.size() + " cell(s) are in " + document + " but not in its journal " + journal
          + "; kept them: " + String.join("; ", onlyInDocument));
    }
    if (!onlyInJournal.isEmpty()) {
      warnings.add(onlyInJournal.size() + " cell(s) are in the journal " + journal + " but not in " + document
          + "; kept them: " + String.join("; ", onlyInJournal));
    }
    if (!differ.isEmpty()) {
      warnings.add(differ.size() + " cell(s) differ between " + document + " and " + journal
          + "; took the journal's: " + String.join("; ", differ));
    }
    return new CellUnion(cells, onlyInDocument, warnings);
  }
}
