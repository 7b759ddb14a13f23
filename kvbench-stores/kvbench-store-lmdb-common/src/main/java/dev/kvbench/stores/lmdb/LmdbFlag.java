package dev.kvbench.stores.lmdb;

/** The LMDB environment flags kvbench sets, named as in lmdb.h; each binding maps them to its constants. */
public enum LmdbFlag {
  MDB_WRITEMAP,
  MDB_NOSYNC,
  MDB_NOMETASYNC
}
