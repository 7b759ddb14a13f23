package dev.kvbench.run;

import dev.kvbench.codec.CompressingStore;
import dev.kvbench.codec.ValueCodecProvider;
import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BiFunction;

/** Opens a cell's stores, the loaded one and the scratch ones, on new directories of the work area. */
final class CellStores {

  private final StoreProvider provider;
  private final CellParams cell;
  private final StoreSettings settings;
  private final WorkArea work;
  // the directories' common prefix: store, key format and order
  private final String name;
  // the codec the harness applies around each put and get, if the cell has one
  private final Optional<ValueCodecProvider> codec;

  CellStores(StoreProvider provider, CellParams cell, StoreSettings settings, WorkArea work) {
    this.provider = provider;
    this.cell = cell;
    this.settings = settings;
    this.work = work;
    this.name = cell.storeId() + "-" + cell.data().keys().id() + "-" + cell.write().order().id();
    this.codec = cell.setup().codec().equals(ValueCodecs.NONE) ? Optional.empty()
        : Optional.of(ValueCodecs.load().require(cell.setup().codec()));
  }

  /** A new directory named for the cell and {@code suffix} (empty for the loaded store). */
  Path newDirectory(String suffix) {
    return work.newDirectory(suffix.isEmpty() ? name : name + "-" + suffix);
  }

  void delete(Path directory) {
    work.delete(directory);
  }

  /**
   * The store on {@code directory}; with a codec, opened for the largest compressed value and
   * wrapped so that the workload puts and gets its own values.
   */
  Store open(Path directory) {
    return open(directory, cell.sizing());
  }

  /** {@link #open(Path)} for a workload of {@code sizing}, not the cell's matrix's: a replay's are its trace's. */
  Store open(Path directory, dev.kvbench.store.WorkloadSizing sizing) {
    StoreConfig config = new StoreConfig(directory, settings, cell.setup().durability(), sizing);
    return codec.isEmpty() ? provider.open(config) : CompressingStore.open(provider, config, codec.get());
  }

  /**
   * Opens a store on a new directory, hands {@code body} a session, closes the store and deletes
   * it all; returns what {@code body} returned.
   */
  <T> T inScratchStore(String suffix, BiFunction<Store, Session, T> body) {
    Path scratch = newDirectory(suffix);
    try {
      Store store = open(scratch);
      T result;
      try (Session session = store.openSession()) {
        result = body.apply(store, session);
      } catch (RuntimeException | LinkageError | InternalError e) {
        Failures.closeAfter(store, e);
        throw e;
      }
      store.close();
      return result;
    } finally {
      work.delete(scratch);
    }
  }
}
