package dev.kvbench.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What kvbench knows of a store lives in its adapter (its capabilities, settings, footprint): the
 * machinery (core, CLI, reports, resolver, codecs) names no store id as a literal, so a new store
 * is its adapter and provider alone. The ids are read from the adapters' declarations;
 * comments may name stores (as examples), code may not. The examples project picks stores as any
 * user does and is not checked.
 */
class StoreIdsStayInAdaptersTest {

  private static final Path ROOT = Path.of("..");
  private static final List<String> MACHINERY = List.of("kvbench-core", "kvbench-cli", "kvbench-report",
      "kvbench-resolver", "kvbench-codecs");
  // an id as a provider declares it (DeclaredProvider.declare, an LMDB flavour's super) or returns it
  private static final Pattern ID = Pattern.compile(
      "(?:public String id\\(\\) \\{\\s*return |declare\\(|super\\()\"([a-z0-9-]+)\"");

  @Test
  void noStoreIdIsNamedOutsideItsAdapter() throws IOException {
    Set<String> ids = new TreeSet<>();
    for (Path f : javaFiles(ROOT.resolve("kvbench-stores"))) {
      Matcher m = ID.matcher(Files.readString(f));
      while (m.find()) {
        ids.add(m.group(1));
      }
    }
    assertThat(ids).as("the adapters' ids").contains("lmdbjava-agrona", "rocksdb", "xodus").hasSizeGreaterThan(10);
    List<String> named = new ArrayList<>();
    for (String module : MACHINERY) {
      for (Path f : javaFiles(ROOT.resolve(module).resolve("src/main/java"))) {
        List<String> lines = Files.readAllLines(f);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i).trim();
          if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) {
            continue;
          }
          for (String id : ids) {
            if (line.contains("\"" + id + "\"")) {
              named.add(ROOT.relativize(f) + ":" + (i + 1) + " names " + id);
            }
          }
        }
      }
    }
    assertThat(named).as("store ids named outside their adapters: declare the knowledge in the adapter"
        + " (Capabilities, SettingSpec, Footprint) instead").isEmpty();
  }

  private static List<Path> javaFiles(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/src/test/")).sorted().toList();
    }
  }
}
