package dev.kvbench.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** Options several commands share, each written once: mixed into the commands that take them. */
final class CommonOptions {

  private CommonOptions() {}

  /** {@code --work-dir}: where stores' files go (run, durability) or would go (env). */
  static final class WorkDir {
    @Option(names = "--work-dir", paramLabel = "DIR",
        description = "Empty or new directory for the stores' files (default: a new directory under /dev/shm when it"
            + " is tmpfs, else the temp dir; removed afterwards).")
    Path path;
  }

  /** {@code -q}: no progress lines. */
  static final class Quiet {
    @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
    boolean quiet;
  }

  /** {@code --stores} and {@code --scale}: which of a scenario's stores run, and at what size. */
  static final class StoresAndScale {
    @Option(names = "--stores", split = ",", paramLabel = "ID",
        description = "Stores to run (default: the scenario's; quick runs every available store, with null as the"
            + " harness's reference row). See `kvbench list`.")
    List<String> stores;

    @Option(names = "--scale", paramLabel = "FACTOR",
        description = "Multiplies the scenario's entry counts (and batch sizes), e.g. 0.01 for a quick look at a big"
            + " preset.")
    Double scale;

    /** Both into {@code overrides}, where given. */
    dev.kvbench.scenario.ScenarioOverrides applyTo(dev.kvbench.scenario.ScenarioOverrides overrides) {
      if (stores != null) {
        overrides.stores(stores);
      }
      if (scale != null) {
        overrides.scale(scale);
      }
      return overrides;
    }
  }

  /**
   * {@code --offline}, {@code --maven-settings} and {@code --libraries}: where store library
   * versions come from.
   */
  static final class Libraries {
    @Option(names = "--offline",
        description = "Take store library versions (-o STORE.version=...) from the local Maven repository only.")
    boolean offline;

    @Option(names = "--maven-settings", paramLabel = "FILE",
        description = "Maven settings for store library versions: local repository, mirrors, proxies, offline"
            + " (default: ~/.m2/settings.xml, as Maven reads it).")
    Path settings;

    @Option(names = "--libraries", paramLabel = "MANIFEST",
        description = "Take store library versions only from this libraries.json, written by run --export-libraries"
            + " on a machine that reaches the repositories (a fleet's hosts need none); each jar is checked by its"
            + " SHA-256 before a cell loads it.")
    Path bundle;

    /** A resolver that reads the settings when a cell first asks for a version, so runs without any pay nothing. */
    LazyLibraryResolver resolver() {
      if (bundle != null && settings != null) {
        throw new UsageException("--libraries takes every store library from its manifest; leave out --maven-settings");
      }
      return bundle != null ? LazyLibraryResolver.fromBundle(bundle) : new LazyLibraryResolver(settings, offline);
    }
  }
}
