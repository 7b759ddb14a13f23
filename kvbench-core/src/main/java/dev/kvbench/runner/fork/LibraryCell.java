package dev.kvbench.runner.fork;

import dev.kvbench.result.CellResult;
import dev.kvbench.run.CellResults;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.WorkArea;
import dev.kvbench.runner.versions.CellLibrary;
import dev.kvbench.runner.versions.LibraryClassLoader;
import dev.kvbench.runner.versions.VersionedProvider;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.LibraryJar;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.lang.reflect.InvocationTargetException;

/**
 * A forked cell that runs another version of its store's library: the adapter is loaded through a
 * {@link LibraryClassLoader} over the version's jars, and a version whose API the adapter was not
 * built for (it fails to link: a missing class or method) makes the cell unsupported, with the
 * error in the reason, instead of failed.
 */
final class LibraryCell {

  private LibraryCell() {}

  static CellResult run(CellRunner runner, CellParams cell, CellLibrary library, WorkArea work) {
    LibraryClassLoader loader = new LibraryClassLoader(library.jars().stream().map(LibraryJar::path).toList(),
        library.adapterPackage(), LibraryCell.class.getClassLoader());
    // libraries that find their resources (native binaries among them) through the context loader
    Thread.currentThread().setContextClassLoader(loader);
    StoreProvider adapter;
    try {
      adapter = (StoreProvider) Class.forName(library.providerClass(), true, loader).getDeclaredConstructor()
          .newInstance();
    } catch (LinkageError e) {
      return unsupported(cell, library, null, e);
    } catch (ReflectiveOperationException e) {
      Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
      if (cause instanceof LinkageError le) {
        return unsupported(cell, library, null, le);
      }
      throw new IllegalStateException("cannot create " + library.providerClass() + " through the library loader", e);
    }
    StoreProvider provider = new VersionedProvider(adapter, library.version());
    CellResult result = runner.run(provider, cell, work);
    if (result.outcome() == CellResult.Outcome.FAILED && result.error() != null) {
      if (linkageFailure(result.error())) {
        return unsupported(cell, library, provider, result.error());
      }
      int unloadable = result.error().indexOf("UnsatisfiedLinkError");
      if (unloadable >= 0) {
        // a native library built for a newer system (a glibc symbol version, another CPU): this host's, not the run's
        String why = result.error().substring(unloadable).lines().findFirst().orElse("");
        return CellResults.unsupported(provider, cell, "version " + library.version() + " of " + provider.library()
            + " has a native library that does not load on this host: " + why).withLibrary(library.version(),
            library.jars());
      }
    }
    return result.withLibrary(library.version(), library.jars());
  }

  /** A failure that says the adapter and this library version do not fit: a class or method is missing. */
  private static boolean linkageFailure(String error) {
    return error.contains("NoSuchMethodError") || error.contains("NoClassDefFoundError")
        || error.contains("NoSuchFieldError") || error.contains("AbstractMethodError")
        || error.contains("IncompatibleClassChangeError");
  }

  private static CellResult unsupported(CellParams cell, CellLibrary library, StoreProvider provider, Object why) {
    String what = why instanceof Throwable t ? t.getClass().getSimpleName() + ": " + t.getMessage() : String.valueOf(why);
    StoreProvider recorded = provider != null ? provider
        : new VersionedProvider(StoreRegistry.load().require(cell.storeId()), library.version());
    return CellResults.unsupported(recorded, cell, "kvbench's " + cell.storeId() + " adapter cannot drive version "
        + library.version() + " of its library (its API differs): " + what).withLibrary(library.version(),
        library.jars());
  }
}
