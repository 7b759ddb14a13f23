package dev.kvbench.scenario;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.store.Durability;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.ValueContent;
import dev.kvbench.workload.ValueFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dimensions a scenario sweeps; the cells are every combination of them.
 *
 * @param stores store ids; empty means every store available here
 * @param entries entry counts
 * @param valueSizes value sizes in bytes
 * @param keys key encodings
 * @param orders write and readKey orders
 * @param batchSizes entries per write transaction or batch; {@link #ALL_IN_ONE} means one for all
 * @param durability durability modes
 * @param settings store settings to sweep, {@code store.key} to its values, e.g.
 *     {@code lmdbjava-agrona.writeMap: [true, false]}; a setting with one value just sets it
 * @param threads client threads of the threaded phases (readers, ycsb-a ...); cells that run
 *     none of them have one
 * @param valueContents what the values' bytes are: random (the default), zeros, compressible:R
 * @param codecs value codecs the harness applies around each put and get: none (the default),
 *     deflate, snappy ... ({@link dev.kvbench.codec.ValueCodecs})
 */
public record Matrix(
    List<String> stores,
    List<Long> entries,
    List<Integer> valueSizes,
    List<KeyFormat> keys,
    List<KeyOrder> orders,
    List<Long> batchSizes,
    List<Durability> durability,
    Map<String, List<String>> settings,
    List<Integer> threads,
    List<ValueFormat> valueContents,
    List<String> codecs) {

  /** Batch size meaning "all entries in one transaction or batch", as the seeds wrote. */
  public static final long ALL_IN_ONE = 0;

  /** kvbench's bare default: 100,000 int keys x 100-byte values, seq and rnd, every available store. */
  public static final Matrix DEFAULT = new Matrix(List.of(), List.of(100_000L), List.of(100),
      List.of(KeyEncoding.INT), List.of(KeyOrder.SEQ, KeyOrder.RND), List.of(ALL_IN_ONE),
      List.of(Durability.NOSYNC), Map.of());

  /** A matrix of one thread. */
  public Matrix(List<String> stores, List<Long> entries, List<Integer> valueSizes, List<KeyFormat> keys,
      List<KeyOrder> orders, List<Long> batchSizes, List<Durability> durability, Map<String, List<String>> settings) {
    this(stores, entries, valueSizes, keys, orders, batchSizes, durability, settings, List.of(1));
  }

  /** A matrix of random values. */
  public Matrix(List<String> stores, List<Long> entries, List<Integer> valueSizes, List<KeyFormat> keys,
      List<KeyOrder> orders, List<Long> batchSizes, List<Durability> durability, Map<String, List<String>> settings,
      List<Integer> threads) {
    this(stores, entries, valueSizes, keys, orders, batchSizes, durability, settings, threads,
        List.of(ValueContent.RANDOM), List.of(ValueCodecs.NONE));
  }

  public Matrix {
    threads = distinct(threads == null ? List.of(1) : threads, "threads", false);
    valueContents = distinct(valueContents == null ? List.of(ValueContent.RANDOM) : valueContents, "valueContents",
        false);
    codecs = distinct(codecs == null ? List.of(ValueCodecs.NONE) : codecs, "codecs", false);
    if (threads.stream().anyMatch(t -> t < 1)) {
      throw new IllegalArgumentException("matrix.threads must be 1 or more, got " + threads);
    }
    stores = distinct(stores, "stores", true);
    entries = distinct(entries, "entries", false);
    valueSizes = distinct(valueSizes, "valueSizes", false);
    keys = distinct(keys, "keys", false);
    orders = distinct(orders, "orders", false);
    batchSizes = distinct(batchSizes, "batchSizes", false);
    durability = distinct(durability, "durability", false);
    Map<String, List<String>> copy = new LinkedHashMap<>();
    (settings == null ? Map.<String, List<String>>of() : settings).forEach((k, v) -> {
      if (v == null || v.isEmpty()) {
        throw new IllegalArgumentException("setting " + k + " needs at least one value");
      }
      copy.put(k, List.copyOf(v));
    });
    settings = java.util.Collections.unmodifiableMap(copy);
  }

  private static <T> List<T> distinct(List<T> values, String name, boolean emptyAllowed) {
    List<T> list = values == null ? List.of() : values.stream().distinct().toList();
    if (list.isEmpty() && !emptyAllowed) {
      throw new IllegalArgumentException("matrix." + name + " needs at least one value");
    }
    if (list.size() != (values == null ? 0 : values.size())) {
      throw new IllegalArgumentException("matrix." + name + " lists a value twice: " + values);
    }
    return list;
  }

  /**
   * These stores instead of this matrix's; the settings of stores left out go with them (a preset's
   * libmdbx setting, say, when --stores names only LMDB), the others stay.
   */
  public Matrix withStores(List<String> v) {
    Map<String, List<String>> kept = new LinkedHashMap<>();
    settings.forEach((key, values) -> {
      if (v.contains(key.substring(0, Math.max(0, key.indexOf('.'))))) {
        kept.put(key, values);
      }
    });
    return new Matrix(v, entries, valueSizes, keys, orders, batchSizes, durability, kept,
        threads, valueContents, codecs);
  }

  public Matrix withEntries(List<Long> v) {
    return new Matrix(stores, v, valueSizes, keys, orders, batchSizes, durability, settings,
        threads, valueContents, codecs);
  }

  public Matrix withValueSizes(List<Integer> v) {
    return new Matrix(stores, entries, v, keys, orders, batchSizes, durability, settings,
        threads, valueContents, codecs);
  }

  public Matrix withKeys(List<KeyFormat> v) {
    return new Matrix(stores, entries, valueSizes, v, orders, batchSizes, durability, settings,
        threads, valueContents, codecs);
  }

  public Matrix withOrders(List<KeyOrder> v) {
    return new Matrix(stores, entries, valueSizes, keys, v, batchSizes, durability, settings,
        threads, valueContents, codecs);
  }

  public Matrix withBatchSizes(List<Long> v) {
    return new Matrix(stores, entries, valueSizes, keys, orders, v, durability, settings,
        threads, valueContents, codecs);
  }

  public Matrix withDurability(List<Durability> v) {
    return new Matrix(stores, entries, valueSizes, keys, orders, batchSizes, v, settings,
        threads, valueContents, codecs);
  }

  public Matrix withThreads(List<Integer> v) {
    return new Matrix(stores, entries, valueSizes, keys, orders, batchSizes, durability, settings,
        v, valueContents, codecs);
  }

  public Matrix withCodecs(List<String> v) {
    return new Matrix(stores, entries, valueSizes, keys, orders, batchSizes, durability, settings, threads,
        valueContents, v);
  }

  public Matrix withValueContents(List<ValueFormat> v) {
    return new Matrix(stores, entries, valueSizes, keys, orders, batchSizes, durability, settings, threads, v, codecs);
  }

  /** These settings replace the same keys of this matrix's and keep the others. */
  public Matrix withSettings(Map<String, List<String>> overrides) {
    Map<String, List<String>> merged = new LinkedHashMap<>(settings);
    merged.putAll(overrides);
    return new Matrix(stores, entries, valueSizes, keys, orders, batchSizes, durability, merged,
        threads, valueContents, codecs);
  }

  /**
   * Entry counts multiplied by {@code factor} (at least 1 each), and batch sizes with them so a
   * scaled run keeps the same number of commits per pass.
   */
  public Matrix scaled(double factor) {
    if (!(factor > 0)) {
      throw new IllegalArgumentException("--scale must be above 0, got " + factor);
    }
    return new Matrix(stores, entries.stream().map(e -> scale(e, factor)).distinct().toList(), valueSizes, keys,
        orders, batchSizes.stream().map(b -> b == ALL_IN_ONE ? b : scale(b, factor)).distinct().toList(),
        durability, settings, threads, valueContents, codecs);
  }

  private static long scale(long n, double factor) {
    return Math.max(1, Math.round(n * factor));
  }
}
