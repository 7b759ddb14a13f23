package dev.kvbench.runner;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import dev.kvbench.result.RunJournal;

/**
 * Whether a run can write its results where it was told to, checked before any cell runs: a
 * directory, a device or a folder it may not write in is the user's input to fix, said so in
 * words, never a failure after the first cell was measured.
 */
final class OutputCheck {

  private OutputCheck() {}

  /** Throws IllegalArgumentException naming {@code document} and the fix when the run cannot write it. */
  static void requireWritable(Path document) {
    Path abs = document.toAbsolutePath();
    if (Files.isDirectory(abs)) {
      throw new IllegalArgumentException("output " + document + " is a directory; the output is the result"
          + " document to write, e.g. " + document.resolve("run.json"));
    }
    if (Files.exists(abs) && !Files.isRegularFile(abs)) {
      throw new IllegalArgumentException("output " + document + " is not a regular file (a device or a pipe);"
          + " the output is a new file for the result document, and its journal goes beside it");
    }
    Path parent = abs.getParent();
    Path existing = parent;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null || !Files.isDirectory(existing)) {
      throw new IllegalArgumentException("output " + document + ": " + existing + " is not a directory");
    }
    if (!Files.isWritable(existing) || !Files.isExecutable(existing)) {
      throw new IllegalArgumentException("output " + document + ": cannot write in " + existing
          + " (permission denied); choose an output in a directory you can write");
    }
    if (Files.isSymbolicLink(abs) || Files.exists(RunJournal.journalOf(abs), LinkOption.NOFOLLOW_LINKS)
        && !Files.isRegularFile(RunJournal.journalOf(abs), LinkOption.NOFOLLOW_LINKS)) {
      throw new IllegalArgumentException("output " + document + ": it or its journal " + RunJournal.journalOf(abs)
          + " is in the way (a link or not a file); choose another output");
    }
  }
}
