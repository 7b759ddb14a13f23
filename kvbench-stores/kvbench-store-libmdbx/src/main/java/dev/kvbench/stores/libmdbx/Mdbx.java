package dev.kvbench.stores.libmdbx;

/** libmdbx's constants (mdbx.h, v0.13) that kvbench uses, by their C names. */
final class Mdbx {

  private Mdbx() {}

  // MDBX_env_flags_t
  static final int MDBX_SYNC_DURABLE = 0;
  static final int MDBX_SAFE_NOSYNC = 0x10000;
  static final int MDBX_UTTERLY_NOSYNC = MDBX_SAFE_NOSYNC | 0x100000;
  static final int MDBX_NOMETASYNC = 0x40000;
  static final int MDBX_WRITEMAP = 0x80000;
  static final int MDBX_NORDAHEAD = 0x800000;
  static final int MDBX_RDONLY = 0x20000;

  // MDBX_txn_flags_t
  static final int MDBX_TXN_READWRITE = 0;
  static final int MDBX_TXN_RDONLY = MDBX_RDONLY;

  // MDBX_db_flags_t
  static final int MDBX_DB_DEFAULTS = 0;
  static final int MDBX_INTEGERKEY = 0x08;
  static final int MDBX_CREATE = 0x40000;

  // MDBX_put_flags_t
  static final int MDBX_UPSERT = 0;
  static final int MDBX_APPEND = 0x20000;

  // MDBX_cursor_op
  static final int MDBX_FIRST = 0;
  static final int MDBX_LAST = 6;
  static final int MDBX_NEXT = 8;
  static final int MDBX_PREV = 12;
  static final int MDBX_SET_KEY = 16;
  static final int MDBX_SET_RANGE = 17;

  // MDBX_error_t
  static final int MDBX_SUCCESS = 0;
  static final int MDBX_RESULT_TRUE = -1;
  static final int MDBX_KEYEXIST = -30799;
  static final int MDBX_NOTFOUND = -30798;
  static final int MDBX_MAP_FULL = -30792;
  // errno values libmdbx passes through (Linux)
  static final int EIO = 5;
  static final int ENOSPC = 28;

  /** sizeof(MDBX_stat): ms_psize and ms_depth (uint32), then five uint64 counters. */
  static final int STAT_BYTES = 48;

  /** sizeof(MDBX_val), a struct iovec: the data's address, then its length. */
  static final int VAL_BYTES = 16;

  /** Default page size for mdbx_env_set_geometry: the OS page (4 KiB on Linux x86-64). */
  static final long DEFAULT = -1;

  /** MDBX_option_t's MDBX_opt_sync_bytes: the autosync threshold of the nosync modes. */
  static final int MDBX_OPT_SYNC_BYTES = 2;
}
