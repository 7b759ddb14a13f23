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
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * What kvbench-core exports, checked as a module-info's {@code exports} would be (the jars stay on
 * the class path, where the stores' native loaders and the forked cells need them): its published
 * types ({@code @API(status = STABLE)}, the library user's and the adapter author's; see
 * ApiStabilityTest) to every module, and each package's other public types only to the kvbench
 * modules named for it, or to none. The other modules' main sources (stores, codecs, report, CLI,
 * resolver, the examples project) use only what is exported to them; a new package fails until it
 * is placed.
 */
class ExportedPackagesTest {

  private static final Path CORE = Path.of("src/main/java/dev/kvbench");
  private static final Path CLASSES = Path.of("target/classes");
  private static final Path ROOT = Path.of("..");
  private static final Pattern REFERENCE =
      Pattern.compile("\\bdev\\.kvbench((?:\\.[a-z][a-z0-9]*)+)\\.([A-Z]\\w*(?:\\.[A-Z][a-z0-9]\\w*)*)");

  private static final Set<String> CLI_AND_REPORT = Set.of("kvbench-cli", "kvbench-report");

  /**
   * Each package's unpublished public types, exported to these modules only: the CLI and the
   * reports drive the runner and read the run's results and tables; kvbench-resolver implements
   * the library versions a run resolves; the codecs module wraps stores.
   */
  private static final Map<String, Set<String>> TO_MODULES = Map.ofEntries(
      Map.entry("bench", CLI_AND_REPORT),
      Map.entry("runner", CLI_AND_REPORT),
      Map.entry("runner.versions", Set.of("kvbench-cli", "kvbench-resolver")),
      Map.entry("run", CLI_AND_REPORT),
      Map.entry("scenario", Set.of("kvbench-cli", "kvbench-report", "kvbench-resolver")),
      Map.entry("summary", CLI_AND_REPORT),
      Map.entry("durability", CLI_AND_REPORT),
      Map.entry("host", CLI_AND_REPORT),
      Map.entry("published", CLI_AND_REPORT),
      Map.entry("measure", CLI_AND_REPORT),
      Map.entry("result", Set.of("kvbench-cli", "kvbench-report", "kvbench-resolver")),
      Map.entry("workload", CLI_AND_REPORT),
      Map.entry("workload.trace", CLI_AND_REPORT),
      Map.entry("codec", Set.of("kvbench-cli", "kvbench-report", "kvbench-codecs")),
      Map.entry("store", Set.of("kvbench-cli", "kvbench-report", "kvbench-resolver")));

  /** Used by nothing outside core: the child-JVM protocol and the null store behind its provider. */
  private static final Set<String> INTERNAL = Set.of("runner.fork", "nullstore");

  @Test
  void everyCorePackageIsApiQualifiedOrInternal() throws IOException {
    Set<String> unplaced = new TreeSet<>();
    try (Stream<Path> dirs = Files.walk(CORE)) {
      for (Path dir : dirs.filter(Files::isDirectory).filter(ExportedPackagesTest::holdsJava).toList()) {
        String name = CORE.relativize(dir).toString().replace('/', '.');
        if (!TO_MODULES.containsKey(name) && !INTERNAL.contains(name)) {
          unplaced.add(name);
        }
      }
    }
    assertThat(unplaced).as("core packages that are neither exported to named modules nor internal").isEmpty();
  }

  @Test
  void otherModulesUseOnlyWhatCoreExportsToThem() throws Exception {
    Set<String> core = corePackages();
    Set<String> published = publishedTypes();
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
            if (core.contains(used) && !published.contains(used + "." + m.group(2)) && !exportedTo(used, moduleName)) {
              violations.add(ROOT.relativize(file) + " uses dev.kvbench." + used + "." + m.group(2));
            }
          }
        }
      }
    }
    assertThat(violations).as("uses of core types neither published nor exported to the module").isEmpty();
  }

  private static boolean exportedTo(String corePackage, String module) {
    return TO_MODULES.getOrDefault(corePackage, Set.of()).contains(module);
  }

  /** The stable types, as {@code package.Outer.Inner} below {@code dev.kvbench}. */
  private static Set<String> publishedTypes() throws IOException, ClassNotFoundException {
    Set<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.walk(CLASSES)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String binary = CLASSES.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
        Class<?> c = Class.forName(binary, false, ExportedPackagesTest.class.getClassLoader());
        API api = c.getAnnotation(API.class);
        if (api != null && api.status() != API.Status.INTERNAL && c.getCanonicalName() != null) {
          names.add(c.getCanonicalName().substring("dev.kvbench.".length()));
        }
      }
    }
    return names;
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
