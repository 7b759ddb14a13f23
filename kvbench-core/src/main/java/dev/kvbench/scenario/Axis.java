package dev.kvbench.scenario;

import dev.kvbench.workload.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One dimension of the matrix, defined once: its YAML key under {@code matrix:}, its command-line
 * flag and help, how one value is read from text (and checked) and written back, its default, what
 * {@code --scale} does to it, which phases use it, and its part of the cell id. The axes themselves
 * are listed in {@link Axes}; scenario files, the CLI, {@link Matrix} and {@link Scenario#cells}
 * read that list, so a new axis is one entry there plus the code that uses its value.
 *
 * @param <T> the type of one value
 */
public final class Axis<T> {

  /** A value's part of the cell id, or null for none (a default value older cell ids did not name). */
  @FunctionalInterface
  public interface IdPart<T> {
    String of(T value, CellParams cell);
  }

  private final String key;
  private final List<String> flags;
  private final String paramLabel;
  private final String help;
  private final Function<String, T> parser;
  private final Function<T, String> writer;
  private final List<T> defaults;
  private final BiFunction<T, Double, T> scaling;
  private final Predicate<Phase> usedBy;
  private final T whenUnused;
  private final Function<CellParams, T> inCell;
  private final BiFunction<T, Scenario, String> problem;
  private final int idRank;
  private final IdPart<T> idPart;
  private final boolean namedInResults;

  private Axis(Builder<T> b) {
    this.key = Objects.requireNonNull(b.key, "key");
    this.flags = List.copyOf(b.flags);
    this.paramLabel = Objects.requireNonNull(b.paramLabel, key + ": paramLabel");
    this.help = Objects.requireNonNull(b.help, key + ": help");
    this.parser = Objects.requireNonNull(b.parser, key + ": parser");
    this.writer = Objects.requireNonNull(b.writer, key + ": writer");
    this.defaults = List.copyOf(b.defaults);
    this.scaling = b.scaling;
    this.usedBy = b.usedBy;
    this.whenUnused = b.whenUnused;
    // an axis without a field of its own travels as text in the cell's axes
    this.inCell = b.inCell != null ? b.inCell
        : cell -> cell.axes().containsKey(key) ? parser.apply(cell.axes().get(key)) : defaults.get(0);
    this.problem = b.problem;
    this.idRank = b.idRank;
    this.idPart = Objects.requireNonNull(b.idPart, key + ": idPart");
    this.namedInResults = b.namedInResults;
    if (flags.isEmpty() || defaults.isEmpty()) {
      throw new IllegalStateException("axis " + key + " needs a flag and a default");
    }
  }

  /** An axis named {@code key} in scenario files (under {@code matrix:}) and in messages. */
  static <T> Builder<T> named(String key) {
    return new Builder<>(key);
  }

  /** The YAML key under {@code matrix:}, e.g. {@code valueSizes}. */
  public String key() {
    return key;
  }

  /** Where the axis sits in a scenario file, e.g. {@code /matrix/valueSizes}, for error messages. */
  public String pointer() {
    return "/matrix/" + key;
  }

  /** The command-line flags, the main one first, e.g. {@code --value-size}. */
  public List<String> flags() {
    return flags;
  }

  public String paramLabel() {
    return paramLabel;
  }

  /** The flag's help text. */
  public String help() {
    return help;
  }

  /** One value read from text, e.g. {@code 1m} entries; throws IllegalArgumentException saying what is wrong. */
  public T parse(String text) {
    return parser.apply(text);
  }

  /** One value as text that {@link #parse} reads back, as scenario files write it. */
  public String text(T value) {
    return writer.apply(value);
  }

  public List<T> defaults() {
    return defaults;
  }

  /** The values {@code --scale factor} makes of {@code values} (the same when the axis does not scale). */
  List<T> scaled(List<T> values, double factor) {
    return scaling == null ? values : values.stream().map(v -> scaling.apply(v, factor)).distinct().toList();
  }

  /**
   * The values a scenario of {@code phases} sweeps: the matrix's, or the one neutral value when no
   * phase uses the axis (thread counts of a scenario without threaded phases).
   */
  List<T> swept(List<T> values, List<Phase> phases) {
    return usedBy == null || phases.stream().anyMatch(usedBy) ? values : List.of(whenUnused);
  }

  /** What is wrong with {@code value} in {@code scenario}, or null. */
  String problemWith(T value, Scenario scenario) {
    return problem == null ? null : problem.apply(value, scenario);
  }

  /** This axis's value in {@code cell}. */
  public T valueIn(CellParams cell) {
    return inCell.apply(cell);
  }

  /** Where this axis's part goes in a cell id: parts are written in rank order. */
  public int idRank() {
    return idRank;
  }

  /** This axis's part of {@code cell}'s id, with its leading separator; null when the id leaves it out. */
  public String idPart(CellParams cell) {
    return idPart.of(valueIn(cell), cell);
  }

  /**
   * Whether the result's {@code parameters} have a field of their own for this axis; the others
   * are recorded by key under {@code parameters.axes}.
   */
  public boolean namedInResults() {
    return namedInResults;
  }

  @Override
  public String toString() {
    return key;
  }

  /** Builds one axis; {@link Axes} is its only user. */
  static final class Builder<T> {
    private final String key;
    private final List<String> flags = new ArrayList<>();
    private String paramLabel;
    private String help;
    private Function<String, T> parser;
    private Function<T, String> writer = String::valueOf;
    private List<T> defaults = List.of();
    private BiFunction<T, Double, T> scaling;
    private Predicate<Phase> usedBy;
    private T whenUnused;
    private Function<CellParams, T> inCell;
    private BiFunction<T, Scenario, String> problem;
    private int idRank;
    private IdPart<T> idPart;
    private boolean namedInResults;

    private Builder(String key) {
      this.key = key;
    }

    Builder<T> flag(String label, String helpText, String... names) {
      this.paramLabel = label;
      this.help = helpText;
      flags.addAll(List.of(names));
      return this;
    }

    Builder<T> parsedBy(Function<String, T> parse, Function<T, String> write) {
      this.parser = parse;
      this.writer = write;
      return this;
    }

    @SafeVarargs
    final Builder<T> defaults(T... values) {
      this.defaults = List.of(values);
      return this;
    }

    Builder<T> scaledBy(BiFunction<T, Double, T> scale) {
      this.scaling = scale;
      return this;
    }

    Builder<T> onlyFor(Predicate<Phase> phase, T neutral) {
      this.usedBy = phase;
      this.whenUnused = neutral;
      return this;
    }

    Builder<T> inCell(Function<CellParams, T> read) {
      this.inCell = read;
      return this;
    }

    /** What is wrong with a value in {@code scenario} (null when nothing), checked before any cell runs. */
    Builder<T> checkedBy(BiFunction<T, Scenario, String> check) {
      this.problem = check;
      return this;
    }

    Builder<T> id(int rank, IdPart<T> part) {
      this.idRank = rank;
      this.idPart = part;
      return this;
    }

    Builder<T> namedInResults() {
      this.namedInResults = true;
      return this;
    }

    Axis<T> build() {
      return new Axis<>(this);
    }
  }
}
