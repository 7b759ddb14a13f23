package dev.kvbench.workload.trace;

import java.nio.file.Path;
import org.apiguardian.api.API;

/** A file that is not a trace this kvbench reads, or a damaged one: names the file and the byte. */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public final class TraceFormatException extends RuntimeException {

  private final transient Path file;
  private final long offset;

  public TraceFormatException(Path file, long offset, String problem) {
    super(file + " at byte " + offset + ": " + problem);
    this.file = file;
    this.offset = offset;
  }

  public Path file() {
    return file;
  }

  /** The byte offset in the file where reading failed. */
  public long offset() {
    return offset;
  }
}
