package dev.kvbench.runner.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.testing.TestJars;
import java.io.InputStream;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell that asks for another version of its store's library gets that version's classes and
 * resources, never a mix with the bundled one: "kvbench.jar" here is a jar holding an adapter and
 * the bundled library 2.0; the cell asks for 1.0, which lacks a class 2.0 added.
 */
class LibraryClassLoaderTest {

  @TempDir static Path dir;
  static Path v1;
  static URLClassLoader kvbenchJar;

  @BeforeAll
  static void jars() throws Exception {
    v1 = TestJars.jar(dir.resolve("lib-1.0.jar"), Map.of("lib.demo.Greeter", greeter("1.0")),
        Map.of("lib/demo/native.txt", "native 1.0"), List.of());
    Path v2 = TestJars.jar(dir.resolve("lib-2.0.jar"), Map.of("lib.demo.Greeter", greeter("2.0"),
        "lib.demo.Extra", "package lib.demo; public class Extra { public static String hi() { return \"extra\"; } }"),
        Map.of("lib/demo/native.txt", "native 2.0"), List.of());
    Path bundled = TestJars.jar(dir.resolve("kvbench.jar"), Map.of(
        "adapter.demo.Adapter", """
            package adapter.demo;
            public class Adapter implements java.util.function.Supplier<String> {
              public String get() { return new lib.demo.Greeter().version(); }
            }""",
        "adapter.demo.UsesExtra", """
            package adapter.demo;
            public class UsesExtra implements java.util.function.Supplier<String> {
              public String get() { return lib.demo.Extra.hi(); }
            }"""), Map.of(), List.of(v2));
    // the bundled library is inside kvbench's jar, as the shaded jar has it
    kvbenchJar = new URLClassLoader(new java.net.URL[] {bundled.toUri().toURL(), v2.toUri().toURL()},
        LibraryClassLoaderTest.class.getClassLoader());
  }

  static String greeter(String version) {
    return "package lib.demo; public class Greeter { public String version() { return \"" + version + "\"; } }";
  }

  @SuppressWarnings("unchecked")
  static Supplier<String> adapter(ClassLoader loader, String name) throws Exception {
    return (Supplier<String>) Class.forName(name, true, loader).getDeclaredConstructor().newInstance();
  }

  @Test
  void theBundledLoaderSeesTheBundledVersion() throws Exception {
    assertThat(adapter(kvbenchJar, "adapter.demo.Adapter").get()).isEqualTo("2.0");
  }

  @Test
  void theAdapterLinksAgainstTheChosenVersion() throws Exception {
    LibraryClassLoader loader = new LibraryClassLoader(List.of(v1), "adapter.demo", kvbenchJar);
    Supplier<String> a = adapter(loader, "adapter.demo.Adapter");
    assertThat(a.get()).isEqualTo("1.0");
    assertThat(a.getClass().getClassLoader()).isSameAs(loader);
    assertThat(loader.libraryPackages()).containsExactly("lib.demo");
  }

  @Test
  void aClassTheChosenVersionLacksIsMissingNotBorrowedFromTheBundledOne() throws Exception {
    LibraryClassLoader loader = new LibraryClassLoader(List.of(v1), "adapter.demo", kvbenchJar);
    Supplier<String> a = adapter(loader, "adapter.demo.UsesExtra");
    assertThatThrownBy(a::get).isInstanceOf(NoClassDefFoundError.class).hasMessageContaining("lib/demo/Extra");
  }

  @Test
  void theLibrarysResourcesComeFromTheChosenVersion() throws Exception {
    LibraryClassLoader loader = new LibraryClassLoader(List.of(v1), "adapter.demo", kvbenchJar);
    Class<?> greeter = Class.forName("lib.demo.Greeter", false, loader);
    try (InputStream in = greeter.getResourceAsStream("native.txt")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("native 1.0");
    }
    assertThat(loader.getResources("lib/demo/native.txt").nextElement().toString()).contains("lib-1.0.jar");
  }

  @Test
  void kvbenchsOwnTypesAndTheJdksComeFromTheParent() throws Exception {
    LibraryClassLoader loader = new LibraryClassLoader(List.of(v1), "adapter.demo", kvbenchJar);
    assertThat(loader.loadClass(dev.kvbench.store.LibraryJar.class.getName())).isSameAs(dev.kvbench.store.LibraryJar.class);
    assertThat(loader.loadClass("java.util.function.Supplier")).isSameAs(Supplier.class);
  }
}
