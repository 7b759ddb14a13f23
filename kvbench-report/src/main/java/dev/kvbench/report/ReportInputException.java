package dev.kvbench.report;

/** A result file a report or comparison cannot use; the message names the file and the fix. */
public final class ReportInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ReportInputException(String message) {
    super(message);
  }
}
