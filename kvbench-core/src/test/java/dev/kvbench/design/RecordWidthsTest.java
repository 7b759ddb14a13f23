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
 * output (issue 64). When the limit came, PhaseFigures (16) and Capabilities (13) were wider; both
 * are grouped now, so none may be.
 */
class RecordWidthsTest {

  private static final Path ROOT = Path.of("..");
  private static final int MOST_COMPONENTS = 12;

  private static final Pattern RECORD = Pattern.compile("\\brecord\\s+(\\w+)\\s*(<[^>{]*>)?\\s*\\(");

  @Test
  void noMainRecordIsWiderThanTwelveComponents() throws IOException {
    Map<String, Integer> widths = recordWidths();
    // the scan reads the records it must: the library's phase figures are 12 wide
    assertThat(widths).containsEntry("PhaseFigures.java PhaseFigures", 12);
    List<String> wrong = new ArrayList<>();
    widths.forEach((record, width) -> {
      if (width > MOST_COMPONENTS) {
        wrong.add(record + ": " + width + " components, more than " + MOST_COMPONENTS
            + ": group them into small records by concern, or a map of figures");
      }
    });
    assertThat(wrong).isEmpty();
  }

  @Test
  void componentsAreCountedAtTheTopLevelOnly() {
    // generics and annotations with arguments hold commas that are not components
    assertThat(components("Map<String, List<Integer>> a, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<K, V> b, int c"))
        .isEqualTo(3);
    assertThat(components("")).isZero();
  }

  /** Every main record's width, by file and name. */
  private static Map<String, Integer> recordWidths() throws IOException {
    Map<String, Integer> wide = new TreeMap<>();
    try (Stream<Path> all = Files.walk(ROOT)) {
      for (Path f : all.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/"))
          .filter(p -> !p.toString().contains("/target/")).toList()) {
        String text = Files.readString(f);
        Matcher m = RECORD.matcher(text);
        while (m.find()) {
          int end = closing(text, m.end());
          wide.put(f.getFileName() + " " + m.group(1), components(text.substring(m.end(), end)));
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
