package dev.kvbench.summary;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with a header rule; text columns left-aligned, numeric columns right-aligned.
 * A table wider than the page folds: its other columns continue in a second block under the first,
 * the leading key columns (what names a row) repeated in each block, so no line wraps in a terminal.
 */
public final class TextTable {

  /** The width the tables a run prints fit: a terminal a little wider than the classic 80 columns. */
  public static final int PAGE_WIDTH = 100;

  private static final String GAP = "  ";

  /** A column: its header, and whether its cells are right-aligned (numbers) or left-aligned (text). */
  public record Column(String header, boolean rightAligned) {}

  /** A text column. */
  public static Column left(String header) {
    return new Column(header, false);
  }

  /** A numeric column, right-aligned. */
  public static Column right(String header) {
    return new Column(header, true);
  }

  private final List<String> headers;
  private final boolean[] rightAligned;
  private final List<List<String>> rows = new ArrayList<>();
  private int keyColumns = 1;

  public TextTable(Column... columns) {
    this.headers = java.util.Arrays.stream(columns).map(Column::header).toList();
    this.rightAligned = new boolean[columns.length];
    for (int i = 0; i < columns.length; i++) {
      rightAligned[i] = columns[i].rightAligned();
    }
  }

  public TextTable row(String... cells) {
    if (cells.length != headers.size()) {
      throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells.length);
    }
    rows.add(List.of(cells));
    return this;
  }

  /**
   * How many leading columns name a row (default 1): a folded table repeats them in every block.
   */
  public TextTable keyColumns(int count) {
    if (count < 1 || count > headers.size()) {
      throw new IllegalArgumentException("key columns must be 1 to " + headers.size() + ", got " + count);
    }
    this.keyColumns = count;
    return this;
  }

  /** How many rows were added. */
  public int rows() {
    return rows.size();
  }

  /** The columns, in order, for a page that draws the table itself. */
  public List<Column> columns() {
    List<Column> out = new ArrayList<>();
    for (int i = 0; i < headers.size(); i++) {
      out.add(new Column(headers.get(i), rightAligned[i]));
    }
    return out;
  }

  /** The rows' cells as added, for a page that draws the table itself. */
  public List<List<String>> cells() {
    return List.copyOf(rows);
  }

  /** The whole table, however wide. */
  public String render() {
    int[] width = widths();
    return block(java.util.stream.IntStream.range(0, width.length).toArray(), width);
  }

  /**
   * The table within {@code pageWidth} columns where it can be: when wider, the columns after the
   * key columns are dealt into blocks that each fit, one under another with a blank line between,
   * each starting with the key columns. A single column too wide for the page gets a block of its
   * own (the page cannot be met without cutting a figure, and a figure is never cut).
   */
  public String render(int pageWidth) {
    int[] width = widths();
    int total = java.util.Arrays.stream(width).sum() + GAP.length() * (width.length - 1);
    if (total <= pageWidth || width.length <= keyColumns) {
      return render();
    }
    int keyWidth = 0;
    for (int c = 0; c < keyColumns; c++) {
      keyWidth += (c == 0 ? 0 : GAP.length()) + width[c];
    }
    StringBuilder out = new StringBuilder();
    List<Integer> columns = new ArrayList<>();
    int used = keyWidth;
    for (int c = keyColumns; c < width.length; c++) {
      int needed = GAP.length() + width[c];
      if (!columns.isEmpty() && used + needed > pageWidth) {
        out.append(out.isEmpty() ? "" : "\n").append(block(withKeys(columns), width));
        columns.clear();
        used = keyWidth;
      }
      columns.add(c);
      used += needed;
    }
    out.append(out.isEmpty() ? "" : "\n").append(block(withKeys(columns), width));
    return out.toString();
  }

  private int[] withKeys(List<Integer> columns) {
    int[] all = new int[keyColumns + columns.size()];
    for (int c = 0; c < keyColumns; c++) {
      all[c] = c;
    }
    for (int i = 0; i < columns.size(); i++) {
      all[keyColumns + i] = columns.get(i);
    }
    return all;
  }

  private int[] widths() {
    int[] width = new int[headers.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = headers.get(c).length();
      for (List<String> r : rows) {
        width[c] = Math.max(width[c], r.get(c).length());
      }
    }
    return width;
  }

  /** The header, its rule and every row, in {@code columns} only. */
  private String block(int[] columns, int[] width) {
    StringBuilder out = new StringBuilder();
    line(out, headers, columns, width);
    for (int i = 0; i < columns.length; i++) {
      out.append(i == 0 ? "" : GAP).append("-".repeat(width[columns[i]]));
    }
    out.append('\n');
    for (List<String> r : rows) {
      line(out, r, columns, width);
    }
    return out.toString();
  }

  /** The same table in GitHub Markdown, numeric columns right-aligned; a pipe in a cell is escaped. */
  public String renderMarkdown() {
    StringBuilder out = new StringBuilder();
    markdownLine(out, headers);
    out.append('|');
    for (boolean right : rightAligned) {
      out.append(right ? "---:|" : "---|");
    }
    out.append('\n');
    for (List<String> r : rows) {
      markdownLine(out, r);
    }
    return out.toString();
  }

  private static void markdownLine(StringBuilder out, List<String> cells) {
    out.append('|');
    for (String c : cells) {
      out.append(' ').append(c.replace("|", "\\|")).append(" |");
    }
    out.append('\n');
  }

  private void line(StringBuilder out, List<String> cells, int[] columns, int[] width) {
    StringBuilder l = new StringBuilder();
    for (int i = 0; i < columns.length; i++) {
      int c = columns[i];
      if (i > 0) {
        l.append(GAP);
      }
      String s = cells.get(c);
      String pad = " ".repeat(width[c] - s.length());
      l.append(rightAligned[c] ? pad + s : s + pad);
    }
    out.append(l.toString().stripTrailing()).append('\n');
  }
}
