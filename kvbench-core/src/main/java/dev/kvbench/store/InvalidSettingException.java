package dev.kvbench.store;

/** A setting the user gave is unknown or its value cannot be parsed: a usage error. */
public class InvalidSettingException extends IllegalArgumentException {

  public InvalidSettingException(String message) {
    super(message);
  }
}
