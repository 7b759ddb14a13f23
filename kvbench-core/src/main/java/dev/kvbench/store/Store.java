package dev.kvbench.store;

import java.util.Map;

/**
 * An open store. Opened once per cell and shared; each worker thread opens its own {@link
 * Session}. Closing releases every file handle and mapping, so the directory can be deleted.
 */
public interface Store extends AutoCloseable {

  Session openSession();

  /**
   * The native settings actually in force (flags, map size, options), recorded in the result so
   * every store-specific choice is visible. Called after open, before close.
   */
  Map<String, Object> nativeSettings();

  @Override
  void close();
}
