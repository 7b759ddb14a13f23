package dev.kvbench.stores.libmdbx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.IntKeySettingsTest;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** MDBX_INTEGERKEY keys (the LMDB stores' integerKey setting), with readKey through mdbx_get (the default cursor path is in the contract test). */
class LibmdbxIntegerKeyTest extends IntKeySettingsTest {
  @Override
  protected StoreProvider provider() {
    return new LibmdbxProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("integerKey", "true", "getVia", "get");
  }

  @Test
  void stringKeysAreRefusedNamingTheSetting() {
    CellResult result = runCell(KeyEncoding.STR, KeyOrder.SEQ);
    assertThat(result.error()).contains("integerKey=true needs 4-byte int keys (--keys int)");
  }
}
