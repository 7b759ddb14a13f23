package dev.kvbench.workload.trace;

import org.apiguardian.api.API;

/**
 * What a trace says of itself, at its start.
 *
 * @param formatVersion the version of {@link TraceFormat} it is written in
 * @param startedAt when the recording began (ISO-8601, UTC)
 * @param keys what it keeps of each key
 * @param recordedBy the kvbench version that wrote it
 * @param source what was recorded, in the recorder's words (an application, a store), or empty
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public record TraceHeader(int formatVersion, String startedAt, String keys, String recordedBy, String source) {

  /** The key mode, named. */
  public KeyMode keyMode() {
    return KeyMode.ofId(keys);
  }
}
