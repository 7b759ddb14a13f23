package dev.kvbench.report;

import dev.kvbench.stats.ForkRatio;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.result.OutputFile;
import java.nio.file.Path;

/**
 * {@code compare --html}: the comparison as one self-contained page, each row's ratio drawn with
 * its 95 % interval against 1, the verdicts filterable, the same rule and figures as the text.
 */
public final class HtmlComparison {

  private HtmlComparison() {}

  /**
   * Where a comparison page may go: {@code target} written by temp file and rename, refused when it
   * is a link, an input, or an existing file that is not a page kvbench wrote.
   *
   * @param role how the user named the target, for messages
   */
  public static OutputFile outputFile(Path target, String role) {
    return new OutputFile(target, role, HtmlPage::writtenByKvbench);
  }

  /** The page for {@code c}, whose sides were read from {@code baseline} and {@code candidate}. */
  public static String render(Comparison c, String baseline, String candidate) {
    ObjectNode data = HtmlPage.JSON.createObjectNode();
    String title = "kvbench compare: " + candidate + " against " + baseline;
    ComparisonRecords.rule(data.put("title", title).put("baseline", baseline).put("candidate", candidate), c)
        .put("mostForksEstimated", ForkRatio.MOST_FORKS_ESTIMATED);
    // the rows as compare --json writes them
    data.set("rows", ComparisonRecords.rows(c));
    ArrayNode unmatched = data.putArray("unmatched");
    c.unmatched().forEach(u -> unmatched.addObject().put("side", u.side()).put("cell", u.cell()).put("why", u.why()));
    return HtmlPage.render(title, data, "compare.js");
  }
}
