package dev.kvbench.scenario;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A run-level setting, defined once, as an {@link Axis} is for the matrix: its place in a scenario
 * file (a section and a key, {@code jvm.counters}), its command-line flag and help, how its value
 * is read from text (and checked) and written back, where it lives in its section's record, and
 * why it needs forked cells. Scenario files, the CLI's flags and error wording, overrides and the
 * forks check read the rows ({@link JvmSettings#ALL}), so a new setting is its row, the field it
 * sets, and the code that uses it.
 *
 * @param <S> the section's record, e.g. {@link JvmOptions}
 * @param <T> the type of the value
 */
public final class Setting<S, T> {

  /** How many texts the setting takes: none (a flag that is on when given), one, or a list. */
  public enum Arity { SWITCH, ONE, LIST }

  /**
   * A section's record that keeps its values by row ({@link JvmOptions}), so a new row needs no
   * field, constructor or wither there.
   *
   * @param <S> the record itself
   */
  public interface Values<S> {
    /** The value of {@code row}, its default where unset. */
    <T> T get(Setting<S, T> row);

    /** This record with {@code row} at {@code value}. */
    <T> S with(Setting<S, T> row, T value);
  }

  private final String section;
  private final String key;
  private final List<String> flags;
  private final String paramLabel;
  private final String help;
  private final Arity arity;
  private final Function<List<String>, T> parser;
  private final T whenSwitched;
  private final Function<T, List<String>> writer;
  private final Function<S, T> getter;
  private final BiFunction<S, T, S> setter;
  private final Function<T, String> needsForks;
  private final Function<T, String> flagRefuses;
  private final boolean hidden;
  private final boolean keptByRow;
  private final T defaultValue;

  private Setting(Builder<S, T> b) {
    this.section = Objects.requireNonNull(b.section, "section");
    this.key = Objects.requireNonNull(b.key, "key");
    this.flags = List.copyOf(b.flags);
    this.paramLabel = b.paramLabel;
    this.help = b.help;
    this.arity = b.arity;
    this.parser = Objects.requireNonNull(b.parser, key + ": parser");
    this.whenSwitched = b.whenSwitched;
    this.writer = Objects.requireNonNull(b.writer, key + ": writer");
    this.keptByRow = b.keptByRow;
    this.defaultValue = b.defaultValue;
    this.getter = keptByRow ? null : Objects.requireNonNull(b.getter, key + ": getter");
    this.setter = keptByRow ? null : Objects.requireNonNull(b.setter, key + ": setter");
    this.needsForks = b.needsForks;
    this.flagRefuses = b.flagRefuses;
    this.hidden = b.hidden;
    if (!flags.isEmpty() && help == null && !hidden) {
      throw new IllegalStateException(name() + ": a flag needs its help");
    }
    if (arity == Arity.SWITCH && whenSwitched == null) {
      throw new IllegalStateException(name() + ": a switch needs the value it sets");
    }
  }

  /** A setting of {@code section} named {@code key} in scenario files and in messages. */
  public static <S, T> Builder<S, T> of(String section, String key) {
    return new Builder<>(section, key);
  }

  /**
   * A setting of the run, not of its scenario ({@code maxCells}): no scenario file holds it, and
   * messages name it by its key alone.
   */
  public static <S, T> Builder<S, T> run(String key) {
    return new Builder<>("", key);
  }

  /** The setting's name in messages and scenario files, e.g. {@code jvm.counters}. */
  public String name() {
    return section.isEmpty() ? key : section + "." + key;
  }

  /** The key within its section, e.g. {@code counters}. */
  public String key() {
    return key;
  }

  /** Where the setting sits in a scenario file, e.g. {@code /jvm/counters}, for error messages. */
  public String pointer() {
    return section.isEmpty() ? "/" + key : "/" + section + "/" + key;
  }

  /** The command-line flags, the main one first; none for a setting only a file sets. */
  public List<String> flags() {
    return flags;
  }

  public String paramLabel() {
    return paramLabel;
  }

  public String help() {
    return help;
  }

  public Arity arity() {
    return arity;
  }

  /** The value {@code texts} give (one text, or a list); throws IllegalArgumentException saying what is wrong. */
  public T parse(List<String> texts) {
    return parser.apply(texts);
  }

  /** The value a switch sets when given. */
  public T switched() {
    return whenSwitched;
  }

  /** The texts a scenario file writes for {@code value}; none where it is the default (the file leaves it out). */
  public List<String> texts(T value) {
    return writer.apply(value);
  }

  /** This setting's value in {@code record}. */
  @SuppressWarnings("unchecked")
  public T get(S record) {
    return keptByRow ? ((Values<S>) record).get(this) : getter.apply(record);
  }

  /** {@code record} with this setting at {@code value}. */
  @SuppressWarnings("unchecked")
  public S with(S record, T value) {
    return keptByRow ? ((Values<S>) record).with(this, value) : setter.apply(record, value);
  }

  /** The value where nothing sets it, for a row its record keeps by row ({@link Values}); else null. */
  public T defaultValue() {
    return defaultValue;
  }

  /**
   * What {@code value} does to a forked cell's JVM that cells run in kvbench's own JVM ({@code
   * forks 0}) cannot have, said after the setting's name; null when it needs no forks.
   */
  public String needsForks(T value) {
    return needsForks == null ? null : needsForks.apply(value);
  }

  /**
   * Why the flag does not take {@code value} though a file may (a file's 0 rate means no target; a
   * flag given 0 is a mistake), said after the flag; null when it does.
   */
  public String flagRefuses(T value) {
    return flagRefuses == null ? null : flagRefuses.apply(value);
  }

  /** Whether the flag is left out of the help (a test's). */
  public boolean hidden() {
    return hidden;
  }

  @Override
  public String toString() {
    return name();
  }

  /** A number read by {@code parse}, or a message saying the text is not one. */
  public static <T> Function<String, T> number(Function<String, T> parse) {
    return text -> {
      try {
        return parse.apply(text.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + text + "' is not a number", e);
      }
    };
  }

  /** Builds a {@link Setting}; every row of a table says each part. */
  public static final class Builder<S, T> {
    private final String section;
    private final String key;
    private List<String> flags = List.of();
    private String paramLabel;
    private String help;
    private Arity arity = Arity.ONE;
    private Function<List<String>, T> parser;
    private T whenSwitched;
    private Function<T, List<String>> writer;
    private Function<S, T> getter;
    private BiFunction<S, T, S> setter;
    private Function<T, String> needsForks;
    private Function<T, String> flagRefuses;
    private boolean hidden;
    private boolean keptByRow;
    private T defaultValue;

    private Builder(String section, String key) {
      this.section = section;
      this.key = key;
    }

    /** The flag that sets it, with its label and help. */
    public Builder<S, T> flag(String flag, String label, String text) {
      this.flags = List.of(flag);
      this.paramLabel = label;
      this.help = text;
      return this;
    }

    /** One text, read by {@code read}, written by {@code write} (null: the default, left out of files). */
    public Builder<S, T> one(Function<String, T> read, Function<T, String> write) {
      this.arity = Arity.ONE;
      this.parser = texts -> read.apply(single(texts));
      this.writer = v -> {
        String text = write.apply(v);
        return text == null ? List.of() : List.of(text);
      };
      return this;
    }

    /** A list of texts, each flag given adding one (the whole list replacing a file's). */
    public Builder<S, T> list(Function<List<String>, T> read, Function<T, List<String>> write) {
      this.arity = Arity.LIST;
      this.parser = read;
      this.writer = write;
      return this;
    }

    /** A flag without a value sets {@code value}; a file writes the setting as one text. */
    public Builder<S, T> switchTo(T value) {
      this.whenSwitched = value;
      this.arity = Arity.SWITCH;
      return this;
    }

    public Builder<S, T> in(Function<S, T> get, BiFunction<S, T, S> set) {
      this.getter = get;
      this.setter = set;
      return this;
    }

    /** Kept in a record that holds its values by row ({@link Values}), {@code value} where unset (null: none). */
    public Builder<S, T> keptByRow(T value) {
      this.keptByRow = true;
      this.defaultValue = value;
      return this;
    }

    /** Why a value needs forked cells (said after the setting and its value), or null when it does not. */
    public Builder<S, T> needsForks(Function<T, String> why) {
      this.needsForks = why;
      return this;
    }

    /** Why the flag refuses a value a file may give (said after the flag), or null where it takes it. */
    public Builder<S, T> flagRefuses(Function<T, String> why) {
      this.flagRefuses = why;
      return this;
    }

    /** A flag for tests, left out of the help. */
    public Builder<S, T> hiddenFlag(String flag, String label) {
      this.flags = List.of(flag);
      this.paramLabel = label;
      this.hidden = true;
      return this;
    }

    public Setting<S, T> build() {
      return new Setting<>(this);
    }

    private String single(List<String> texts) {
      if (texts.size() != 1) {
        throw new IllegalArgumentException("takes one value, got " + texts.size() + ": " + texts);
      }
      return texts.get(0);
    }
  }
}
