package dev.kvbench.resolver;

import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import dev.kvbench.runner.versions.RunLibraries;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.StoreRegistry;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A resolver that remembers what it resolved through another one, so that exactly the libraries a
 * run asks for can be written to a {@link LibraryBundle} for machines that cannot resolve them.
 */
public final class LibraryExport implements LibraryResolver {

  private final LibraryResolver delegate;
  private final Map<String, ResolvedLibrary> resolved = new LinkedHashMap<>();

  public LibraryExport(LibraryResolver delegate) {
    this.delegate = delegate;
  }

  @Override
  public ResolvedLibrary resolve(LibraryRequest request, String version) {
    ResolvedLibrary r = delegate.resolve(request, version);
    resolved.put(request + "@" + version, r);
    return r;
  }

  @Override
  public List<String> versions(String groupArtifact, String range) {
    return delegate.versions(groupArtifact, range);
  }

  @Override
  public boolean inRange(String version, String range) {
    return delegate.inRange(version, range);
  }

  /** What was resolved so far, in order. */
  public List<ResolvedLibrary> resolved() {
    return List.copyOf(resolved.values());
  }

  /** What an export wrote: its manifest and the libraries it holds, in the order the run asks for them. */
  public record Exported(Path manifest, List<ResolvedLibrary> libraries) {
    public Exported {
      libraries = List.copyOf(libraries);
    }
  }

  /**
   * Resolves, through {@code resolver}, every store library version {@code cells} ask for, as
   * their run would, and writes them with a manifest of their SHA-256 into {@code dir} (new, empty
   * or an earlier export), for machines that cannot reach a repository. {@code progress} hears what
   * is resolved. Throws LibraryResolutionException naming what could not be had or written.
   */
  public static Exported export(List<CellParams> cells, StoreRegistry registry, LibraryResolver resolver, Path dir,
      Consumer<String> progress) {
    LibraryBundle.checkTarget(dir);
    LibraryExport export = new LibraryExport(resolver);
    RunLibraries.resolve(cells, registry, export, progress);
    try {
      return new Exported(export.writeTo(dir), export.resolved());
    } catch (UncheckedIOException e) {
      throw new LibraryResolutionException(e.getMessage(), e);
    }
  }

  /** Writes what was resolved into {@code dir} as a {@link LibraryBundle}; returns its manifest. */
  public Path writeTo(Path dir) {
    return LibraryBundle.write(dir, resolved.values());
  }
}
