package dev.kvbench.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What kvbench-core exports, checked as a module-info's {@code exports} would be (the jars stay on
 * the class path, where the stores' native loaders and the forked cells need them): every core
 * package is API, exported only to named kvbench modules, or internal; the other modules' main
 * sources (stores, codecs, report, CLI, the examples project) use only what is exported to them.
 * A new package fails until it is put in one of the three.
 */
class ExportedPackagesTest {

  private static final Path CORE = Path.of("src/main/java/dev/kvbench");
  private static final Path ROOT = Path.of("..");
  private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.kvbench((?:\\.[a-z][a-z0-9]*)+)\\.[A-Z]");

  /** What an embedding user programs against: the builder, the SPI, workloads, results, tables. */
  private static final Set<String> API = Set.of("bench", "scenario", "store", "workload", "measure", "result",
      "summary", "codec", "durability", "host", "published");

  /**
   * Exported to these modules only: the runner and one cell's run, which the CLI and reports drive
   * (kvbench-report judges a run's added forks, behind the runner's ForkJudge), and the library
   * versions a run resolves, which kvbench-resolver implements.
   */
  private static final Map<String, Set<String>> TO_MODULES = Map.of(
      "runner", Set.of("kvbench-cli", "kvbench-report"),
      "runner.versions", Set.of("kvbench-cli", "kvbench-resolver"),
      "run", Set.of("kvbench-cli", "kvbench-report"));

  /** Used by nothing outside core: the child-JVM protocol and the null store behind its provider. */
  private static final Set<String> INTERNAL = Set.of("runner.fork", "nullstore");

  @Test
  void everyCorePackageIsApiQualifiedOrInternal() throws IOException {
    Set<String> unplaced = new TreeSet<>();
    try (Stream<Path> dirs = Files.walk(CORE)) {
      for (Path dir : dirs.filter(Files::isDirectory).filter(ExportedPackagesTest::holdsJava).toList()) {
        String name = CORE.relativize(dir).toString().replace('/', '.');
        if (!API.contains(name) && !TO_MODULES.containsKey(name) && !INTERNAL.contains(name)) {
          unplaced.add(name);
        }
      }
    }
    assertThat(unplaced).as("core packages that are neither API, exported to named modules, nor internal").isEmpty();
  }

  @Test
  void otherModulesUseOnlyWhatCoreExportsToThem() throws IOException {
    Set<String> core = corePackages();
    List<String> violations = new ArrayList<>();
    List<Path> modules = modules();
    assertThat(modules).as("modules found beside kvbench-core").extracting(p -> p.getFileName().toString())
        .contains("kvbench-cli", "kvbench-report", "kvbench-store-rocksdb", "kvbench-examples");
    for (Path module : modules) {
      String moduleName = module.getFileName().toString();
      try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          Matcher m = REFERENCE.matcher(withoutComments(Files.readString(file)));
          while (m.find()) {
            String used = m.group(1).substring(1);
            if (core.contains(used) && !exportedTo(used, moduleName)) {
              violations.add(ROOT.relativize(file) + " uses dev.kvbench." + used);
            }
          }
        }
      }
    }
    assertThat(violations).as("uses of core packages not exported to the module").isEmpty();
  }

  private static boolean exportedTo(String corePackage, String module) {
    return API.contains(corePackage) || TO_MODULES.getOrDefault(corePackage, Set.of()).contains(module);
  }

  private static Set<String> corePackages() throws IOException {
    Set<String> names = new TreeSet<>();
    try (Stream<Path> dirs = Files.walk(CORE)) {
      dirs.filter(Files::isDirectory).filter(ExportedPackagesTest::holdsJava)
          .forEach(d -> names.add(CORE.relativize(d).toString().replace('/', '.')));
    }
    return names;
  }

  /** Every module with main sources beside kvbench-core: the top level's and the stores'. */
  private static List<Path> modules() throws IOException {
    List<Path> found = new ArrayList<>();
    for (Path parent : List.of(ROOT, ROOT.resolve("kvbench-stores"))) {
      try (Stream<Path> dirs = Files.list(parent)) {
        dirs.filter(d -> d.getFileName().toString().startsWith("kvbench-"))
            .filter(d -> !d.getFileName().toString().equals("kvbench-core"))
            .filter(d -> Files.isDirectory(d.resolve("src/main/java")))
            .forEach(found::add);
      }
    }
    return found;
  }

  private static boolean holdsJava(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.anyMatch(f -> f.toString().endsWith(".java"));
    } catch (IOException e) {
      return false;
    }
  }

  private static String withoutComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
  }
}
