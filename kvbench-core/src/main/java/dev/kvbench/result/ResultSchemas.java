package dev.kvbench.result;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result schemas this kvbench reads, and how a cell written under an older one reads under
 * {@link ResultDocument#SCHEMA_VERSION}: reports and comparisons of earlier runs keep working.
 */
public final class ResultSchemas {

  /** The oldest schema read. Schema 2 differs from 3 only in a cell's settings holding its library version. */
  public static final int OLDEST_READ = 2;

  /** The settings key schema 2 put a version sweep's library version under, beside {@code libraryVersion}. */
  private static final String SCHEMA_2_VERSION_SETTING = "version";

  private ResultSchemas() {}

  /** Whether this kvbench reads results of {@code schema}. */
  public static boolean readable(int schema) {
    return schema >= OLDEST_READ && schema <= ResultDocument.SCHEMA_VERSION;
  }

  /** {@code cell}, written under {@code schema}, in the current schema's names. */
  public static CellResult upgraded(int schema, CellResult cell) {
    if (schema < 3 && cell.settings().containsKey(SCHEMA_2_VERSION_SETTING)) {
      // the version is the cell's libraryVersion already; in its settings it read as the store's own setting
      Map<String, String> settings = new LinkedHashMap<>(cell.settings());
      settings.remove(SCHEMA_2_VERSION_SETTING);
      return cell.withSettings(settings);
    }
    return cell;
  }
}
