package dev.kvbench.runner;

import dev.kvbench.measure.NoiseMeter;
import dev.kvbench.measure.PassNoise;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.run.RunListener;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one run knows of the host's load: said before the first cell when other processes already
 * take the cells' CPUs, and judged after each fork and round. A host that disturbs most forks
 * whatever is done (a busy loop that never stops) stays busy: reruns do not help then, nor do forks
 * added for a figure compared with nothing, and the run stops spending time on them (forks added
 * for a paired comparison still count); a round the host left alone makes it quiet again.
 */
final class BusyHost {

  /** How long the run watches the host before its first cell, to say whether it is busy. */
  private static final long SAMPLE_MILLIS = 300;

  /** As a comparison's: a phase shorter than this a pass is not judged. */
  private static final double SHORTEST_JUDGED_MILLIS = 0.01;

  /** Reruns in a row the host disturbed again before the run stops rerunning. */
  private static final int WASTED_RERUNS_LIMIT = 3;

  /** What a host that stays busy changes, said once when the run notices it. */
  static final String CONSEQUENCES = "no fork is run again for the rest of the run, and forks are"
      + " added only where variants of a workload are compared pair by pair (a pair the host disturbed on both sides"
      + " counts). Rows with too few undisturbed forks will be too noisy to judge: run on a quieter host, give the"
      + " cells CPUs of their own (jvm.cpus), wait for quiet (waitQuiet), or judge with kvbench compare --noisy-forks keep";

  private final RunListener listener;
  private final int noisyReruns;
  /** The forks of the round in progress, and how many of them the host disturbed (after their reruns). */
  private int roundForks;
  private int roundDisturbed;
  /** Reruns in a row that the host disturbed again. */
  private int wastedReruns;
  /** Why the host stays busy, or null while it does not. */
  private String staysBusy;

  /** A host judged for a run that runs a disturbed fork again up to {@code noisyReruns} times. */
  BusyHost(RunListener listener, int noisyReruns) {
    this.listener = listener;
    this.noisyReruns = noisyReruns;
  }

  /**
   * Says before the first cell when other processes (or the hypervisor) already take CPU the cells
   * would run on, as {@code meter} watches them (the CPUs they are pinned to, else those kvbench may
   * use), with what the user can do about it; returns whether they do.
   */
  static boolean noticeBeforeTheFirstCell(NoiseMeter meter, RunListener listener) {
    try {
      PassNoise now = meter.whileIdle(SAMPLE_MILLIS);
      if (now.marks().contains(PassNoise.Mark.OTHER_PROCESSES) || now.marks().contains(PassNoise.Mark.STEAL)) {
        String cpus = meter.watched().pins() ? meter.watched().cpus().size() + " (CPUs " + meter.watched() + ")"
            : Integer.toString(Runtime.getRuntime().availableProcessors());
        listener.notice(String.format(Locale.ROOT, "host busy: over %d ms before the first cell other processes"
                + " used %.2f CPU and the hypervisor stole %.2f CPU, of %s: passes they disturb are marked NOISY"
                + " and counted at the end. " + OFFER,
            SAMPLE_MILLIS, now.otherProcessesCpuMillis() / SAMPLE_MILLIS, now.stealMillis() / SAMPLE_MILLIS, cpus));
        return true;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** What a user on a busy host can do instead of waiting for a run that decides nothing. */
  static final String OFFER = "On a busy host: stop the other work; or give the run a budget (runBudget, e.g. 5m:"
      + " a first answer in that time, forks spent where comparisons are undecided); wait for quiet before each fork"
      + " (waitQuiet, e.g. 60s); run the compared variants side by side, so the load falls on both alike (jvm.duet);"
      + " or give the cells CPUs of their own (jvm.cpus)";

  /** Whether the host stays busy now. */
  boolean staysBusy() {
    return staysBusy != null;
  }

  /** Why the host stays busy, or null while it does not. */
  String whyBusy() {
    return staysBusy;
  }

  /** A round starts: its forks are counted afresh. */
  void roundStarted() {
    roundForks = 0;
    roundDisturbed = 0;
  }

  /**
   * Whether a fork the host disturbed is still worth running again: not once {@value
   * #WASTED_RERUNS_LIMIT} reruns in a row were disturbed again, which makes the host busy and says so.
   */
  boolean rerunsStillHelp() {
    if (wastedReruns < WASTED_RERUNS_LIMIT) {
      return true;
    }
    staysBusy = wastedReruns + " forks run again in a row were disturbed again";
    listener.warning("the host stays busy: " + staysBusy + "; " + CONSEQUENCES);
    return false;
  }

  /** A rerun ended: one the host disturbed again counts toward giving reruns up. */
  void rerunEnded(CellResult rerun) {
    wastedReruns = rerun.outcome() == CellResult.Outcome.RAN && disturbed(rerun) != null ? wastedReruns + 1 : 0;
  }

  /** A fork of the round in progress ended, after its reruns. */
  void forkEnded(CellResult fork) {
    if (fork.outcome() == CellResult.Outcome.RAN) {
      roundForks++;
      roundDisturbed += disturbed(fork) != null ? 1 : 0;
    }
  }

  /**
   * After each round: the host stays busy when it disturbed more than half the round's forks
   * (reruns included), and has quieted down when it disturbed none of a round's.
   */
  void roundEnded(int round) {
    if (roundForks >= 2 && 2 * roundDisturbed > roundForks && staysBusy == null) {
      staysBusy = roundDisturbed + " of " + roundForks + " forks of round " + round + " were disturbed by the host";
      listener.warning("the host stays busy: " + staysBusy + (noisyReruns > 0 ? " after being run again" : "")
          + "; " + CONSEQUENCES);
    } else if (roundForks > 0 && roundDisturbed == 0 && staysBusy != null) {
      staysBusy = null;
      wastedReruns = 0;
      listener.notice("the host is quiet again (no fork of round " + round + " was disturbed): forks the host"
          + " disturbs are run again, and added, as before");
    }
  }

  /**
   * Why a compare would leave out this fork (one of its judged phases the host disturbed: other
   * processes, steal, its CPU held from outside), said; null when it would not.
   */
  static String disturbed(CellResult fork) {
    for (PhaseResult p : fork.phases()) {
      // a phase too short to judge (under 10 µs a pass) is never compared: its noise costs nothing
      if (p.status() == PhaseStatus.OK && p.passMillis() >= SHORTEST_JUDGED_MILLIS
          && !p.hostDisturbedForks().isEmpty()) {
        Set<String> marks = new TreeSet<>();
        p.passes().stream().filter(x -> x.noise() != null).flatMap(x -> x.noise().marks().stream())
            .filter(PassNoise.Mark::fromHost).forEach(m -> marks.add(m.id()));
        return "the host disturbed " + p.phase() + (marks.isEmpty() ? " (its passes together)"
            : " (" + String.join(", ", marks) + ")");
      }
    }
    return null;
  }
}
