package dev.kvbench.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * kvbench-core's packages depend on each other in one direction only (ARCHITECTURE.md: "arrows
 * only point down"): a cycle means two packages cannot be understood, tested or moved apart. Reads
 * the sources' imports and fully qualified names (comments left out), and fails naming every cycle it finds.
 */
class PackageCyclesTest {

  private static final Path SOURCES = Path.of("src/main/java");
  private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.kvbench(?:\\.[a-z][a-z0-9]*)+)\\.[A-Z]");
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

  @Test
  void noImportCycleBetweenKvbenchPackages() throws IOException {
    Map<String, Set<String>> uses = dependencies(SOURCES);
    assertThat(uses).as("packages found").containsKeys("dev.kvbench.scenario", "dev.kvbench.run", "dev.kvbench.runner");
    assertThat(cycles(uses)).as("package cycles (each line: the packages that reach each other)").isEmpty();
  }

  @Test
  void theCheckFindsACycle() {
    Map<String, Set<String>> uses = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
        "d", Set.of("a")));
    assertThat(cycles(uses)).containsExactly("[a, b, c]");
  }

  /** Each package to the kvbench packages its sources name. */
  static Map<String, Set<String>> dependencies(Path sources) throws IOException {
    Map<String, Set<String>> uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        // code only: a javadoc link up the layers documents, it does not depend
        String text = Files.readString(file).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
        Matcher pkg = PACKAGE.matcher(text);
        if (!pkg.find()) {
          continue;
        }
        String from = pkg.group(1);
        Set<String> to = uses.computeIfAbsent(from, k -> new TreeSet<>());
        Matcher ref = REFERENCE.matcher(text);
        while (ref.find()) {
          if (!ref.group(1).equals(from)) {
            to.add(ref.group(1));
          }
        }
      }
    }
    return uses;
  }

  /** The strongly connected groups of more than one package (Tarjan's algorithm), as sorted lists. */
  static List<String> cycles(Map<String, Set<String>> uses) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<String> found = new ArrayList<>();
    int[] counter = {0};
    for (String p : uses.keySet()) {
      if (!index.containsKey(p)) {
        connect(p, uses, index, low, stack, onStack, found, counter);
      }
    }
    return found;
  }

  private static void connect(String p, Map<String, Set<String>> uses, Map<String, Integer> index,
      Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<String> found, int[] counter) {
    index.put(p, counter[0]);
    low.put(p, counter[0]++);
    stack.push(p);
    onStack.add(p);
    for (String q : uses.getOrDefault(p, Set.of())) {
      if (!index.containsKey(q)) {
        connect(q, uses, index, low, stack, onStack, found, counter);
        low.put(p, Math.min(low.get(p), low.get(q)));
      } else if (onStack.contains(q)) {
        low.put(p, Math.min(low.get(p), index.get(q)));
      }
    }
    if (low.get(p).equals(index.get(p))) {
      Set<String> group = new TreeSet<>();
      String q;
      do {
        q = stack.pop();
        onStack.remove(q);
        group.add(q);
      } while (!q.equals(p));
      if (group.size() > 1) {
        found.add(group.toString());
      }
    }
  }
}
