package dev.kvbench.cli;

import dev.kvbench.report.ShellWords;
import dev.kvbench.resolver.LibraryExport;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.ResolvedLibrary;
import dev.kvbench.store.StoreRegistry;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code run --export-libraries DIR}: the library versions a run asks for, written out instead of running it. */
final class ExportLibrariesOption {

  @Option(names = "--export-libraries", paramLabel = "DIR",
      description = "Resolve the store library versions this run asks for (-o STORE.version=...) and copy their jars,"
          + " with a manifest of their SHA-256 (DIR/libraries.json), into DIR (new, empty or an earlier export), for"
          + " machines that cannot reach a repository: run there with --libraries DIR/libraries.json. Runs nothing.")
  Path dir;

  boolean given() {
    return dir != null;
  }

  /** Resolves what {@code plan}'s cells ask for, as the run would, writes it out and says what it wrote. */
  int export(ScenarioRunner.RunPlan plan, StoreRegistry registry, LibraryResolver resolver, ProgressPrinter progress,
      PrintWriter out) {
    LibraryExport.Exported exported;
    try {
      exported = LibraryExport.export(plan.cells(), registry, resolver, dir, progress::notice);
    } catch (LibraryResolutionException e) {
      throw new UsageException("--export-libraries: " + e.getMessage(), e);
    }
    int jars = exported.libraries().stream().mapToInt(r -> r.jars().size()).sum();
    out.println("exported " + exported.libraries().size() + " store librar" + (exported.libraries().size() == 1 ? "y"
        : "ies") + " (" + jars(jars) + ") to " + exported.manifest() + (exported.libraries().isEmpty()
        ? ": this run asks for no version other than the bundled ones" : ""));
    for (ResolvedLibrary r : exported.libraries()) {
      out.println("  " + r.request().library() + " " + r.version() + ": " + jars(r.jars().size()));
    }
    out.println("run with: --libraries " + ShellWords.quote(exported.manifest().toString()));
    out.flush();
    return ExitCodes.OK;
  }

  private static String jars(int n) {
    return n + (n == 1 ? " jar" : " jars");
  }
}
