package dev.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * kvbench-core's stable API holds still within a version: every public and protected signature
 * of a stable type (marked {@code @API(status = STABLE)}: the library user's and the adapter
 * author's, {@code design/ExportedPackagesTest} checks who uses them) is recorded in {@code api/kvbench-core.api} under
 * the version it belongs to, and this test fails
 * when the compiled classes differ from the record while the version is the same. Change the API,
 * then change the version in the poms and regenerate the record with {@code ./mvnw -pl kvbench-core
 * test -Dtest=ApiStabilityTest -Dkvbench.api.update=true}. It also fails on a public type without
 * a javadoc comment.
 */
class ApiStabilityTest {

  private static final Path RECORD = Path.of("api/kvbench-core.api");
  private static final Path CLASSES = Path.of("target/classes");
  private static final Path SOURCES = Path.of("src/main/java");

  @Test
  void publicSignaturesMatchTheRecordOfThisVersion() throws Exception {
    String version = projectVersion();
    String current = "# kvbench-core " + version + "\n" + String.join("\n", signatures()) + "\n";
    if (Boolean.getBoolean("kvbench.api.update")) {
      Files.createDirectories(RECORD.getParent());
      Files.writeString(RECORD, current);
    }
    assertThat(RECORD).as("the API record; make it with -Dkvbench.api.update=true").exists();
    String recorded = Files.readString(RECORD);
    String recordedVersion = recorded.lines().findFirst().orElse("").replace("# kvbench-core ", "");
    if (recordedVersion.equals(version)) {
      assertThat(current).as("kvbench-core's public API changed but its version is still " + version
          + ": change the version in the poms, then regenerate " + RECORD + " with -Dkvbench.api.update=true")
          .isEqualTo(recorded);
    } else {
      assertThat(recordedVersion).as("the API record is for another version; regenerate it with"
          + " -Dkvbench.api.update=true").isEqualTo(version);
    }
  }

  @Test
  void everyPublicTypeHasAJavadocComment() throws IOException {
    Pattern declaration = Pattern.compile(
        "\\s*public\\s+(static\\s+|final\\s+|abstract\\s+|sealed\\s+)*(class|interface|enum|record|@interface)\\s+(\\w+)");
    List<String> undocumented = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
          Matcher m = declaration.matcher(lines.get(i));
          if (m.lookingAt() && !documented(lines, i)) {
            undocumented.add(SOURCES.relativize(file) + ":" + (i + 1) + " " + m.group(3));
          }
        }
      }
    }
    assertThat(undocumented).as("public types without a javadoc comment").isEmpty();
  }

  /** Whether a javadoc comment ends above line {@code at}, past any annotations (one or many lines). */
  private static boolean documented(List<String> lines, int at) {
    for (int i = at - 1; i >= 0; i--) {
      String line = lines.get(i).strip();
      if (line.endsWith("*/")) {
        return true;
      }
      if (line.isEmpty() || line.endsWith(";") || line.endsWith("{") || line.endsWith("}")) {
        return false;
      }
    }
    return false;
  }

  /**
   * The stable API is what a library user and an adapter author need, each type on purpose: at
   * most 80 types, so what kvbench promises to hold still stays small enough to keep.
   */
  @Test
  void atMostEightyTypesAreStable() throws Exception {
    assertThat(publishedTypes()).hasSizeBetween(1, 80);
  }

  /**
   * A stable type's signatures name only stable kvbench types: a user who may rely on the
   * stable API never holds an internal one (as Benchmark.listener once took the runner's).
   */
  @Test
  void stableSignaturesNameOnlyStableTypes() throws Exception {
    Pattern kvbenchType = Pattern.compile("dev\\.kvbench\\.[a-z.]+\\.[A-Z][\\w$]*");
    java.util.Set<String> published = new java.util.TreeSet<>();
    publishedTypes().forEach(c -> published.add(c.getName()));
    List<String> leaks = new ArrayList<>();
    for (Class<?> c : publishedTypes()) {
      for (String line : signaturesOf(c)) {
        Matcher m = kvbenchType.matcher(line);
        while (m.find()) {
          if (!published.contains(m.group())) {
            leaks.add(c.getSimpleName() + " names " + m.group() + " in: " + line.strip());
          }
        }
      }
    }
    assertThat(leaks).as("internal types in stable signatures").isEmpty();
  }

  /** One line per stable type and one per public or protected member, sorted. */
  private static List<String> signatures() throws IOException, ClassNotFoundException {
    List<String> out = new ArrayList<>();
    for (Class<?> c : publishedTypes()) {
      out.addAll(signaturesOf(c));
    }
    return out;
  }

  /** The stable types, by name. */
  private static List<Class<?>> publishedTypes() throws IOException, ClassNotFoundException {
    List<String> names;
    try (Stream<Path> files = Files.walk(CLASSES)) {
      names = files.filter(f -> f.toString().endsWith(".class")).map(f -> CLASSES.relativize(f).toString())
          .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.')).sorted().toList();
    }
    List<Class<?>> types = new ArrayList<>();
    for (String name : names) {
      Class<?> c = Class.forName(name, false, ApiStabilityTest.class.getClassLoader());
      if (visible(c) && published(c)) {
        types.add(c);
      }
    }
    return types;
  }

  /** {@code c}'s line, with its supertypes, and one line per public or protected member, sorted. */
  private static List<String> signaturesOf(Class<?> c) {
    List<String> members = new ArrayList<>();
    boolean extendable = !Modifier.isFinal(c.getModifiers());
    for (Member m : allMembers(c)) {
      int mod = m.getModifiers();
      if (!m.isSynthetic() && (Modifier.isPublic(mod) || (extendable && Modifier.isProtected(mod)))) {
        members.add("  " + m);
      }
    }
    members.sort(null);
    List<String> out = new ArrayList<>();
    out.add(c.toGenericString() + supertypes(c));
    out.addAll(members);
    return out;
  }

  private static List<Member> allMembers(Class<?> c) {
    List<Member> all = new ArrayList<>();
    for (var ctor : c.getDeclaredConstructors()) {
      all.add(new Signature(ctor, ctor.toGenericString()));
    }
    for (var method : c.getDeclaredMethods()) {
      if (!method.isBridge()) {
        all.add(new Signature(method, method.toGenericString()));
      }
    }
    for (var field : c.getDeclaredFields()) {
      all.add(new Signature(field, field.toGenericString()));
    }
    return all;
  }

  /** A member and its generic signature as text. */
  private record Signature(Member member, String text) implements Member {
    @Override
    public Class<?> getDeclaringClass() {
      return member.getDeclaringClass();
    }

    @Override
    public String getName() {
      return member.getName();
    }

    @Override
    public int getModifiers() {
      return member.getModifiers();
    }

    @Override
    public boolean isSynthetic() {
      return member.isSynthetic();
    }

    @Override
    public String toString() {
      return text;
    }
  }

  private static String supertypes(Class<?> c) {
    StringBuilder b = new StringBuilder();
    if (c.getGenericSuperclass() != null && c.getSuperclass() != Object.class && !c.isEnum() && !c.isRecord()) {
      b.append(" extends ").append(c.getGenericSuperclass().getTypeName());
    }
    var interfaces = c.getGenericInterfaces();
    for (int i = 0; i < interfaces.length; i++) {
      b.append(i == 0 ? (c.isInterface() ? " extends " : " implements ") : ", ").append(interfaces[i].getTypeName());
    }
    return b.toString();
  }

  private static boolean visible(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass() || k.isSynthetic()) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code c} is stable (the library's promise): marked {@code @API} with a status other than INTERNAL. */
  static boolean published(Class<?> c) {
    API api = c.getAnnotation(API.class);
    return api != null && api.status() != API.Status.INTERNAL;
  }

  private static String projectVersion() throws IOException {
    Matcher m = Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL)
        .matcher(Files.readString(Path.of("pom.xml")));
    assertThat(m.find()).as("kvbench-core's pom names its parent's version").isTrue();
    return m.group(1);
  }
}
