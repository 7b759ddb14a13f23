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
          + " (high / low - 1), e.g. 5%%, and is neither equivalent nor clearly different (beyond the minimum effect,"
          + " its 99 %% interval clear of 1); for a cell compared with nothing, whose own interval per phase is wider"
          + " than PCT."
          + " Until none is, a cell has --max-forks, or --time-budget is spent. Each result says why its cell stopped"
          + " (forkStop).")
  String precision;

  @Option(names = "--max-forks", paramLabel = "N",
      description = "With --precision: the most forks a cell is given (default: "
          + AdaptiveForks.DEFAULT_MAX_FORKS_FACTOR + " times --forks, so the run takes at most about twice as long;"
          + " once the host stays busy, " + AdaptiveForks.BUSY_HOST_MAX_FORKS + ", as pairs disturbed on both sides"
          + " need more rounds). Given, one limit for any host.")
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
      run.parseArgs(header.run().command().stream().skip(header.run().command().isEmpty() || !header.run().command().get(0).equals("run")
          ? 0 : 1).toArray(String[]::new));
      RunCommand recorded = run.getCommand();
      int forks = new dev.kvbench.scenario.ScenarioFiles().parse(header.run().scenario(), results + " (its scenario)",
          header.run().scenarioName(), null).repetitions().forks();
      return recorded.precision.applyTo(SettingOptions.applied(run.getCommandSpec(), ROWS, options),
          minEffectPercent, forks);
    } catch (java.io.IOException | RuntimeException e) {
      return options;
    }
  }

  /**
   * Refuses a bad --precision, --max-forks or --time-budget before anything runs; what depends on
   * the scenario's forks is checked once it is read ({@link #applyTo}).
   */
  void check(double minEffectPercent) {
    applyTo(new RunOptions(null, null, null, List.of(), "check"), minEffectPercent, 1);
  }

  /** {@code options} with the forks these flags add, comparisons equivalent within {@code minEffectPercent}. */
  RunOptions applyTo(RunOptions options, double minEffectPercent, int scenarioForks) {
    if (precision == null && !options.budget().isZero() && scenarioForks > 0) {
      // a budget spends its forks where comparisons are undecided: forks are added, to 5 % unless told
      if (maxForks != null || timeBudget != null) {
        throw new UsageException((maxForks != null ? "--max-forks" : "--time-budget") + " goes with --precision:"
            + " give --precision PCT too, or leave it out (--budget adds forks to " + BUDGET_PRECISION + "%)");
      }
      int most = Math.min(dev.kvbench.scenario.Repetitions.MAX_FORKS, Math.max(BUDGET_MAX_FORKS, scenarioForks));
      return options.with(RunSettings.ADAPTIVE, new AdaptiveForks(BUDGET_PRECISION, most, options.budget(),
          minEffectPercent, dev.kvbench.runner.PrecisionJudge.INSTANCE));
    }
    AdaptiveForks adaptive = adaptive(minEffectPercent, scenarioForks);
    if (adaptive.on() && !options.budget().isZero() && adaptive.timeBudget().compareTo(options.budget()) > 0) {
      adaptive = new AdaptiveForks(adaptive.precisionPercent(), adaptive.maxForks(), adaptive.busyHostMaxForks(),
          options.budget(),
          adaptive.minEffectPercent(), adaptive.judge());
    }
    return options.with(RunSettings.ADAPTIVE, adaptive);
  }

  /** The precision a run with --budget and no --precision adds forks to, and the most forks a cell it gives. */
  static final double BUDGET_PRECISION = 5;
  static final int BUDGET_MAX_FORKS = 10;

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
    if (scenarioForks == 0) {
      throw new UsageException("--precision " + precision + " adds forks, but --forks 0 runs every cell in this JVM,"
          + " once: give --forks " + dev.kvbench.stats.SequentialRule.MIN_FIGURES + " or more, or leave out --precision");
    }
    int most = maxForks != null ? maxForks
        : Math.max(dev.kvbench.stats.SequentialRule.MIN_FIGURES, AdaptiveForks.DEFAULT_MAX_FORKS_FACTOR * scenarioForks);
    if (most < 1 || most > dev.kvbench.scenario.Repetitions.MAX_FORKS) {
      throw new UsageException("--max-forks " + most + ": give 1 to " + dev.kvbench.scenario.Repetitions.MAX_FORKS);
    }
    if (most < scenarioForks) {
      throw new UsageException("--max-forks " + most + " is below the " + scenarioForks + " forks every cell runs"
          + " (--forks): give --max-forks " + scenarioForks + " or more, or fewer --forks");
    }
    Duration budget = timeBudget == null ? AdaptiveForks.NO_TIME_BUDGET : duration("--time-budget", timeBudget);
    // --max-forks is one limit for any host; the default rises on a host that stays busy
    int busy = maxForks != null ? most : Math.max(most, AdaptiveForks.BUSY_HOST_MAX_FORKS);
    return new AdaptiveForks(pct, most, busy, budget, minEffectPercent, dev.kvbench.runner.PrecisionJudge.INSTANCE);
  }

  /** The most --precision may be: an interval twice as high as it is low says nothing a run needs forks for. */
  static final double MOST_PERCENT = 100;

  private static double percent(String text) {
    String number = text.endsWith("%") ? text.substring(0, text.length() - 1).trim() : text.trim();
    try {
      double pct = Double.parseDouble(number);
      if (pct > 0 && pct <= MOST_PERCENT) {
        return pct;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new UsageException("--precision " + text + ": give the widest interval as a percentage above 0 and at most"
        + " 100, e.g. 5% (an interval from 0.98 to 1.03 is 5 % wide)");
  }

  /**
   * How --precision was read, for a note where it was typed without its percent sign ({@code 5}:
   * 5 %, not 500 %); null where it was typed as a percentage or not given.
   */
  String readAs() {
    if (precision == null || precision.trim().endsWith("%")) {
      return null;
    }
    return "--precision " + precision + " read as " + precision.trim() + " % (a 95 % interval at most that wide: high"
        + " / low - 1)";
  }

  /** What the dry run says of the forks these flags add; empty without --precision. */
  static String describe(AdaptiveForks adaptive) {
    if (adaptive.judge() == dev.kvbench.runner.ForkJudge.NONE) {
      return "";
    }
    return String.format(java.util.Locale.ROOT, ", then up to %s while a comparison's (or a cell's own) 95 %% interval"
        + " is wider than %s %% and undecided%s", adaptive.maxForks() == adaptive.busyHostMaxForks()
            ? Integer.toString(adaptive.maxForks())
            : adaptive.maxForks() + " (" + adaptive.busyHostMaxForks() + " once the host stays busy)",
        adaptive.precisionPercent() == Math.rint(adaptive.precisionPercent())
            ? Long.toString((long) adaptive.precisionPercent()) : Double.toString(adaptive.precisionPercent()),
        adaptive.timeBudget().equals(AdaptiveForks.NO_TIME_BUDGET) ? ""
            : ", no round started after " + adaptive.timeBudget().toString().substring(2).toLowerCase(java.util.Locale.ROOT));
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
