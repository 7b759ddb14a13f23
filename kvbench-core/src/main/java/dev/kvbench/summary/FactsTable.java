package dev.kvbench.summary;

import dev.kvbench.result.CellResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Durability;
import dev.kvbench.store.LibraryFacts;
import dev.kvbench.store.StoreProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Each store's facts, a row a store and library version: its library, version and release date, its
 * licenses, whether it is pure Java or native, transactions, one writer or several, ordered scans,
 * the largest key and value and the durability modes it honours. Every column comes from the
 * adapter's declared capabilities or the library's own metadata ({@link LibraryFacts}), nothing
 * typed a second time; what neither says reads "unknown".
 */
public final class FactsTable {

  /** The title the run's report puts over the table. */
  public static final String TITLE = "The stores (from each adapter's declared capabilities and its library's own"
      + " metadata: licenses from the library's POM, the release date from its jar)";

  /** One store's row: its id, library coordinates, version and capabilities. */
  public record Store(String id, String library, String version, Capabilities capabilities) {}

  private FactsTable() {}

  /** The rows of every provider. */
  public static TextTable ofProviders(List<StoreProvider> providers) {
    return of(providers.stream().map(p -> new Store(p.id(), p.library(), p.libraryVersion(), p.capabilities()))
        .toList());
  }

  /** The rows of the cells' stores, one per store and library version, in the cells' order. */
  public static TextTable ofCells(List<CellResult> cells) {
    Map<String, Store> stores = new LinkedHashMap<>();
    for (CellResult c : cells) {
      if (c.capabilities() != null && !c.reference()) {
        stores.putIfAbsent(c.store() + " " + c.libraryVersion(), new Store(c.store(), c.library(), c.libraryVersion(),
            c.capabilities()));
      }
    }
    return of(new ArrayList<>(stores.values()));
  }

  static TextTable of(List<Store> stores) {
    TextTable t = new TextTable(
        TextTable.left("Store"),
        TextTable.left("Library"),
        TextTable.left("Version"),
        TextTable.left("Released"),
        TextTable.left("License"),
        TextTable.left("Engine"),
        TextTable.left("Transactions"),
        TextTable.left("Writers"),
        TextTable.left("Ordered scans"),
        TextTable.right("Max key B"),
        TextTable.right("Max value B"),
        TextTable.left("Durability")).keyColumns(1);
    for (Store s : stores) {
      Capabilities c = s.capabilities();
      LibraryFacts facts = c.libraryFacts() == null ? LibraryFacts.UNKNOWN : c.libraryFacts();
      t.row(s.id(), s.library(), s.version(),
          facts.releaseDate() == null ? "unknown" : facts.releaseDate(),
          facts.licenses().isEmpty() ? "unknown" : String.join(" or ", facts.licenses()),
          c.engine() == null ? "unknown" : c.engine().name().toLowerCase(Locale.ROOT),
          c.transactions() ? "yes" : c.batches() ? "batches" : "no",
          writers(c.concurrency()),
          c.orderedScan() ? (c.reverseScan() ? "both ways" : "forward") : "no",
          size(c.maxKeySize()),
          size(c.maxValueSize()),
          c.durabilities().stream().sorted().map(Durability::id).collect(Collectors.joining(", ")));
    }
    return t;
  }

  private static String writers(Concurrency c) {
    String w = c.writers() == 1 ? "one at a time" : c.writers() == Concurrency.UNLIMITED ? "many" : c.writers() + "";
    return c.concurrent() ? w : w + " (one session at a time)";
  }

  private static String size(int bytes) {
    return bytes >= Integer.MAX_VALUE - 8 ? "2 GiB" : String.format(Locale.ROOT, "%,d", bytes);
  }
}
