package dev.kvbench.measure;

/** Process CPU time, all threads (including a store's native background threads). */
public record CpuTime(double userMillis, double sysMillis) {

  public CpuTime minus(CpuTime earlier) {
    return new CpuTime(userMillis - earlier.userMillis, sysMillis - earlier.sysMillis);
  }
}
