package dev.kvbench.result;

import java.nio.file.Files;
import java.nio.file.Path;

/** Which file is the result document of a journal being resumed. */
final class RunDocuments {

  private RunDocuments() {}

  /**
   * {@code named} ({@code x.json} beside {@code x.jsonl}), unless it does not exist and the run wrote
   * its document without the extension ({@code --output x}): then {@code x}, where it reads as the
   * document of this very run (same start), and never a file of anything else.
   */
  static Path of(Path journal, Path named, RunHeader header) {
    if (Files.exists(named)) {
      return named;
    }
    String name = journal.getFileName().toString();
    Path bare = journal.resolveSibling(name.substring(0, name.length() - ".jsonl".length()));
    if (!Files.isRegularFile(bare) || !Files.isWritable(bare)) {
      return named;
    }
    try {
      ResultDocument doc = new ResultFiles().read(bare);
      return java.util.Objects.equals(doc.startedAt(), header.run().startedAt()) ? bare : named;
    } catch (java.io.IOException | RuntimeException e) {
      return named; // not a result document: someone else's file, left alone
    }
  }
}
