package dev.kvbench.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

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
    Path temp = createTemp(parent, target.getFileName().toString());
    try {
      mapper.writeValue(temp.toFile(), document);
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * A temporary file beside the target, readable as the journal beside it is (0666 less the umask,
   * as any file the user makes): results are meant to be read by other tools and users, and a
   * document and its journal that differ in mode would only puzzle (createTempFile alone gives 0600).
   */
  private static Path createTemp(Path dir, String prefix) throws IOException {
    try {
      return Files.createTempFile(dir, prefix, ".part",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-rw-rw-")));
    } catch (UnsupportedOperationException notPosix) {
      return Files.createTempFile(dir, prefix, ".part");
    }
  }

  public ResultDocument read(Path source) throws IOException {
    return mapper.readValue(source.toFile(), ResultDocument.class);
  }

  public String toJson(Object value) throws IOException {
    return mapper.writeValueAsString(value);
  }
}
