package dev.kvbench.store;

import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * Everything a provider needs to open a store, resolved and validated before the call.
 *
 * @param directory an existing directory owned by this store for the whole cell
 * @param settings the store's own settings, resolved against its {@link SettingSpec}s
 * @param durability normalised durability, mapped by the adapter to native flags
 * @param sizing what the workload will put, so stores that need sizing (LMDB's map) can derive it
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record StoreConfig(
    Path directory, StoreSettings settings, Durability durability, WorkloadSizing sizing) {}
