package dev.kvbench.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads and writes result documents as JSON. Writes are atomic: a reader never sees half a file. */
public final class ResultFiles {

  private final ObjectMapper mapper =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  public void write(ResultDocument document, Path target) throws IOException {
    Path parent = target.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path temp = OutputFile.createTemp(parent, target.getFileName().toString());
    try {
      mapper.writeValue(temp.toFile(), document);
      OutputFile.moveOver(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** The document's JSON as a tree, to check its shape before it is bound to records. */
  public com.fasterxml.jackson.databind.JsonNode readTree(Path source) throws IOException {
    return ResultSchemas.upgradedTree(mapper.readTree(source.toFile()));
  }

  /** A document from its tree ({@link #readTree}). */
  public ResultDocument fromTree(com.fasterxml.jackson.databind.JsonNode tree) throws IOException {
    return mapper.treeToValue(tree, ResultDocument.class);
  }

  public ResultDocument read(Path source) throws IOException {
    return mapper.treeToValue(readTree(source), ResultDocument.class);
  }

  public String toJson(Object value) throws IOException {
    return mapper.writeValueAsString(value);
  }
}
