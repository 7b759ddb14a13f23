package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.apiguardian.api.API;

/** Outcome of one phase. */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum PhaseStatus {
  /** Ran; figures valid; {@code verified} says whether the data was checked. */
  OK,
  /** The store does not declare the capability the phase needs; not run. */
  UNSUPPORTED,
  /** Threw, or returned data that failed verification; {@code failure} says which key. */
  FAILED;

  @JsonValue
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
