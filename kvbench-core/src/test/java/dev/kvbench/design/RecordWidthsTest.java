package dev.kvbench.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main record has more than 12 components: a wider one is a type with a component per figure
 * or setting, whose every wither rewrites them all and whose every new figure costs a file per
 * output (issue 64). The records still wider are listed with their width today: none may grow,
 * none may join them, and one that is narrowed must leave the list, so it only shrinks.
 */
class RecordWidthsTest {

  private static final Path ROOT = Path.of("..");
  private static final int MOST_COMPONENTS = 12;

  /** The records wider than the limit when the limit came (issue 64), by file and name: to narrow. */
  private static final Map<String, Integer> STILL_WIDER = Map.of(
      "PhaseFigures.java PhaseFigures", 16,
      "Capabilities.java Capabilities", 13);

  private static final Pattern RECORD = Pattern.compile("\\brecord\\s+(\\w+)\\s*(<[^>{]*>)?\\s*\\(");

  @Test
  void noMainRecordIsWiderThanTwelveComponentsButThoseListedAndNoneGrew() throws IOException {
    Map<String, Integer> wide = wideRecords();
    assertThat(wide).as("the scan finds the records it lists (PhaseFigures at least)").containsKey("PhaseFigures.java PhaseFigures");
    List<String> wrong = new ArrayList<>();
    wide.forEach((record, width) -> {
      Integer allowed = STILL_WIDER.get(record);
      if (allowed == null) {
        wrong.add(record + ": " + width + " components, more than " + MOST_COMPONENTS
            + ": group them into small records by concern, or a map of figures");
      } else if (width > allowed) {
        wrong.add(record + ": " + width + " components, wider than its " + allowed + " when the limit came");
      }
    });
    STILL_WIDER.keySet().stream().filter(r -> !wide.containsKey(r))
        .forEach(r -> wrong.add(r + ": no longer wider than " + MOST_COMPONENTS + " (or gone): take it off STILL_WIDER"));
    assertThat(wrong).isEmpty();
  }

  @Test
  void componentsAreCountedAtTheTopLevelOnly() {
    // generics and annotations with arguments hold commas that are not components
    assertThat(components("Map<String, List<Integer>> a, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<K, V> b, int c"))
        .isEqualTo(3);
    assertThat(components("")).isZero();
  }

  private static Map<String, Integer> wideRecords() throws IOException {
    Map<String, Integer> wide = new TreeMap<>();
    try (Stream<Path> all = Files.walk(ROOT)) {
      for (Path f : all.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/"))
          .filter(p -> !p.toString().contains("/target/")).toList()) {
        String text = Files.readString(f);
        Matcher m = RECORD.matcher(text);
        while (m.find()) {
          int end = closing(text, m.end());
          int n = components(text.substring(m.end(), end));
          if (n > MOST_COMPONENTS) {
            wide.put(f.getFileName() + " " + m.group(1), n);
          }
        }
      }
    }
    return wide;
  }

  /** The index of the parenthesis that closes the one just before {@code from}. */
  private static int closing(String text, int from) {
    int depth = 1;
    int i = from;
    while (depth > 0) {
      char c = text.charAt(i++);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    }
    return i - 1;
  }

  private static int components(String header) {
    if (header.isBlank()) {
      return 0;
    }
    int depth = 0;
    int n = 1;
    for (char c : header.toCharArray()) {
      if (c == '<' || c == '(') {
        depth++;
      } else if (c == '>' || c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        n++;
      }
    }
    return n;
  }
}
