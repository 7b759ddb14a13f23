package dev.kvbench.bench;

import dev.kvbench.measure.LatencySummary;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import org.apiguardian.api.API;

/**
 * One phase of one cell as a program or a test asserts on it: whether it ran and passed
 * verification, its time per op with the spread of its measured passes, and how many forks and
 * passes stand behind the figure. The result document ({@link BenchmarkResult#documentPath()})
 * holds everything else: every pass, CPU, I/O, noise marks, the latency histograms.
 *
 * @param store the store's id
 * @param cellId the cell's id, e.g. {@code lmdbjava-agrona int rnd 100000x100 batch=all nosync}
 * @param phase the phase's name, e.g. {@code readKey} or {@code custom}
 * @param status whether it ran, was unsupported, or failed
 * @param verified every measured pass's data was checked against what the generators predict
 * @param failure why the phase failed, naming the first bad key; null unless it failed
 * @param note what a reader must know to interpret the figures (e.g. values that cannot be
 *     verified), else null
 * @param ops operations in each measured pass
 * @param nsPerOp nanoseconds per op of the median pass (each fork's median pass, then their median)
 * @param minPassMillis the fastest measured pass, in milliseconds
 * @param maxPassMillis the slowest measured pass, in milliseconds
 * @param opsPerSec ops per second of the median pass
 * @param forks the forked JVMs (1 for cells run in this JVM) whose passes the figure is made of
 * @param measuredPasses the measured passes over all forks
 * @param latency sampled per-op latency in nanoseconds over the measured passes, null where none was taken
 * @param allocatedBytesPerOp heap bytes the measuring threads allocated per op in the median pass
 *     (JMH's {@code gc.alloc.rate.norm}; the harness's loop allocates none), null where not counted
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record PhaseFigures(String store, String cellId, String phase, PhaseStatus status, boolean verified,
    String failure, String note, long ops, double nsPerOp, double minPassMillis, double maxPassMillis, double opsPerSec, int forks,
    int measuredPasses, LatencySummary latency, Double allocatedBytesPerOp) {

  static PhaseFigures of(String store, String cellId, PhaseResult p) {
    int forks = (int) Math.max(1, p.passes().stream().mapToInt(pass -> pass.fork()).distinct().count());
    return new PhaseFigures(store, cellId, p.phase(), p.status(), p.verified(), p.failure(), p.note(), p.ops(),
        p.nsPerOp(),
        p.minPassMillis(), p.maxPassMillis(), p.opsPerSec(), forks, p.passes().size(), p.latencyNanos(),
        p.allocatedBytesPerOp());
  }
}
