package dev.kvbench.workload.trace;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A trace drawn from a mixgraph model where a replay cell runs, not recorded: written {@code
 * MODEL:N} as the traces axis's value, MODEL {@code fast20} (db_bench's documented parameters,
 * {@link MixgraphModel#FAST20}) or a model file {@code kvbench trace fit} wrote, N the operations
 * to draw ({@code 1m}, {@code 500k}). Each cell draws the same trace (the seed is fixed, as {@code
 * kvbench trace generate}'s default), into its own work directory, untimed, so a fitted model is
 * a workload a scenario file names and {@code --scale} scales (the operations, not the model).
 *
 * @param model {@code fast20} or the model file's path
 * @param operations the operations to draw, at least 1
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public record DrawnTrace(String model, long operations) {

  /** The built-in model's name. */
  public static final String FAST20 = "fast20";

  /** The draws' seed: {@code kvbench trace generate}'s default, so a cell's trace is the one that command writes. */
  public static final long SEED = 1;

  private static final Pattern TEXT = Pattern.compile("(.+):([0-9][0-9_]*)([kKmM]?)");

  public DrawnTrace {
    if (operations < 1) {
      throw new IllegalArgumentException("a trace drawn from " + model + " has 1 or more operations, not " + operations);
    }
  }

  /** {@code text} as a drawn trace, or empty where it is not {@code MODEL:N} (a recorded trace's path). */
  public static Optional<DrawnTrace> parse(String text) {
    Matcher m = TEXT.matcher(text.trim());
    if (!m.matches() || !isModel(m.group(1))) {
      return Optional.empty();
    }
    long n = Long.parseLong(m.group(2).replace("_", ""));
    long unit = switch (m.group(3).toLowerCase(java.util.Locale.ROOT)) {
      case "k" -> 1_000;
      case "m" -> 1_000_000;
      default -> 1;
    };
    return Optional.of(new DrawnTrace(m.group(1), Math.multiplyExact(n, unit)));
  }

  /** Whether {@code name} names a model: the built-in one, or a YAML file. */
  public static boolean isModel(String name) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    return name.equals(FAST20) || lower.endsWith(".yaml") || lower.endsWith(".yml");
  }

  /** The model; throws IllegalArgumentException naming the file where it does not read as one. */
  public MixgraphModel read() {
    return model.equals(FAST20) ? MixgraphModel.FAST20 : MixgraphModel.read(Path.of(model));
  }

  /** This with its model file's path absolute, so a forked cell finds it whatever its working directory. */
  public DrawnTrace absolute() {
    return model.equals(FAST20) ? this : new DrawnTrace(Path.of(model).toAbsolutePath().normalize().toString(),
        operations);
  }

  /** This with {@code factor} times the operations (at least 1): {@code --scale}. */
  public DrawnTrace scaled(double factor) {
    return new DrawnTrace(model, Math.max(1, Math.round(operations * factor)));
  }

  /** The axis value: {@code MODEL:N}. */
  public String text() {
    return model + ":" + operations;
  }

  /** Draws the trace into a new file in {@code directory} and returns it. */
  public Path drawInto(Path directory) {
    // named as the axis value is, for a message about it: fast20-1000000.kvbtrace
    String stem = Path.of(model).getFileName().toString().replaceFirst("\\.ya?ml$", "");
    Path file = directory.resolve(stem + "-" + operations + ".kvbtrace");
    MixgraphGenerator.write(read(), operations, SEED, file);
    return file;
  }
}
