package dev.kvbench.result;

/**
 * Where a run (or one resumption of it) ran its stores, as its journal records it: so a later
 * resume can remove what a killed attempt left, and only that.
 *
 * @param path the work directory
 * @param createdByRun true when the run made the directory itself (it may then remove it whole);
 *     false for a directory the user gave, of which kvbench removes only what it put inside
 */
public record WorkDirectory(String path, boolean createdByRun) {}
