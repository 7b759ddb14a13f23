package dev.kvbench.cli;

import dev.kvbench.scenario.Presets;
import dev.kvbench.store.NearestNames;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A name typed with a slip of case, read as the name it can only mean, with a note that says so:
 * {@code --stores MVStore} runs mvstore, {@code --phases readkey} readKey. Any other unknown name
 * stays as typed, for core to refuse with the names nearest it.
 */
final class Spelling {

  private final CommandSpec command;

  Spelling(CommandSpec command) {
    this.command = command;
  }

  /** {@code typed}, or the one name of {@code valid} it matches but for case, said on stderr. */
  String canonical(String flag, String typed, Collection<String> valid) {
    return canonical(flag + " ", "", typed, valid);
  }

  /** {@link #canonical(String, String, Collection)} for a name typed after {@code prefix} ({@code -o mvstore.}). */
  private String canonical(String flag, String prefix, String typed, Collection<String> valid) {
    Optional<String> slip = NearestNames.caseSlip(typed, valid);
    if (slip.isEmpty()) {
      return typed;
    }
    command.commandLine().getErr().println("kvbench: note: " + flag + prefix + typed + " read as " + prefix
        + slip.get() + " (names are case-sensitive)");
    return slip.get();
  }

  /** Each of {@code --stores}' ids as a store's. */
  List<String> stores(List<String> typed, StoreRegistry registry) {
    List<String> ids = registry.all().stream().map(StoreProvider::id).toList();
    return typed.stream().map(t -> canonical("--stores", t, ids)).toList();
  }

  /** Each of {@code --phases}' names as a phase's. */
  List<String> phases(List<String> typed) {
    List<String> ids = Arrays.stream(Phase.values()).map(Phase::id).toList();
    return typed.stream().map(t -> canonical("--phases", t, ids)).toList();
  }

  /** A preset's name as a preset's (a file's path is left as it is). */
  String preset(String typed) {
    if (typed == null || java.nio.file.Files.exists(java.nio.file.Path.of(typed))) {
      return typed;
    }
    return canonical("run", typed, new Presets().descriptions().keySet());
  }

  /** {@code -o STORE.KEY=V}'s store and key as the store's and its setting's. */
  StoreOptions.Setting setting(StoreOptions.Setting typed, StoreRegistry registry) {
    List<String> ids = registry.all().stream().map(StoreProvider::id).toList();
    String store = canonical("-o", typed.store(), ids);
    List<String> keys = registry.find(store).map(p -> p.settings().stream().map(SettingSpec::key).toList())
        .orElse(List.of());
    String key = canonical("-o ", store + ".", typed.key(), keys);
    return new StoreOptions.Setting(store, key, typed.values());
  }
}
