package dev.kvbench.store;

import org.apiguardian.api.API;

/**
 * What a page-based store (LMDB and its kin) says about its pages: enough to see how much of the
 * file a commit touched and how far the file grew.
 *
 * @param pageSize bytes per page
 * @param lastPageNumber the highest page number in use: the file's high-water mark (mdb_env_info)
 * @param treePages branch, leaf and overflow pages of the store's tree (mdb_stat)
 * @param depth the tree's depth
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record PageCounts(int pageSize, long lastPageNumber, long treePages, int depth) {}
