package dev.kvbench.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JVM flags the stores need (opens and exports for LmdbJava, Agrona and Chronicle Map, native
 * access for the native bindings), stated once: the parent pom's {@code kvbench.jvm.flags}, which
 * kvbench.jar's manifest, the forked cells and the tests all use. An application that embeds
 * kvbench asks {@link #missing()} which of them its JVM lacks, or calls {@link #requireAll()} for
 * an error that names them, instead of meeting an IllegalAccessError deep inside a store.
 */
public final class JvmFlags {

  private static final String RESOURCE = "/dev/kvbench/runner/fork/jvm-flags.txt";

  private JvmFlags() {}

  /** Every flag the stores need, in the order the build states them. */
  public static List<String> required() {
    try (InputStream in = JvmFlags.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from kvbench-core's jar");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
      // an unfiltered resource (a build that skipped resource filtering) states nothing
      return text.isEmpty() || text.startsWith("${") ? List.of() : List.of(text.split("\\s+"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The required flags this JVM lacks. Opens and exports are read from the module system, so a
   * flag given any way counts (command line, {@code JDK_JAVA_OPTIONS}, a jar manifest's
   * Add-Opens); native access from the JVM's arguments or, from JDK 22, the module itself. System
   * properties are left out: the adapters set theirs themselves.
   */
  public static List<String> missing() {
    List<String> missing = new ArrayList<>();
    Module self = JvmFlags.class.getModule();
    List<String> arguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
    for (String flag : required()) {
      if (flag.startsWith("--add-opens=") || flag.startsWith("--add-exports=")) {
        boolean opens = flag.startsWith("--add-opens=");
        // --add-opens=java.base/java.nio=ALL-UNNAMED
        String target = flag.substring(flag.indexOf('=') + 1, flag.lastIndexOf('='));
        String moduleName = target.substring(0, target.indexOf('/'));
        String pkg = target.substring(target.indexOf('/') + 1);
        Optional<Module> module = ModuleLayer.boot().findModule(moduleName);
        boolean granted = module.isPresent()
            && (opens ? module.get().isOpen(pkg, self) : module.get().isExported(pkg, self));
        if (!granted) {
          missing.add(flag);
        }
      } else if (flag.startsWith("--enable-native-access") && !nativeAccess(self, arguments, flag)) {
        missing.add(flag);
      }
    }
    return missing;
  }

  private static boolean nativeAccess(Module self, List<String> arguments, String flag) {
    if (arguments.contains(flag)) {
      return true;
    }
    try {
      // Module.isNativeAccessEnabled() exists from JDK 22; before, the argument is all there is
      return (Boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(self);
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }

  /**
   * Throws IllegalStateException naming every required flag this JVM lacks and where to add it;
   * returns quietly when none is missing.
   */
  public static void requireAll() {
    List<String> missing = missing();
    if (!missing.isEmpty()) {
      throw new IllegalStateException(hint(missing));
    }
  }

  /**
   * What to tell a user whose JVM lacks {@code missing}, in a sentence: the first flag, how many
   * more, and where the whole list is (a store's failure carries it, and it must stay readable).
   */
  public static String hint(List<String> missing) {
    return "this JVM lacks " + (missing.size() == 1 ? missing.get(0) : missing.get(0) + " and " + (missing.size() - 1)
        + " more flag(s)") + " that kvbench's stores need: give it every flag of JvmFlags.required() (the library"
        + " page lists them), or fork the cells";
  }
}
