package dev.kvbench.report.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.report.HtmlPage;
import dev.kvbench.result.OutputFile;
import java.nio.file.Path;

/**
 * {@code history --html}: one self-contained page, as the report's, with a chart per series (each
 * run's forks as dots, its figure as a line, the segments between change points shaded with their
 * means, the change points and notes marked), a table of the changes, and each run linked.
 */
public final class HtmlHistory {

  private HtmlHistory() {}

  /**
   * Where the page may go: {@code target} by temp file and rename, refused when it is a link, an
   * input, or an existing file that is not a page kvbench wrote.
   */
  public static OutputFile outputFile(Path target, String role) {
    return new OutputFile(target, role, HtmlPage::writtenByKvbench);
  }

  /**
   * The page of {@code h}; each run links to where {@code links} says, relative to the page.
   *
   * @param gate the gate that judged it, shown on the page; null for none
   */
  public static String render(History h, HistoryRecords.Gate gate, RunLinks links) {
    ObjectNode data = HistoryRecords.tree(h, gate);
    String title = "kvbench history: " + h.runs().size() + " runs, " + h.series().size() + " series";
    data.put("title", title);
    var runs = data.withArray("runs");
    for (int i = 0; i < h.runs().size(); i++) {
      String link = links.of(h.runs().get(i));
      if (link != null) {
        ((ObjectNode) runs.get(i)).put("link", link);
      }
    }
    return HtmlPage.render(title, data, "history.js");
  }
}
