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
 * Every pass of a published document of the current schema, read and written again, is the same
 * JSON: the pass's records may be regrouped (its traces and its measuring threads are records of
 * their own) but its fields, a contract scripts read, stay where they were, with the same values.
 * (The whole document does not round-trip: sets such as a store's durabilities are written in
 * their own order, and fields added since, as capabilities' engine, are written where absent.)
 */
class ResultRoundTripTest {

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
    for (int c = 0; c < before.path("cells").size(); c++) {
      JsonNode phases = before.path("cells").get(c).path("phases");
      for (int p = 0; p < phases.size(); p++) {
        String at = "/cells/" + c + "/phases/" + p + "/passes";
        diff(at, before.at(at), after.at(at), differences);
      }
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
        if (!b.has(e.getKey())) {
          out.add(at + "/" + e.getKey() + " dropped");
        } else {
          diff(at + "/" + e.getKey(), e.getValue(), b.get(e.getKey()), out);
        }
      }
      b.fieldNames().forEachRemaining(k -> {
        if (!a.has(k)) {
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
