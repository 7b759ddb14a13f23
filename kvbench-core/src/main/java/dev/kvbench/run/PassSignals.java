package dev.kvbench.run;

/** Shared by a threaded pass's threads: the clock, set before they start, and the flags that end the pass. */
final class PassSignals {
  volatile long startNanos;
  volatile long deadlineNanos;
  // a thread failed: every thread ends its loop
  volatile boolean stop;
  // the clients are done: the writer ends
  volatile boolean writerStop;
}
