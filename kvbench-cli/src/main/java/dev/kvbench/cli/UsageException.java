package dev.kvbench.cli;

/** Bad input found after parsing: the message names the input and the fix; exit code 2. */
final class UsageException extends RuntimeException {
  UsageException(String message) {
    super(message);
  }

  UsageException(String message, Throwable cause) {
    super(message, cause);
  }
}
