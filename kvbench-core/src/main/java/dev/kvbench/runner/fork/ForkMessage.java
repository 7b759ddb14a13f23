package dev.kvbench.runner.fork;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.run.PassLabel;

/**
 * What a forked cell's JVM tells the parent, one JSON line each, over its link (a loopback
 * connection: no file, so a full disk cannot cut it). The parent reads them as they come: progress
 * for the user, and the cell's result, which counts only if it arrives whole.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = ForkMessage.Hello.class, name = "hello"),
  @JsonSubTypes.Type(value = ForkMessage.PassStarted.class, name = "pass"),
  @JsonSubTypes.Type(value = ForkMessage.Progress.class, name = "progress"),
  @JsonSubTypes.Type(value = ForkMessage.PhaseFinished.class, name = "phase"),
  @JsonSubTypes.Type(value = ForkMessage.CellFinished.class, name = "cell")
})
sealed interface ForkMessage {

  /** The child is up: its pid, the kvbench protocol it speaks, and the plan's token (the first line). */
  record Hello(long pid, int protocol, String token) implements ForkMessage {}

  record PassStarted(PassLabel pass, long total) implements ForkMessage {}

  /** Entries done in the current pass. */
  record Progress(long done) implements ForkMessage {}

  record PhaseFinished(PhaseResult result) implements ForkMessage {}

  record CellFinished(CellResult result) implements ForkMessage {}

  int PROTOCOL = 4;

  /**
   * The one message the parent sends back, a byte: a duet side's JVM that said a measured pass
   * starts waits for it ({@link PassBarrier}), so the sides' passes start together.
   */
  int GO = '\n';
}
