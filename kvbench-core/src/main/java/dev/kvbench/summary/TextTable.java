package dev.kvbench.summary;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with a header rule; text columns left-aligned, numeric columns right-aligned. */
public final class TextTable {

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

  /** How many rows were added. */
  public int rows() {
    return rows.size();
  }

  public String render() {
    int[] width = new int[headers.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = headers.get(c).length();
      for (List<String> r : rows) {
        width[c] = Math.max(width[c], r.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, headers, width);
    for (int c = 0; c < width.length; c++) {
      out.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
    }
    out.append('\n');
    for (List<String> r : rows) {
      line(out, r, width);
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

  private void line(StringBuilder out, List<String> cells, int[] width) {
    StringBuilder l = new StringBuilder();
    for (int c = 0; c < width.length; c++) {
      if (c > 0) {
        l.append("  ");
      }
      String s = cells.get(c);
      String pad = " ".repeat(width[c] - s.length());
      l.append(rightAligned[c] ? pad + s : s + pad);
    }
    out.append(l.toString().stripTrailing()).append('\n');
  }
}
