package dev.kvbench.store;

import org.apiguardian.api.API;

/** A setting the user gave is unknown or its value cannot be parsed: a usage error. */
@API(status = API.Status.STABLE, since = "0.6.0")
public class InvalidSettingException extends IllegalArgumentException {

  public InvalidSettingException(String message) {
    super(message);
  }
}
