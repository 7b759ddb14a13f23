package dev.kvbench.runner.versions;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The class loader a cell's JVM runs a store through when the cell asks for another version of the
 * store's library than kvbench bundles. kvbench's jar holds the bundled library too, so an
 * ordinary class path would mix the two: this loader
 *
 * <ul>
 *   <li>takes every class of a package the resolved jars hold from those jars only: a class the
 *       chosen version lacks is missing (the adapter then fails to link, and the cell is
 *       unsupported), never borrowed from the bundled version;
 *   <li>defines the adapter's own package (its provider and store classes) itself, from the bytes
 *       in kvbench's jar, so the adapter links against the chosen version;
 *   <li>leaves everything else (the JDK, kvbench's SPI and harness) to its parent, so the adapter
 *       and the harness share the SPI's types;
 *   <li>finds resources in the resolved jars first, so a library's native binary comes from its
 *       own version.
 * </ul>
 */
public final class LibraryClassLoader extends URLClassLoader {

  static {
    ClassLoader.registerAsParallelCapable();
  }

  /** Packages that always come from the parent: the JDK's and the types kvbench shares with adapters. */
  private static final List<String> PARENT_FIRST = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "dev.kvbench.");

  private final String adapterPackage;
  private final Set<String> libraryPackages;

  /**
   * @param jars the chosen version's jars and its dependencies'
   * @param adapterPackage the package of the adapter's provider (its sub-packages included)
   * @param parent the loader that has kvbench (and the adapter's bytes)
   */
  public LibraryClassLoader(List<Path> jars, String adapterPackage, ClassLoader parent) {
    super("kvbench-library", urls(jars), parent);
    this.adapterPackage = adapterPackage.endsWith(".") ? adapterPackage : adapterPackage + ".";
    this.libraryPackages = packagesIn(jars);
  }

  /** The packages the resolved jars hold classes in, e.g. {@code org.rocksdb}. */
  public Set<String> libraryPackages() {
    return Collections.unmodifiableSet(libraryPackages);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        if (name.startsWith(adapterPackage)) {
          c = defineAdapterClass(name);
        } else if (!parentFirst(name) && libraryPackages.contains(packageOf(name))) {
          c = findClass(name); // only the chosen version's: a missing class stays missing
        } else {
          c = getParent().loadClass(name);
        }
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  @Override
  public URL getResource(String name) {
    URL own = findResource(name);
    return own != null ? own : getParent().getResource(name);
  }

  @Override
  public Enumeration<URL> getResources(String name) throws IOException {
    List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
    all.addAll(Collections.list(getParent().getResources(name)));
    return Collections.enumeration(all);
  }

  private static boolean parentFirst(String name) {
    for (String p : PARENT_FIRST) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  private Class<?> defineAdapterClass(String name) throws ClassNotFoundException {
    String resource = name.replace('.', '/') + ".class";
    URL where = getParent().getResource(resource);
    if (where == null) {
      throw new ClassNotFoundException(name);
    }
    byte[] bytes;
    try (InputStream in = where.openStream()) {
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new ClassNotFoundException(name + ": cannot read " + where, e);
    }
    String pkg = packageOf(name);
    if (getDefinedPackage(pkg) == null) {
      definePackage(pkg, null, null, null, null, null, null, null);
    }
    return defineClass(name, bytes, 0, bytes.length, new ProtectionDomain(new CodeSource(where, (Certificate[]) null),
        null, this, null));
  }

  private static String packageOf(String className) {
    int dot = className.lastIndexOf('.');
    return dot < 0 ? "" : className.substring(0, dot);
  }

  private static URL[] urls(List<Path> jars) {
    URL[] urls = new URL[jars.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = jars.get(i).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("not a usable jar path: " + jars.get(i), e);
      }
    }
    return urls;
  }

  private static Set<String> packagesIn(List<Path> jars) {
    Set<String> packages = new HashSet<>();
    for (Path jar : jars) {
      try (JarFile f = new JarFile(jar.toFile())) {
        for (JarEntry e : Collections.list(f.entries())) {
          String n = e.getName();
          // multi-release jars keep their variants under META-INF/versions/N/: the same packages
          if (n.endsWith(".class") && !n.startsWith("META-INF/")) {
            int slash = n.lastIndexOf('/');
            packages.add(slash < 0 ? "" : n.substring(0, slash).replace('/', '.'));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the jar " + jar, e);
      }
    }
    return packages;
  }
}
