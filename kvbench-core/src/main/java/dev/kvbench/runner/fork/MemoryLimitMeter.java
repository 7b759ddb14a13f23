package dev.kvbench.runner.fork;

import dev.kvbench.host.HostFiles;
import dev.kvbench.host.MemoryCgroup;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.MemoryLimit;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code jvm.memoryLimit}: each fork's JVM in a memory cgroup of its own, made with the limit
 * before the JVM starts and removed after it ends. The cell records the cgroup (its limit and how
 * often the OOM killer struck), its passes their major faults, device reads and the cgroup's peak
 * ({@link dev.kvbench.measure.PagingMeter}); a fork the limit killed fails its cell with that
 * reason.
 */
final class MemoryLimitMeter implements CellMeter {

  private final MemoryLimit limit;
  private final MemoryCgroup parent;
  // named after this process and numbered, so runs side by side never meet
  private final String prefix = MemoryCgroup.PREFIX + ProcessHandle.current().pid() + "-";
  private final AtomicInteger made = new AtomicInteger();
  private final Map<Fork, MemoryCgroup> cgroups = new ConcurrentHashMap<>();

  MemoryLimitMeter(MemoryLimit limit, MemoryCgroup parent) {
    this.limit = limit;
    this.parent = parent;
  }

  static Optional<CellMeter> of(JvmOptions jvm, RunListener listener) {
    MemoryLimit limit = jvm.get(JvmSettings.MEMORY_LIMIT);
    if (!limit.limits()) {
      return Optional.empty();
    }
    MemoryCgroup parent;
    try {
      parent = MemoryCgroup.parentForNew(HostFiles.system());
    } catch (IllegalStateException e) {
      throw new IllegalArgumentException("jvm.memoryLimit " + limit + " runs each cell's JVM in a memory cgroup, but "
          + e.getMessage());
    }
    listener.notice("memory limit: each cell's JVM runs in a cgroup v" + parent.version() + " of its own under "
        + parent.directory() + ", limited to " + limit.describe() + " with its page cache");
    // what a run killed by SIGKILL left: kvbench's own cgroups, their run gone and nothing inside
    for (MemoryCgroup left : parent.leftovers()) {
      try {
        left.remove();
        listener.notice("removed " + left.directory() + ", a memory cgroup a kvbench run that ended left");
      } catch (IOException e) {
        listener.warning(e.getMessage());
      }
    }
    return Optional.of(new MemoryLimitMeter(limit, parent));
  }

  @Override
  public List<String> launcher(Fork fork) throws IOException {
    MemoryCgroup cgroup = parent.create(prefix + made.incrementAndGet(), limit.bytes());
    cgroups.put(fork, cgroup);
    return cgroup.joinCommand();
  }

  @Override
  public CellResult recorded(CellResult result, Fork fork, long launchedMillis) {
    MemoryCgroup cgroup = cgroups.get(fork);
    if (cgroup == null) {
      return result;
    }
    long kills = cgroup.oomKills();
    CellResult.CellMemory memory = result.memory() == null ? new CellResult.CellMemory(null, null) : result.memory();
    CellResult recorded = result.withMemory(memory.withLimit(new CellResult.MemoryLimitFigures(limit.bytes(),
        cgroup.version(), kills, cgroup.version() == 1)));
    if (kills > 0 && result.outcome() == Outcome.FAILED) {
      String why = "the memory limit (" + limit.describe() + ", page cache included) killed the cell's JVM: the"
          + " cgroup's OOM killer struck " + kills + " time" + (kills == 1 ? "" : "s") + "; give a larger"
          + " jvm.memoryLimit, or less data";
      recorded = recorded.withOutcome(Outcome.FAILED, result.error() == null ? why : why + " (" + result.error() + ")");
    } else if (result.outcome() == Outcome.FAILED && result.error() != null && result.error().contains("SIGKILL")) {
      // the limit is the first suspect of a SIGKILL: say what its cgroup saw, so it is ruled in or out
      long peak = cgroup.peakBytes();
      recorded = recorded.withOutcome(Outcome.FAILED, result.error() + "; its memory cgroup (limit "
          + limit.describe() + ") counted no OOM kill" + (peak < 0 ? ""
              : ", its usage peaked at " + dev.kvbench.store.ByteSize.text(peak)
                  + (peak >= limit.bytes() * 0.98 ? ", the limit" : "") + (cgroup.version() == 1 ? " in its last pass" : "")));
    }
    return recorded;
  }

  @Override
  public void release(Fork fork) throws IOException {
    MemoryCgroup cgroup = cgroups.remove(fork);
    if (cgroup != null) {
      cgroup.remove();
    }
  }
}
