package dev.kvbench.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.util.NameTransformer;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The figures a pass or a phase has beside its time and ops, by id, as JMH's secondary results: a
 * meter adds its reading with {@link #with}, and {@link FigureTable}'s rows read it back by id, so a
 * new reading is a new id here, not a component of every result type. In the result document they
 * are fields of the pass or phase that carries them (as they were when each was a component), in
 * the order they were added; whole numbers are written as integers.
 */
@JsonSerialize(using = Figures.Writer.class)
@JsonDeserialize(using = Figures.Reader.class)
public record Figures(Map<String, Double> values) {

  /** A pass's peak resident set; a phase's highest over its measured passes. */
  public static final String PEAK_RSS_BYTES = "peakRssBytes";

  /**
   * The CPU time, user and system, of the threads that did the pass's operations (a seed phase's one
   * measuring thread, a threaded phase's clients), without the store's background threads, GC or the JIT.
   */
  public static final String MEASURING_THREAD_CPU_MILLIS = "measuringThreadCpuMillis";

  /** The heap bytes the threads that did the pass's operations allocated over it. */
  public static final String MEASURING_THREAD_ALLOCATED_BYTES = "measuringThreadAllocatedBytes";

  /** A phase's process CPU (every thread) per op over its median pass; 0 where not measured. */
  public static final String CPU_NANOS_PER_OP = "cpuNanosPerOp";

  /** A phase's heap bytes the measuring threads allocated per op over its median pass. */
  public static final String ALLOCATED_BYTES_PER_OP = "allocatedBytesPerOp";

  /**
   * Every id a figure may have: a document's figures are read back under these, and only these,
   * since the record that carries them has numbers of its own beside them (a phase's noisy passes);
   * {@link #with} refuses any other, which would be written and then lost on reading.
   */
  static final Set<String> IDS = Set.of(PEAK_RSS_BYTES, MEASURING_THREAD_CPU_MILLIS,
      MEASURING_THREAD_ALLOCATED_BYTES, CPU_NANOS_PER_OP, ALLOCATED_BYTES_PER_OP);

  /** No figures. */
  public static final Figures NONE = new Figures(Map.of());

  /** {@code values} by id, in their order. */
  public Figures {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /**
   * These figures with {@code id} set to {@code value}; unchanged where {@code value} is null or
   * not a finite number (nothing was measured).
   *
   * @throws IllegalArgumentException where {@code id} is not one of {@link #IDS}
   */
  public Figures with(String id, Number value) {
    if (!IDS.contains(id)) {
      throw new IllegalArgumentException("figure " + id + " is not one of " + new java.util.TreeSet<>(IDS)
          + ": add its id to Figures so that a document written with it reads back");
    }
    if (value == null || !Double.isFinite(value.doubleValue())) {
      return this;
    }
    Map<String, Double> more = new LinkedHashMap<>(values);
    more.put(id, value.doubleValue());
    return new Figures(more);
  }

  /** The figure {@code id}, or null where it was not measured. */
  public Double get(String id) {
    return values.get(id);
  }

  /** The figure {@code id} as the whole number it is (bytes, a count), or null where it was not measured. */
  public Long whole(String id) {
    Double v = values.get(id);
    return v == null ? null : v.longValue();
  }

  /** Writes the figures as an object of their own, or unwrapped ({@link Unwrapping}) as fields of their carrier's. */
  static class Writer extends JsonSerializer<Figures> {
    @Override
    public JsonSerializer<Figures> unwrappingSerializer(NameTransformer names) {
      return new Unwrapping();
    }

    @Override
    public void serialize(Figures figures, JsonGenerator out, SerializerProvider provider) throws IOException {
      boolean own = !isUnwrappingSerializer();
      if (own) {
        out.writeStartObject();
      }
      for (Map.Entry<String, Double> e : figures.values.entrySet()) {
        double v = e.getValue();
        out.writeFieldName(e.getKey());
        // bytes and counts were longs when they were components: written as integers still
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
          out.writeNumber((long) v);
        } else {
          out.writeNumber(v);
        }
      }
      if (own) {
        out.writeEndObject();
      }
    }
  }

  private static final class Unwrapping extends Writer {
    @Override
    public boolean isUnwrappingSerializer() {
      return true;
    }
  }

  /**
   * Reads the numbers under {@link #IDS} of the object it is given: unwrapped, Jackson hands it every
   * field its carrier does not know itself, the other unwrapped parts' too.
   */
  static final class Reader extends JsonDeserializer<Figures> {
    @Override
    public JsonDeserializer<Figures> unwrappingDeserializer(NameTransformer names) {
      // another instance, else Jackson does not treat the property as unwrapped; it reads either form
      return new Reader();
    }

    @Override
    public Figures deserialize(JsonParser in, DeserializationContext context) throws IOException {
      Map<String, Double> values = new LinkedHashMap<>();
      JsonToken t = in.currentToken() == null ? in.nextToken() : in.currentToken();
      if (t == JsonToken.START_OBJECT) {
        t = in.nextToken();
      }
      for (; t == JsonToken.FIELD_NAME; t = in.nextToken()) {
        String name = in.currentName();
        JsonToken value = in.nextToken();
        if (value.isNumeric() && IDS.contains(name)) {
          values.put(name, in.getDoubleValue());
        } else {
          in.skipChildren();
        }
      }
      return new Figures(values);
    }

    @Override
    public Figures getNullValue(DeserializationContext context) {
      return NONE;
    }
  }
}
