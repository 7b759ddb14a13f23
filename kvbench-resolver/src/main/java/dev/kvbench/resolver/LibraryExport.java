package dev.kvbench.resolver;

import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  /** Writes what was resolved into {@code dir} as a {@link LibraryBundle}; returns its manifest. */
  public Path writeTo(Path dir) {
    return LibraryBundle.write(dir, resolved.values());
  }
}
