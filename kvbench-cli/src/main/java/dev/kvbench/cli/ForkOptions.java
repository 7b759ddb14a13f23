package dev.kvbench.cli;

import dev.kvbench.runner.AdaptiveForks;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.RunSettings;
import dev.kvbench.scenario.Durations;
import dev.kvbench.scenario.Setting;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --precision}, {@code --max-forks}, {@code --time-budget}: forks added until the figures are
 * precise enough (one run setting, {@link RunSettings#ADAPTIVE}, made of three flags); the reruns of
 * disturbed forks and the wait for a quiet host are rows of their own ({@link #ROWS}).
 */
final class ForkOptions {

  @Option(names = "--precision", paramLabel = "PCT",
      description = "After the scenario's forks (--forks, the minimum), add a round of one more fork for each cell"
          + " whose ratio to another store or setting of its workload in the run has a 95 %% interval wider than PCT"
          + " (high / low - 1), e.g. 5%%, and is neither equivalent nor clearly different (a 99 %% interval beyond the"
          + " minimum effect); for a cell compared with nothing, whose own interval per phase is wider than PCT."
          + " Until none is, a cell has --max-forks, or --time-budget is spent. Each result says why its cell stopped"
          + " (forkStop).")
  String precision;

  @Option(names = "--max-forks", paramLabel = "N",
      description = "With --precision: the most forks a cell is given (default: "
          + AdaptiveForks.DEFAULT_MAX_FORKS_FACTOR + " times --forks, so the run takes at most about twice as long).")
  Integer maxForks;

  @Option(names = "--time-budget", paramLabel = "DURATION",
      description = "With --precision: start no round of added forks after this long (e.g. 20m, 1h30m, 90s), nor"
          + " one the last round's length says would end past it.")
  String timeBudget;

  /** The run's settings a command that runs forks has flags for, beside these: reruns, and the wait for quiet. */
  static final List<Setting<RunOptions, ?>> ROWS = List.of(RunSettings.NOISY_RERUNS, RunSettings.WAIT_QUIET);

  /** Whether any of these was given. */
  boolean given() {
    return precision != null || maxForks != null || timeBudget != null;
  }

  /**
   * {@code options} with the --precision, --max-forks, --time-budget, --noisy-reruns and
   * --wait-quiet the run whose results are at {@code results} was started with, read from the
   * command its journal recorded (a resumed run adds and reruns forks as the run did); as they are
   * where it cannot be read, which the resume then says.
   */
  static RunOptions recordedIn(java.nio.file.Path results, RunOptions options, double minEffectPercent) {
    try {
      dev.kvbench.result.RunHeader header = dev.kvbench.result.RunJournal.read(
          dev.kvbench.result.RunJournal.journalOf(results)).header();
      // the command line as kvbench makes it, the axes' and settings' flags included, or a recorded flag is unknown
      picocli.CommandLine run = Cli.commandLine(new java.io.PrintWriter(java.io.Writer.nullWriter()),
          new java.io.PrintWriter(java.io.Writer.nullWriter())).getSubcommands().get("run");
      run.parseArgs(header.command().stream().skip(header.command().isEmpty() || !header.command().get(0).equals("run")
          ? 0 : 1).toArray(String[]::new));
      RunCommand recorded = run.getCommand();
      int forks = new dev.kvbench.scenario.ScenarioFiles().parse(header.scenario(), results + " (its scenario)",
          header.scenarioName(), null).repetitions().forks();
      return recorded.precision.applyTo(SettingOptions.applied(run.getCommandSpec(), ROWS, options),
          minEffectPercent, forks);
    } catch (java.io.IOException | RuntimeException e) {
      return options;
    }
  }

  /** Refuses a bad --precision, --max-forks or --time-budget before anything runs. */
  void check(double minEffectPercent) {
    applyTo(new RunOptions(null, null, null, List.of(), "check"), minEffectPercent,
        dev.kvbench.scenario.Repetitions.DEFAULT.forks());
  }

  /** {@code options} with the forks these flags add, comparisons equivalent within {@code minEffectPercent}. */
  RunOptions applyTo(RunOptions options, double minEffectPercent, int scenarioForks) {
    return options.with(RunSettings.ADAPTIVE, adaptive(minEffectPercent, scenarioForks));
  }

  /**
   * The rule these flags give, comparisons equivalent within {@code minEffectPercent}, at most
   * {@code --max-forks} (else twice {@code scenarioForks}) a cell; OFF without --precision.
   */
  AdaptiveForks adaptive(double minEffectPercent, int scenarioForks) {
    if (precision == null) {
      if (maxForks != null || timeBudget != null) {
        throw new UsageException((maxForks != null ? "--max-forks" : "--time-budget") + " goes with --precision:"
            + " give --precision PCT too (e.g. --precision 5%), or leave it out");
      }
      return AdaptiveForks.OFF;
    }
    double pct = percent(precision);
    int most = maxForks != null ? maxForks
        : Math.max(dev.kvbench.report.PrecisionJudge.MIN_FIGURES, AdaptiveForks.DEFAULT_MAX_FORKS_FACTOR * scenarioForks);
    if (most < 1 || most > dev.kvbench.scenario.Repetitions.MAX_FORKS) {
      throw new UsageException("--max-forks " + most + ": give 1 to " + dev.kvbench.scenario.Repetitions.MAX_FORKS);
    }
    Duration budget = timeBudget == null ? AdaptiveForks.NO_TIME_BUDGET : duration("--time-budget", timeBudget);
    return new AdaptiveForks(pct, most, budget, minEffectPercent, dev.kvbench.report.PrecisionJudge.INSTANCE);
  }

  private static double percent(String text) {
    String number = text.endsWith("%") ? text.substring(0, text.length() - 1).trim() : text.trim();
    try {
      double pct = Double.parseDouble(number);
      if (pct > 0 && pct < 1000) {
        return pct;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new UsageException("--precision " + text + ": give the widest interval as a percentage above 0, e.g. 5%"
        + " (an interval from 0.98 to 1.03 is 5 % wide)");
  }

  /** "1h30m", "20m", "90s" as {@code flag}'s value. */
  static Duration duration(String flag, String text) {
    try {
      Duration d = Durations.parse(text);
      if (!d.isZero()) {
        return d;
      }
    } catch (IllegalArgumentException e) {
      // said below
    }
    throw new UsageException(flag + " " + text + ": give hours, minutes and seconds, e.g. 20m, 1h30m or 90s");
  }
}
