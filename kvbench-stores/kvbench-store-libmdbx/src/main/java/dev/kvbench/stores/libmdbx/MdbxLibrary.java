package dev.kvbench.stores.libmdbx;

/**
 * The part of libmdbx's C API (v0.13) kvbench calls, bound by jnr-ffi. Every pointer, {@code
 * size_t} and {@code intptr_t} is a Java {@code long} (x86-64 passes them alike): handles and
 * {@code MDBX_val} structs live in native memory the adapter owns, so a call converts nothing and
 * allocates nothing. Functions return libmdbx's error codes; errno is not read.
 */
public interface MdbxLibrary {

  int mdbx_env_create(long envOut);

  int mdbx_env_set_geometry(long env, long sizeLower, long sizeNow, long sizeUpper, long growthStep,
      long shrinkThreshold, long pageSize);

  /** option: an MDBX_option_t; value: a uint64_t. */
  int mdbx_env_set_option(long env, int option, long value);

  int mdbx_env_open(long env, String path, int flags, int mode);

  int mdbx_env_close_ex(long env, boolean dontSync);

  int mdbx_env_stat_ex(long env, long txn, long statOut, long statBytes);

  int mdbx_env_get_maxkeysize_ex(long env, int dbFlags);

  /** readersOut: the address of an unsigned int. */
  int mdbx_env_get_maxreaders(long env, long readersOut);

  int mdbx_env_sync_ex(long env, boolean force, boolean nonblock);

  int mdbx_txn_begin_ex(long env, long parent, int flags, long txnOut, long context);

  int mdbx_txn_commit_ex(long txn, long latencyOut);

  int mdbx_txn_abort(long txn);

  int mdbx_dbi_open(long txn, String name, int flags, long dbiOut);

  int mdbx_get(long txn, int dbi, long key, long data);

  /** data 0 (NULL): every value of the key. */
  int mdbx_del(long txn, int dbi, long key, long data);

  int mdbx_cursor_open(long txn, int dbi, long cursorOut);

  void mdbx_cursor_close(long cursor);

  int mdbx_cursor_get(long cursor, long key, long data, int op);

  int mdbx_cursor_put(long cursor, long key, long data, int flags);

  String mdbx_strerror(int errnum);
}
