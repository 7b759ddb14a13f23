package dev.kvbench.runner.fork;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.TimerCost;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.ExpectedChecksums;
import dev.kvbench.run.PassLabel;
import dev.kvbench.run.PhaseProgress;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import dev.kvbench.store.StoreRegistry;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The entry point of a forked cell's JVM: reads its plan from standard input, runs the one cell of
 * it and sends its messages to the parent's loopback port. It returns from {@code main} like any
 * program and leaves ending the JVM to the JVM; the parent gives it a grace period for a store's
 * lingering threads, then ends it. The one exit it forces is when the parent is gone.
 */
public final class ForkedCellMain {

  /** The file, in the JVM's working directory, holding its start in epoch ms. */
  static final String VM_START_FILE = "vm-start-millis";

  private ForkedCellMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 0) {
      throw new IllegalArgumentException("usage: ForkedCellMain < PLAN.json (started by kvbench, not by hand)");
    }
    endWithParent();
    // when this JVM began, for the parent's perf intervals (--counters), which count from its exec
    java.nio.file.Files.writeString(Path.of(VM_START_FILE),
        Long.toString(java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime()));
    ObjectMapper json = JsonMapper.builder().addModule(UserCodeJson.module()).build();
    ForkPlan plan = json.readValue(System.in.readAllBytes(), ForkPlan.class);
    if (plan.protocol() != ForkMessage.PROTOCOL) {
      throw new IllegalStateException("plan speaks protocol " + plan.protocol() + ", this JVM " + ForkMessage.PROTOCOL);
    }
    try (Link link = new Link(json, plan.linkHost(), plan.linkPort(), plan.passStart())) {
      link.send(new ForkMessage.Hello(ProcessHandle.current().pid(), ForkMessage.PROTOCOL, plan.linkToken()));
      CellParams cell = plan.cell();
      CellRunner runner = new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
          link, TimerCost.pairNanos());
      CellResult result;
      try (WorkArea work = WorkArea.open(Path.of(plan.directory()));
          CellRecording recording = CellRecording.start(plan.recording())) {
        result = plan.library().bundled() ? runner.run(StoreRegistry.load().require(cell.storeId()), cell, work)
            : LibraryCell.run(runner, cell, plan.library(), work);
        result = recording.keptIn(result);
      }
      // the parent adds the numactl or taskset command it started this JVM under
      result = result.withPlacement(dev.kvbench.host.Placement.ofThisProcess(java.util.List.of()));
      link.send(new ForkMessage.CellFinished(result));
    }
  }

  /**
   * A cell's JVM must not outlive kvbench: if the parent is killed (SIGKILL leaves no time to end
   * its child), this JVM halts at once, so it neither keeps measuring nor holds the work directory
   * that the next run reports as stale.
   */
  private static void endWithParent() {
    ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(143)));
  }

  /** Sends messages, and the running pass's progress once a second from a daemon thread. */
  private static final class Link implements RunListener, AutoCloseable {
    private final ObjectMapper json;
    private final Socket socket;
    private final OutputStream out;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "kvbench-fork-progress");
      t.setDaemon(true);
      return t;
    });
    private volatile PhaseProgress current;
    private final ForkPlan.PassStart passStart;

    Link(ObjectMapper json, String host, int port, ForkPlan.PassStart passStart) throws IOException {
      this.json = json;
      this.passStart = passStart;
      this.socket = new Socket(InetAddress.getByName(host), port);
      this.out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
      ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    synchronized void send(ForkMessage message) {
      try {
        out.write(json.writeValueAsBytes(message));
        out.write('\n');
        out.flush();
      } catch (IOException e) {
        // the parent reads the JVM's exit and output instead
        throw new java.io.UncheckedIOException("cannot send to the parent over the link", e);
      }
    }

    private void tick() {
      PhaseProgress p = current;
      if (p != null) {
        send(new ForkMessage.Progress(p.done()));
      }
    }

    @Override
    public void passStarted(CellParams cell, PassLabel pass, PhaseProgress progress) {
      current = progress;
      send(new ForkMessage.PassStarted(pass, progress.total()));
      if (passStart == ForkPlan.PassStart.WITH_PARTNERS && pass.kind() == PassLabel.Kind.MEASURED) {
        awaitPartners();
      }
    }

    /**
     * Waits, before the meters start, for the parent's word that every duet partner is at a
     * measured pass too; a closed link (the parent gone) lets the pass start, and this JVM ends
     * with its parent anyway.
     */
    private void awaitPartners() {
      try {
        int word = socket.getInputStream().read();
        if (word != ForkMessage.GO && word != -1) {
          throw new IllegalStateException("the parent sent " + word + " over the link, not the word to start");
        }
      } catch (IOException e) {
        // the link is gone: the parent reads this JVM's exit and output
      }
    }

    @Override
    public void phaseFinished(CellParams cell, PhaseResult result) {
      current = null;
      send(new ForkMessage.PhaseFinished(result));
    }

    @Override
    public void close() throws IOException {
      ticker.shutdownNow();
      synchronized (this) {
        out.flush();
        socket.close();
      }
    }
  }
}
