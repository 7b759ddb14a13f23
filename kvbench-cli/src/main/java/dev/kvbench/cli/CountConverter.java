package dev.kvbench.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Counts written as 100000, 100_000, 100,000 or with a decimal suffix: 100k, 1m, 1g. */
final class CountConverter implements ITypeConverter<Long> {

  @Override
  public Long convert(String value) {
    String t = value.trim().toLowerCase(Locale.ROOT).replace("_", "").replace(",", "");
    long multiplier = 1;
    if (t.endsWith("k")) {
      multiplier = 1_000;
    } else if (t.endsWith("m")) {
      multiplier = 1_000_000;
    } else if (t.endsWith("g") || t.endsWith("b")) {
      multiplier = 1_000_000_000;
    }
    if (multiplier > 1) {
      t = t.substring(0, t.length() - 1);
    }
    try {
      return Math.multiplyExact(Long.parseLong(t), multiplier);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new TypeConversionException("'" + value + "' is not a count (examples: 1000, 100_000, 1m)");
    }
  }
}
