package dev.kvbench.runner.fork;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.kvbench.workload.ClassReferences;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyFormats;
import dev.kvbench.workload.ValueFormat;
import dev.kvbench.workload.ValueFormats;
import java.io.IOException;
import java.util.function.Function;

/**
 * How a fork plan carries the cell's key format, value format and custom operations: a built-in's
 * id or the class a forked cell re-creates the user's object from.
 */
final class UserCodeJson {

  private UserCodeJson() {}

  static SimpleModule module() {
    SimpleModule m = new SimpleModule("kvbench-user-code");
    add(m, KeyFormat.class, KeyFormats::reference, KeyFormats::of);
    add(m, ValueFormat.class, ValueFormats::reference, ValueFormats::of);
    add(m, CustomOperation.class, op -> op.getClass().getName(),
        name -> ClassReferences.create(name, CustomOperation.class, "custom operation"));
    return m;
  }

  private static <T> void add(SimpleModule m, Class<T> type, Function<T, String> write, Function<String, T> read) {
    m.addSerializer(type, new JsonSerializer<T>() {
      @Override
      public void serialize(T value, JsonGenerator out, SerializerProvider provider) throws IOException {
        out.writeString(write.apply(value));
      }
    });
    m.addDeserializer(type, new JsonDeserializer<T>() {
      @Override
      public T deserialize(JsonParser in, DeserializationContext context) throws IOException {
        return read.apply(in.getValueAsString());
      }
    });
  }
}
