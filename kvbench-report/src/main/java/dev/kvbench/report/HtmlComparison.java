package dev.kvbench.report;

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
    data.put("title", title).put("baseline", baseline).put("candidate", candidate)
        .put("minEffectPercent", c.minEffectPercent()).put("confidence", ForkRatio.CONFIDENCE)
        .put("minForks", ForkRatio.MIN_FORKS).put("noisyForks", c.noisyForks().name().toLowerCase(java.util.Locale.ROOT));
    ArrayNode rows = data.putArray("rows");
    for (Comparison.Row r : c.rows()) {
      ObjectNode n = rows.addObject().put("cell", r.cell()).put("phase", r.phase())
          .put("baselineMs", r.baselineMillis()).put("candidateMs", r.candidateMillis()).put("ratio", r.ratio())
          .put("baselineForks", r.change().baselineForks()).put("candidateForks", r.change().candidateForks())
          .put("verdict", r.verdict().id()).put("settingsChanged", r.settingsChanged() == null ? "" : r.settingsChanged())
          .put("caveats", r.caveats() == null ? "" : r.caveats().describe());
      if (r.change().hasInterval()) {
        n.put("low", r.change().low()).put("high", r.change().high());
      }
      int forks = r.verdict() == Comparison.Verdict.UNDECIDED ? r.change().forksToDecide(c.minEffectPercent()) : 0;
      if (forks > 0 && forks <= ForkRatio.MOST_FORKS_ESTIMATED) {
        n.put("forksToDecide", forks);
      }
    }
    ArrayNode unmatched = data.putArray("unmatched");
    c.unmatched().forEach(u -> unmatched.addObject().put("side", u.side()).put("cell", u.cell()).put("why", u.why()));
    return HtmlPage.render(title, data, "compare.js");
  }
}
