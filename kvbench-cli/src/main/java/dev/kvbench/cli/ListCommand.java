package dev.kvbench.cli;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.summary.TextTable;
import dev.kvbench.summary.TextWrap;
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
    header = "Lists the stores, presets, value codecs, or a store library's versions.",
    description = {"Lists the stores in this jar, one line each (library and version, availability, versions"
        + " it can run); 'list STORE' shows one store's capabilities and settings with their defaults,"
        + " 'list stores --details' every store's, 'list --facts' a table of every store's facts. 'presets' lists the built-in scenarios, 'codecs' the value"
        + " codecs, 'versions STORE' the released versions of a store's library and which kvbench's adapter"
        + " drives."})
final class ListCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @picocli.CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "stores|STORE|presets|codecs|versions",
      description = "What to list (default: stores).")
  String what;

  @picocli.CommandLine.Parameters(index = "1", arity = "0..1", paramLabel = "STORE",
      description = "With versions: the store whose library's versions to list.")
  String store;

  @picocli.CommandLine.Option(names = "--details",
      description = "With stores: every store's capabilities and settings; with presets: whole descriptions.")
  boolean details;

  @picocli.CommandLine.Option(names = "--facts",
      description = "With stores: each store's facts, a row a store: its library's release date and licenses (from"
          + " the library's own metadata), pure Java or native, transactions, writers, ordered scans, largest key"
          + " and value, durability modes (from the adapter's capabilities).")
  boolean facts;

  @picocli.CommandLine.Mixin CommonOptions.Libraries libraries;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (facts && what != null && !"stores".equals(what)) {
      throw new UsageException("--facts is a table of every store's facts: it goes with 'kvbench list' or 'kvbench"
          + " list stores', not 'list " + what + "'" + (StoreRegistry.load().find(what).isPresent() ? " (one store's:"
              + " kvbench list " + what + ")" : ""));
    }
    if ("presets".equals(what)) {
      return presets(out);
    }
    if ("codecs".equals(what)) {
      dev.kvbench.codec.ValueCodecs codecs = dev.kvbench.codec.ValueCodecs.load();
      // one codec a line, its library and settings wrapped under it: a table column would be 110 wide
      int idWidth = codecs.ids().stream().mapToInt(String::length).max().orElse(4);
      out.println(TextWrap.wrap(String.format("%-" + idWidth + "s  %s", dev.kvbench.codec.ValueCodecs.NONE,
          "values go to the store as they are (the default)"), Terminal.pageWidth(), " ".repeat(idWidth + 2)));
      for (String id : codecs.ids().subList(1, codecs.ids().size())) {
        dev.kvbench.codec.ValueCodecProvider c = codecs.require(id);
        out.println(TextWrap.wrap(String.format("%-" + idWidth + "s  %s", id, c.library() + ", " + new java.util.TreeMap<>(c.settings())),
            Terminal.pageWidth(), " ".repeat(idWidth + 2)));
      }
      out.print(wrap("\nUse one with: kvbench run --codec ID[,ID...]; the harness compresses each value before put"
          + " and decompresses it after get\n"));
      return ExitCodes.OK;
    }
    if ("versions".equals(what)) {
      return versions(out);
    }
    StoreRegistry registry = StoreRegistry.load();
    if (what != null && !"stores".equals(what)) {
      java.util.List<String> listable = new java.util.ArrayList<>(java.util.List.of("stores", "presets", "codecs",
          "versions"));
      registry.all().forEach(p -> listable.add(p.id()));
      StoreProvider one = registry.find(what).orElseThrow(() -> new UsageException("list " + what + ": not a store"
          + " nor something to list" + dev.kvbench.store.NearestNames.suggestion(what, listable)
          + "; use 'kvbench list' (stores), 'kvbench list STORE' (one of " + registry.ids()
          + "), 'kvbench list presets', 'kvbench list codecs' or 'kvbench list versions STORE'"));
      out.print(details(one));
      return ExitCodes.OK;
    }
    if (details) {
      registry.all().forEach(p -> out.print(details(p) + "\n"));
      return ExitCodes.OK;
    }
    if (facts) {
      out.print(wrap(dev.kvbench.summary.FactsTable.TITLE + "\n"));
      out.print(dev.kvbench.summary.FactsTable.ofProviders(registry.all()).render(Terminal.pageWidth()));
      return ExitCodes.OK;
    }
    TextTable t = new TextTable(TextTable.left("Store"), TextTable.left("Library"), TextTable.left("Available"),
        TextTable.left("Versions it runs"));
    List<String> unavailable = new ArrayList<>();
    for (StoreProvider p : registry.all()) {
      boolean available = p.availability().available();
      t.row(p.id(), p.library() + " " + p.libraryVersion(), available ? "yes" : "no (below)",
          p.versionedArtifacts().isEmpty() ? "the bundled one" : p.supportedVersions());
      if (!available) {
        unavailable.add(p.id() + ": " + p.availability().reason());
      }
    }
    out.print(t.render(Terminal.pageWidth()));
    if (!unavailable.isEmpty()) {
      out.println();
      unavailable.forEach(u -> out.println(wrap(u)));
    }
    out.print(wrap("\nOne store's capabilities and settings (-o STORE.KEY=VALUE): kvbench list STORE; every"
        + " store's: kvbench list stores --details. Other versions of a library: kvbench list versions STORE.\n"));
    return ExitCodes.OK;
  }

  /** The presets, one line each (the description cut to the page), or whole with --details. */
  private int presets(PrintWriter out) {
    var descriptions = new dev.kvbench.scenario.Presets().descriptions();
    int nameWidth = descriptions.keySet().stream().mapToInt(String::length).max().orElse(0);
    descriptions.forEach((name, description) -> {
      String text = description.trim().replaceAll("\\s+", " ");
      String line = String.format("%-" + nameWidth + "s  %s", name, text);
      if (details) {
        out.println(TextWrap.wrap(line, Terminal.pageWidth(), " ".repeat(nameWidth + 2)));
      } else {
        out.println(cut(line, Terminal.pageWidth()));
      }
    });
    out.print(wrap("\nRun one with: kvbench run PRESET [--scale F]; kvbench run PRESET --dry-run shows its cells,"
        + " sizes and YAML" + (details ? "" : "; kvbench list presets --details gives the whole descriptions")
        + "\n"));
    return ExitCodes.OK;
  }

  /** {@code line} within {@code width} columns, cut at a word with "..." when longer. */
  static String cut(String line, int width) {
    if (line.length() <= width) {
      return line;
    }
    int end = line.lastIndexOf(' ', width - 3);
    return line.substring(0, end > 0 ? end : width - 3).stripTrailing() + "...";
  }

  private static String wrap(String text) {
    return TextWrap.wrap(text, Terminal.pageWidth(), "  ");
  }

  /** One store: library, availability, versions, capabilities and settings, wrapped to the page. */
  private static String details(StoreProvider p) {
    StringBuilder b = new StringBuilder();
    b.append(p.id()).append('\n');
    b.append(field("library", p.library() + " " + p.libraryVersion()));
    b.append(field("available", p.availability().available() ? "yes" : "no: " + p.availability().reason()));
    b.append(field("versions", p.versionedArtifacts().isEmpty() ? "the bundled one only"
        : p.supportedVersions() + " (-o " + p.id() + ".version=V[,V...]; kvbench list versions " + p.id() + ")"));
    b.append(field("capabilities", describe(p.capabilities())));
    if (p.settings().isEmpty()) {
      b.append(field("settings", "(none)"));
    } else {
      b.append(field("settings", "(-o " + p.id() + ".<key>=<value>)"));
      for (SettingSpec s : p.settings()) {
        String allowed = s.allowed().isEmpty() ? "" : " [" + String.join("|", s.allowed()) + "]";
        String line = String.format("    %-21s default %-9s %s%s", s.key(), s.defaultValue(), s.description(),
            allowed);
        // continuation lines start under the description (column 44)
        b.append(TextWrap.wrap(line, Terminal.pageWidth(), " ".repeat(40))).append('\n');
      }
    }
    return b.toString();
  }

  private static String field(String name, String value) {
    return TextWrap.wrap(String.format("  %-13s %s", name, value), Terminal.pageWidth(), " ".repeat(14)) + "\n";
  }

  /** {@code list versions STORE}: the library's released versions, marked by whether the adapter drives them. */
  private int versions(PrintWriter out) {
    if (store == null) {
      throw new UsageException("list versions needs a store, e.g. kvbench list versions rocksdb");
    }
    dev.kvbench.store.StoreRegistry registry = StoreRegistry.load();
    StoreProvider p = registry.find(store).orElseThrow(() -> new UsageException(registry.unknown(store)));
    if (p.versionedArtifacts().isEmpty()) {
      out.printf("%s runs only the %s it bundles (%s)%n", p.id(), p.library(), p.libraryVersion());
      return ExitCodes.OK;
    }
    try (LazyLibraryResolver resolver = libraries.resolver()) {
      List<String> all = resolver.versions(p.library(), "[0,)");
      out.println(TextWrap.wrap(String.format("%s: %s, bundled %s; kvbench's adapter drives %s", p.id(), p.library(),
          p.libraryVersion(), p.supportedVersions()), Terminal.pageWidth(), "  "));
      for (String v : all) {
        boolean driven = resolver.inRange(v, p.supportedVersions());
        out.printf("  %-14s %s%n", v, (driven ? "yes" : "no (outside the range)")
            + (v.equals(p.libraryVersion()) ? ", bundled" : ""));
      }
      if (libraries.offline) {
        // offline, the repositories were not asked: what is listed is what this machine happens to hold
        out.print(wrap(String.format(all.isEmpty()
            ? "%nThe released versions could not be listed: --offline asks no repository, and the local one holds"
                + " no version list of %s. Run without --offline to list them.%n"
            : "%nOffline: only the versions the local repository knows of %s; others may be released. Run"
                + " without --offline to list them all.%n", p.library())));
      } else if (all.isEmpty()) {
        out.printf("%nThe repositories list no released version of %s.%n", p.library());
      }
      out.print(wrap(String.format("%nRun versions with: kvbench run --stores %s -o %s.version=V[,V...]%n", p.id(),
          p.id())));
      out.print(wrap("\n" + resolver.describe() + "\n"));
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
