package dev.kvbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.workload.FieldWrites;
import dev.kvbench.workload.OperationMix;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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

  /**
   * {@code tree} (a result document, a journal line or any part of one) with the shapes earlier
   * kvbench wrote made the current ones, in place, before it is bound to records: a phase's {@code
   * amplification} was one object before it was a list, one per direction; a cell's {@code traffic}
   * before YCSB's field writes and scan lengths could be set has neither, and reads as YCSB's
   * defaults. Shapes, not schema numbers, decide, so a journal's lines (which carry no schema of
   * their own) read alike. Returns {@code tree}.
   */
  public static JsonNode upgradedTree(JsonNode tree) {
    List<JsonNode> open = new ArrayList<>(List.of(tree));
    while (!open.isEmpty()) {
      JsonNode node = open.remove(open.size() - 1);
      if (node instanceof ObjectNode object) {
        upgradeFields(object);
      }
      node.forEach(open::add);
    }
    return tree;
  }

  private static void upgradeFields(ObjectNode object) {
    if (object.get("amplification") instanceof ObjectNode single) {
      ArrayNode list = object.putArray("amplification");
      list.add(single);
    }
    if (object.get("traffic") instanceof ObjectNode traffic && traffic.has("zipfianConstant")) {
      if (!traffic.hasNonNull("fieldWrites")) {
        traffic.put("fieldWrites", FieldWrites.ONE.name());
      }
      if (!traffic.has("maxScanLength")) {
        traffic.put("maxScanLength", OperationMix.MAX_SCAN_LENGTH);
      }
    }
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
