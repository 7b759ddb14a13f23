package dev.kvbench.resolver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.kvbench.runner.versions.LibraryRequest;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.ResolvedLibrary;
import dev.kvbench.store.LibraryJar;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Store library versions carried to machines that cannot resolve them (a fleet's hosts): one
 * directory holding every jar, each file named by the start of its SHA-256, and a manifest, {@value
 * #MANIFEST}, listing per library and version the coordinates, file and SHA-256 of each jar.
 * {@code kvbench run --export-libraries DIR} writes one where the repositories are reachable;
 * {@code kvbench run --libraries DIR/libraries.json} runs from it ({@link BundleLibraryResolver}).
 */
public final class LibraryBundle {

  /** The manifest's file name in an exported directory. */
  public static final String MANIFEST = "libraries.json";

  static final String FORMAT = "kvbench-libraries/1";

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** The manifest as written. */
  record Manifest(String format, List<Library> libraries) {}

  /** One library at one version: what a {@link LibraryRequest} resolved to. */
  record Library(List<String> request, String version, List<Jar> jars) {}

  /** One jar, by its file name in the manifest's directory. */
  record Jar(String coordinates, String file, String sha256) {}

  private final Path manifest;
  private final List<Library> libraries;

  private LibraryBundle(Path manifest, List<Library> libraries) {
    this.manifest = manifest;
    this.libraries = List.copyOf(libraries);
  }

  /**
   * Copies the jars of {@code resolved} into {@code dir} (made where missing; an existing one must
   * be empty or an earlier export) and writes the manifest last, so a manifest names only jars
   * already in place. Returns the manifest's path.
   */
  public static Path write(Path dir, Collection<ResolvedLibrary> resolved) {
    checkTarget(dir);
    try {
      Files.createDirectories(dir);
      Path manifest = dir.resolve(MANIFEST);
      List<Library> libraries = new ArrayList<>();
      for (ResolvedLibrary r : resolved) {
        List<Jar> jars = new ArrayList<>();
        for (LibraryJar jar : r.jars()) {
          String file = jar.sha256().substring(0, 16) + "-" + jar.path().getFileName();
          Path target = dir.resolve(file);
          if (!Files.exists(target) || !MavenLibraryResolver.sha256(target).equals(jar.sha256())) {
            Path partial = dir.resolve(file + ".part");
            Files.copy(jar.path(), partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
          }
          jars.add(new Jar(jar.coordinates(), file, jar.sha256()));
        }
        libraries.add(new Library(r.request().artifacts(), r.version(), jars));
      }
      Path partial = dir.resolve(MANIFEST + ".part");
      JSON.writeValue(partial.toFile(), new Manifest(FORMAT, libraries));
      Files.move(partial, manifest, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return manifest;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot export store libraries into " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Refuses {@code dir} as an export's target, before anything is resolved, where it holds files
   * an export did not write (an export never overwrites what it did not write) or is not a directory.
   *
   * @throws LibraryResolutionException saying why
   */
  public static void checkTarget(Path dir) {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new LibraryResolutionException(dir + " is not a directory: export store libraries into a new or empty"
          + " directory");
    }
    if (!Files.isDirectory(dir) || Files.exists(dir.resolve(MANIFEST))) {
      return;
    }
    try (var listing = Files.list(dir)) {
      if (listing.findAny().isPresent()) {
        throw new LibraryResolutionException(dir + " holds other files: export store libraries into a new or"
            + " empty directory (or one an earlier export wrote)");
      }
    } catch (IOException e) {
      throw new LibraryResolutionException("cannot read " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * The bundle whose manifest is {@code manifest}.
   *
   * @throws LibraryResolutionException where it is missing, unreadable or not a kvbench library manifest
   */
  public static LibraryBundle read(Path manifest) {
    String fix = "; write it with kvbench run ... --export-libraries DIR on a machine that reaches the repositories,"
        + " and give DIR/" + MANIFEST;
    Manifest m;
    try {
      m = JSON.readValue(Files.readAllBytes(manifest), Manifest.class);
    } catch (NoSuchFileException e) {
      throw new LibraryResolutionException("library manifest " + manifest + " does not exist" + fix, e);
    } catch (JsonProcessingException e) {
      throw new LibraryResolutionException(manifest + " is not a kvbench library manifest: "
          + e.getOriginalMessage() + fix, e);
    } catch (IOException e) {
      throw new LibraryResolutionException("cannot read library manifest " + manifest + ": " + e.getMessage() + fix, e);
    }
    if (m == null || !FORMAT.equals(m.format()) || m.libraries() == null) {
      throw new LibraryResolutionException(manifest + " is not a kvbench library manifest (format "
          + (m == null ? null : m.format()) + ", expected " + FORMAT + ")" + fix);
    }
    for (Library l : m.libraries()) {
      if (l.request() == null || l.request().isEmpty() || l.version() == null || l.jars() == null
          || l.jars().isEmpty() || l.jars().stream().anyMatch(j -> j.file() == null || j.sha256() == null
              || j.coordinates() == null || Path.of(j.file()).getNameCount() != 1)) {
        throw new LibraryResolutionException(manifest + " lists a library without its request, version or jars"
            + " (or a jar outside its directory): " + l + fix);
      }
    }
    return new LibraryBundle(manifest, m.libraries());
  }

  /** The manifest this bundle was read from. */
  public Path manifest() {
    return manifest;
  }

  /** The versions of {@code groupArtifact} the bundle holds. */
  List<String> versionsOf(String groupArtifact) {
    return libraries.stream()
        .filter(l -> new LibraryRequest(l.request()).library().equals(groupArtifact))
        .map(Library::version)
        .distinct()
        .toList();
  }

  /**
   * {@code request} at {@code version} from this bundle, every jar checked against the SHA-256 the
   * manifest gives it.
   *
   * @throws LibraryResolutionException where the bundle lacks it, or a jar is missing or changed
   */
  ResolvedLibrary resolve(LibraryRequest request, String version) {
    Optional<Library> found = libraries.stream()
        .filter(l -> l.request().equals(request.artifacts()) && l.version().equals(version))
        .findFirst();
    if (found.isEmpty()) {
      throw new LibraryResolutionException(manifest + " has no " + request + " " + version + " (it has "
          + libraries.stream().map(l -> String.join(" + ", l.request()) + " " + l.version()).toList()
          + "): export the libraries again with this run's scenario and settings (kvbench run ..."
          + " --export-libraries DIR)");
    }
    Path dir = Objects.requireNonNullElse(manifest.toAbsolutePath().getParent(), Path.of("."));
    List<LibraryJar> jars = new ArrayList<>();
    for (Jar jar : found.get().jars()) {
      Path path = dir.resolve(jar.file());
      if (!Files.isRegularFile(path)) {
        throw new LibraryResolutionException(path + " is missing; " + manifest + " lists it as " + jar.coordinates()
            + ": copy the exported directory again");
      }
      String actual = MavenLibraryResolver.sha256(path);
      if (!actual.equals(jar.sha256())) {
        throw new LibraryResolutionException(path + " (" + jar.coordinates() + ") has SHA-256 " + actual + ", but "
            + manifest + " says " + jar.sha256() + ": the copy is damaged or replaced; copy the exported directory"
            + " again");
      }
      jars.add(new LibraryJar(jar.coordinates(), path, actual));
    }
    return new ResolvedLibrary(request, version, jars);
  }
}
