package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.result.ResultFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A published document of the current schema, its run's fields, environment and every cell with
 * its phases and passes, read and written again, is the same JSON: the records may be regrouped
 * (the run's identity, shared with the journal's header; the host's machine, JVM, work directory and clocks; a cell's store and ending; a phase's median
 * figures, latencies and checks; a pass's traces and measuring threads are records of their own,
 * unwrapped) but the fields, a contract scripts read, stay where they were, with the same values.
 * Capabilities do not round-trip: their sets, as a store's durabilities, are written in their own
 * order, and fields added since, as engine, are written where absent. A field renamed to its
 * setting's name ({@link #RENAMED}) is written under the new name with the same value.
 */
class ResultRoundTripTest {

  /** Fields a release renamed, old name to new: 0.7 writes the parameters' measuredPasses as measured. */
  private static final Map<String, String> RENAMED = Map.of("measuredPasses", "measured");

  @TempDir Path temp;

  static List<Path> currentSchemaInputs() throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Path> out = new ArrayList<>();
    for (Path p : PublishedInputsTest.inputs()) {
      if (p.toString().endsWith(".json")
          && json.readTree(p.toFile()).path("schemaVersion").asInt() == dev.kvbench.result.ResultDocument.SCHEMA_VERSION) {
        out.add(p);
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("currentSchemaInputs")
  void readAndWrittenAgainItIsTheSameJson(Path input) throws IOException {
    ResultFiles files = new ResultFiles();
    Path again = temp.resolve("again.json");
    files.write(files.read(input), again);
    ObjectMapper json = new ObjectMapper();
    List<String> differences = new ArrayList<>();
    JsonNode before = json.readTree(input.toFile());
    JsonNode after = json.readTree(again.toFile());
    // the run's own fields (schema, version, start, scenario, seed, command, shard, completed ...) and the environment
    before.fieldNames().forEachRemaining(f -> {
      if (!f.equals("cells")) {
        diff("/" + f, before.path(f), after.path(f), differences);
      }
    });
    for (int c = 0; c < before.path("cells").size(); c++) {
      // every field of the cell but its capabilities, whose sets are written in their own order
      java.util.Iterator<String> fields = before.path("cells").get(c).fieldNames();
      while (fields.hasNext()) {
        String at = "/cells/" + c + "/" + fields.next();
        if (!at.endsWith("/capabilities")) {
          diff(at, before.at(at), after.at(at), differences);
        }
      }
      String cell = "/cells/" + c;
      after.at(cell).fieldNames().forEachRemaining(f -> {
        if (before.at(cell).path(f).isMissingNode()) {
          differences.add(cell + "/" + f + " added");
        }
      });
    }
    assertThat(differences).as(input.toString()).isEmpty();
  }

  /** Where {@code a} and {@code b} differ, by JSON pointer: fields in any order, the first 20 differences. */
  private static void diff(String at, JsonNode a, JsonNode b, List<String> out) {
    if (out.size() >= 20) {
      return;
    }
    if (a.isObject() && b.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        String name = b.has(e.getKey()) ? e.getKey() : RENAMED.getOrDefault(e.getKey(), e.getKey());
        if (!b.has(name)) {
          out.add(at + "/" + e.getKey() + " dropped");
        } else {
          diff(at + "/" + name, e.getValue(), b.get(name), out);
        }
      }
      b.fieldNames().forEachRemaining(k -> {
        if (!a.has(k) && !(RENAMED.containsValue(k) && RENAMED.entrySet().stream()
            .anyMatch(r -> r.getValue().equals(k) && a.has(r.getKey())))) {
          out.add(at + "/" + k + " added");
        }
      });
    } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
      for (int i = 0; i < a.size(); i++) {
        diff(at + "/" + i, a.get(i), b.get(i), out);
      }
    } else if (!a.equals(b) && !(a.isNumber() && b.isNumber() && a.asDouble() == b.asDouble())) {
      out.add(at + ": " + abbreviated(a) + " became " + abbreviated(b));
    }
  }

  private static String abbreviated(JsonNode n) {
    String s = n.toString();
    return s.length() > 80 ? s.substring(0, 80) + "..." : s;
  }
}
