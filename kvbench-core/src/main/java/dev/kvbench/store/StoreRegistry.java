package dev.kvbench.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/** The store providers on a class path, found by {@link ServiceLoader}, ordered by id. */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class StoreRegistry {

  private final List<StoreProvider> providers;

  public StoreRegistry(List<StoreProvider> providers) {
    List<StoreProvider> sorted = new ArrayList<>(providers);
    sorted.sort(Comparator.comparing(StoreProvider::id));
    for (int i = 1; i < sorted.size(); i++) {
      if (sorted.get(i).id().equals(sorted.get(i - 1).id())) {
        throw new IllegalStateException("two providers use the id " + sorted.get(i).id());
      }
    }
    this.providers = List.copyOf(sorted);
  }

  public static StoreRegistry load(ClassLoader loader) {
    List<StoreProvider> found = new ArrayList<>();
    ServiceLoader.load(StoreProvider.class, loader).forEach(found::add);
    return new StoreRegistry(found);
  }

  public static StoreRegistry load() {
    return load(StoreRegistry.class.getClassLoader());
  }

  public List<StoreProvider> all() {
    return providers;
  }

  public Optional<StoreProvider> find(String id) {
    return providers.stream().filter(p -> p.id().equals(id)).findFirst();
  }

  /** The provider with this id, or an error that lists the valid ids. */
  public StoreProvider require(String id) {
    return find(id)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    unknown(id)));
  }

  /** "unknown store 'x'", the stores it may have meant and every valid one: what a bad store id is told. */
  public String unknown(String id) {
    return "unknown store '" + id + "'" + NearestNames.suggestion(id,
        providers.stream().map(StoreProvider::id).toList()) + "; valid stores: " + ids();
  }

  public String ids() {
    return providers.stream().map(StoreProvider::id).collect(Collectors.joining(", "));
  }
}
