package dev.kvbench.store;

/** Direction of a full cursor pass. */
public enum ScanDirection {
  FORWARD,
  REVERSE
}
