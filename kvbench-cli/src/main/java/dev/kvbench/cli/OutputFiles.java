package dev.kvbench.cli;

import dev.kvbench.host.HostFiles;
import dev.kvbench.result.OutputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The extra files a command writes beside what it prints ({@code --html}, {@code --json}, {@code
 * --csv}): each checked before anything is read, so a wrong target costs nothing, then written by
 * temp file and rename; a refusal or a failed write is a usage error that names the file.
 */
final class OutputFiles {

  private OutputFiles() {}

  /** Refuses any of {@code files} (nulls skipped) that may not be written, before the inputs are read. */
  static void check(List<OutputFile> files, List<Path> inputs) {
    for (OutputFile f : files.stream().filter(Objects::nonNull).toList()) {
      try {
        f.check(inputs);
      } catch (OutputFile.RefusedException e) {
        throw new UsageException(e.getMessage(), e);
      }
    }
  }

  /** Writes {@code content} to {@code file}, named {@code role} in messages. */
  static void write(OutputFile file, String role, String content, List<Path> inputs) {
    try {
      file.write(content.getBytes(StandardCharsets.UTF_8), inputs);
    } catch (OutputFile.RefusedException e) {
      throw new UsageException(e.getMessage(), e);
    } catch (IOException e) {
      // what the command printed stands; this file alone is missing, and an earlier one is whole
      throw new UsageException(role + ": cannot write it (" + HostFiles.whyFailed(e) + "); nothing was written"
          + " there (an earlier file is as it was): give a file in a folder with room", e);
    }
  }
}
