package dev.kvbench.codec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** The value codecs on the class path, by id; {@code none} stores values as they are. */
public final class ValueCodecs {

  /** The id of no codec: values go to the store as they are. */
  public static final String NONE = "none";

  private final Map<String, ValueCodecProvider> byId;

  private ValueCodecs(Map<String, ValueCodecProvider> byId) {
    this.byId = byId;
  }

  /** The codecs {@link ServiceLoader} finds on this class path. */
  public static ValueCodecs load() {
    List<ValueCodecProvider> found = new ArrayList<>();
    ServiceLoader.load(ValueCodecProvider.class).forEach(found::add);
    found.sort(Comparator.comparing(ValueCodecProvider::id));
    Map<String, ValueCodecProvider> m = new LinkedHashMap<>();
    for (ValueCodecProvider p : found) {
      if (m.putIfAbsent(p.id(), p) != null) {
        throw new IllegalStateException("two value codecs named " + p.id() + ": " + m.get(p.id()).getClass().getName()
            + " and " + p.getClass().getName());
      }
    }
    return new ValueCodecs(m);
  }

  /** Every id {@code --codec} takes, {@code none} first. */
  public List<String> ids() {
    List<String> ids = new ArrayList<>();
    ids.add(NONE);
    ids.addAll(byId.keySet());
    return ids;
  }

  /** The codec named {@code id}; the message of an unknown one lists the ids there are. */
  public ValueCodecProvider require(String id) {
    ValueCodecProvider p = byId.get(id);
    if (p == null) {
      String more = byId.containsKey("snappy") ? ""
          : " (kvbench-codecs adds snappy, lz4, zstd, bzip2 and xz: kvbench.jar has it; a library user adds the"
              + " dev.kvbench:kvbench-codecs dependency)";
      throw new IllegalArgumentException("unknown value codec '" + id + "': use one of " + String.join(", ", ids())
          + more);
    }
    return p;
  }
}
