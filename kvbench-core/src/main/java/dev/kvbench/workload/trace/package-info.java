/**
 * Traces of what an application did to a store: {@link dev.kvbench.workload.trace.Recording}
 * wraps any {@link dev.kvbench.store.Store} and writes each operation its sessions make (gets,
 * puts, deletes, scans, transactions; the session, the time, the key and the sizes, never a
 * value) through a {@link dev.kvbench.workload.trace.TraceWriter}; a {@link
 * dev.kvbench.workload.trace.TraceReader} streams it back, one {@link
 * dev.kvbench.workload.trace.TraceOp} at a time, so a trace larger than memory is read in
 * constant memory. The format is {@link dev.kvbench.workload.trace.TraceFormat}'s. Internal until
 * replay lands (issue 67): then the recording API joins the published one, with a version.
 */
package dev.kvbench.workload.trace;
