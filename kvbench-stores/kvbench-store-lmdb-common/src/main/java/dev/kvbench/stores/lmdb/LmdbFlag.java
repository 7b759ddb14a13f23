package dev.kvbench.stores.lmdb;

/** The LMDB environment flags kvbench sets, named as in lmdb.h; each binding maps them to its constants. */
public enum LmdbFlag {
  MDB_WRITEMAP,
  MDB_NOSYNC,
  MDB_NOMETASYNC,
  /** madvise(MADV_RANDOM) on the map: a page fault reads that page, not the read-ahead around it. */
  MDB_NORDAHEAD
}
