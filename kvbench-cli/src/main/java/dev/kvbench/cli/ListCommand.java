package dev.kvbench.cli;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {"Lists the stores in this jar (library and version, capabilities, settings with defaults,"
        + " availability), with 'presets' the built-in scenarios, with 'codecs' the value codecs, with"
        + " 'versions STORE' the released versions of a store's library and which kvbench's adapter drives."})
final class ListCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @picocli.CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "stores|presets|codecs|versions",
      description = "What to list (default: stores).")
  String what;

  @picocli.CommandLine.Parameters(index = "1", arity = "0..1", paramLabel = "STORE",
      description = "With versions: the store whose library's versions to list.")
  String store;

  @picocli.CommandLine.Mixin CommonOptions.Libraries libraries;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if ("presets".equals(what)) {
      new dev.kvbench.scenario.Presets().descriptions().forEach((name, description) ->
          out.printf("%-16s %s%n", name, description.trim().replaceAll("\\s+", " ")));
      out.printf("%nRun one with: kvbench run PRESET [--scale F]; kvbench run PRESET --dry-run shows its cells,"
          + " sizes and YAML%n");
      return ExitCodes.OK;
    }
    if ("codecs".equals(what)) {
      dev.kvbench.codec.ValueCodecs codecs = dev.kvbench.codec.ValueCodecs.load();
      out.printf("%-10s %s%n", dev.kvbench.codec.ValueCodecs.NONE, "values go to the store as they are (the default)");
      for (String id : codecs.ids().subList(1, codecs.ids().size())) {
        dev.kvbench.codec.ValueCodecProvider c = codecs.require(id);
        out.printf("%-10s %s, %s%n", id, c.library(), c.settings());
      }
      out.printf("%nUse one with: kvbench run --codec ID[,ID...]; the harness compresses each value before put and"
          + " decompresses it after get%n");
      return ExitCodes.OK;
    }
    if ("versions".equals(what)) {
      return versions(out);
    }
    if (what != null && !"stores".equals(what)) {
      throw new UsageException("list " + what + ": use 'kvbench list stores', 'kvbench list presets',"
          + " 'kvbench list codecs' or 'kvbench list versions STORE'");
    }
    for (StoreProvider p : StoreRegistry.load().all()) {
      out.printf("%s%n", p.id());
      out.printf("  library       %s %s%n", p.library(), p.libraryVersion());
      out.printf("  available     %s%n", p.availability().available() ? "yes" : "no: " + p.availability().reason());
      out.printf("  versions      %s%n", p.versionedArtifacts().isEmpty() ? "the bundled one only"
          : p.supportedVersions() + " (-o " + p.id() + ".version=V[,V...]; kvbench list versions " + p.id() + ")");
      out.printf("  capabilities  %s%n", describe(p.capabilities()));
      if (p.settings().isEmpty()) {
        out.printf("  settings      (none)%n");
      } else {
        out.printf("  settings      (-o %s.<key>=<value>)%n", p.id());
        for (SettingSpec s : p.settings()) {
          String allowed = s.allowed().isEmpty() ? "" : " [" + String.join("|", s.allowed()) + "]";
          out.printf("    %-21s default %-9s %s%s%n", s.key(), s.defaultValue(), s.description(), allowed);
        }
      }
      out.println();
    }
    return ExitCodes.OK;
  }

  /** {@code list versions STORE}: the library's released versions, marked by whether the adapter drives them. */
  private int versions(PrintWriter out) {
    if (store == null) {
      throw new UsageException("list versions needs a store, e.g. kvbench list versions rocksdb");
    }
    dev.kvbench.store.StoreRegistry registry = StoreRegistry.load();
    StoreProvider p = registry.find(store).orElseThrow(() -> new UsageException(
        "unknown store '" + store + "'; valid stores: " + registry.ids()));
    if (p.versionedArtifacts().isEmpty()) {
      out.printf("%s runs only the %s it bundles (%s)%n", p.id(), p.library(), p.libraryVersion());
      return ExitCodes.OK;
    }
    try (LazyLibraryResolver resolver = libraries.resolver()) {
      List<String> all = resolver.versions(p.library(), "[0,)");
      out.printf("%s: %s, bundled %s; kvbench's adapter drives %s%n", p.id(), p.library(), p.libraryVersion(),
          p.supportedVersions());
      for (String v : all) {
        boolean driven = resolver.inRange(v, p.supportedVersions());
        out.printf("  %-14s %s%n", v, (driven ? "yes" : "no (outside the range)")
            + (v.equals(p.libraryVersion()) ? ", bundled" : ""));
      }
      out.printf("%nRun versions with: kvbench run --stores %s -o %s.version=V[,V...]%n", p.id(), p.id());
    } catch (dev.kvbench.runner.versions.LibraryResolutionException e) {
      throw new UsageException(e.getMessage(), e);
    }
    return ExitCodes.OK;
  }

  private static String count(int sessions) {
    return sessions == dev.kvbench.store.Concurrency.UNLIMITED ? "any number of" : Integer.toString(sessions);
  }

  static String describe(Capabilities c) {
    List<String> parts = new ArrayList<>();
    parts.add(c.orderedScan() ? "ordered" : "unordered");
    if (c.reverseScan()) {
      parts.add("reverse cursor");
    }
    if (c.transactions()) {
      parts.add("transactions");
    }
    if (c.batches()) {
      parts.add("batches");
    }
    if (c.zeroCopyReads()) {
      parts.add("zero-copy reads");
    }
    if (!c.retainsData()) {
      parts.add("discards data");
    }
    parts.add("durability " + c.durabilities().stream().map(d -> d.id()).sorted().toList());
    parts.add("write operations " + c.writeOperations().stream().sorted()
        .map(o -> o.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).toList());
    parts.add(!c.concurrency().concurrent() ? "sessions at once: one at a time"
        : "sessions at once: " + count(c.concurrency().readers()) + " readers, " + count(c.concurrency().writers())
            + (c.concurrency().writers() == 1 ? " writer" : " writers"));
    parts.add("max key " + c.maxKeySize() + " B");
    parts.add("max value " + c.maxValueSize() + " B");
    return String.join(", ", parts);
  }
}
