package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the user says about a run (kvbench run --revision, --note): the revision of the code under
 * test, by which {@code kvbench history} can order runs, and a note (a known change, an expected
 * shift) that the history page shows and its gate respects.
 *
 * @param revision a commit, tag or build number; null when not given
 * @param note free text; null when not given
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunLabel(String revision, String note) {

  /** A label with what was given, or null when neither was: a run without one records none. */
  public static RunLabel of(String revision, String note) {
    String r = revision == null || revision.isBlank() ? null : revision.strip();
    String n = note == null || note.isBlank() ? null : note.strip();
    return r == null && n == null ? null : new RunLabel(r, n);
  }
}
