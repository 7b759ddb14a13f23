package dev.kvbench.cli;

import dev.kvbench.runner.AdaptiveForks;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * {@code --precision}, {@code --max-forks}, {@code --time-budget}: forks added until the figures are
 * precise enough; {@code --noisy-reruns}: forks the host disturbed run again.
 */
final class ForkOptions {

  @Option(names = "--noisy-reruns", paramLabel = "N",
      description = "Run a fork the host disturbed (other processes, steal, its CPU held from outside: what compare"
          + " leaves out) again at once, up to N times (default: "
          + dev.kvbench.runner.ScenarioRunner.Options.DEFAULT_NOISY_RERUNS + "; 0 keeps it as it is). Every attempt"
          + " stays in the journal; the last one counts.")
  Integer noisyReruns;

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

  @Option(names = "--wait-quiet", paramLabel = "DURATION",
      description = "Before each fork, wait until other processes use under a quarter of a CPU and steal is under 5 %%"
          + " of one (over half a second), for at most DURATION (e.g. 60s, 5m); then the fork runs anyway and the run"
          + " says how busy the host still was.")
  String waitQuiet;

  /** Whether any of these was given. */
  boolean given() {
    return precision != null || maxForks != null || timeBudget != null || noisyReruns != null || waitQuiet != null;
  }

  /**
   * {@code options} with the --precision, --max-forks, --time-budget and --noisy-reruns the run whose
   * results are at {@code results} was started with, read from the command its journal recorded (a
   * resumed run adds and reruns forks as the run did); as they are where it cannot be read, which
   * the resume then says.
   */
  static dev.kvbench.runner.ScenarioRunner.Options recordedIn(java.nio.file.Path results,
      dev.kvbench.runner.ScenarioRunner.Options options, double minEffectPercent) {
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
      return recorded.precision.applyTo(options, minEffectPercent, forks);
    } catch (java.io.IOException | RuntimeException e) {
      return options;
    }
  }

  /** Refuses a bad --precision, --max-forks, --time-budget, --noisy-reruns or --wait-quiet before anything runs. */
  void check(double minEffectPercent) {
    applyTo(new dev.kvbench.runner.ScenarioRunner.Options(null, null, null, java.util.List.of(), "check"),
        minEffectPercent, dev.kvbench.scenario.Repetitions.DEFAULT.forks());
  }

  /** {@code options} with these flags' reruns and added forks, comparisons equivalent within {@code minEffectPercent}. */
  dev.kvbench.runner.ScenarioRunner.Options applyTo(dev.kvbench.runner.ScenarioRunner.Options options,
      double minEffectPercent, int scenarioForks) {
    int reruns = noisyReruns == null ? dev.kvbench.runner.ScenarioRunner.Options.DEFAULT_NOISY_RERUNS : noisyReruns;
    if (reruns < 0 || reruns > dev.kvbench.runner.ScenarioRunner.Options.MAX_NOISY_RERUNS) {
      throw new UsageException("--noisy-reruns " + reruns + ": give 0 (keep a disturbed fork as it is) to "
          + dev.kvbench.runner.ScenarioRunner.Options.MAX_NOISY_RERUNS);
    }
    return options.withAdaptive(adaptive(minEffectPercent, scenarioForks)).withNoisyReruns(reruns)
        .withWaitQuiet(waitQuiet == null ? Duration.ZERO : duration("--wait-quiet", waitQuiet));
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

  private static final Pattern PART = Pattern.compile("(\\d+)([hms])");

  /** "1h30m", "20m", "90s" as {@code flag}'s value. */
  static Duration duration(String flag, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    Matcher m = PART.matcher(t);
    Duration d = Duration.ZERO;
    int at = 0;
    while (m.find() && m.start() == at) {
      long n = Long.parseLong(m.group(1));
      d = d.plus(switch (m.group(2)) {
        case "h" -> Duration.ofHours(n);
        case "m" -> Duration.ofMinutes(n);
        default -> Duration.ofSeconds(n);
      });
      at = m.end();
    }
    if (at != t.length() || at == 0 || d.isZero()) {
      throw new UsageException(flag + " " + text + ": give hours, minutes and seconds, e.g. 20m, 1h30m or 90s");
    }
    return d;
  }
}
