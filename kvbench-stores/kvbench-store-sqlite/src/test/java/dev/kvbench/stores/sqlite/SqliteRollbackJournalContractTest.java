package dev.kvbench.stores.sqlite;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The same contract with SQLite's default rollback journal, where readers and the writer take turns. */
@Tag("more-stores")
class SqliteRollbackJournalContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new SqliteProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("journalMode", "delete", "pageSize", "8k");
  }
}
