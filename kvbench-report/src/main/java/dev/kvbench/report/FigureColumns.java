package dev.kvbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.kvbench.result.FigureTable;
import java.util.Locale;

/**
 * The figure table's rows as the pages' data lists them ({@code figureColumns}: id, heading, better
 * direction, format), so the report page, the history page and history's JSON describe a row alike
 * and the pages print its values with one function ({@code tableFigureText} in {@code common.js}).
 */
public final class FigureColumns {

  private FigureColumns() {}

  /** Adds one object per row of {@link FigureTable#ROWS} to {@code columns}, in the table's order. */
  public static void addTo(ArrayNode columns) {
    FigureTable.ROWS.forEach(f -> columns.addObject().put("id", f.id()).put("heading", f.heading())
        .put("better", f.better().id()).put("format", f.format().name().toLowerCase(Locale.ROOT)));
  }
}
