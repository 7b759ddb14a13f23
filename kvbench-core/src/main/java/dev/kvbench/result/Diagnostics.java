package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a failed cell's evidence is kept (a cell's {@code diagnostics}).
 *
 * @param directory the cell's diagnostics directory
 * @param outputTail the last lines the cell's JVM printed
 * @param crashLog the JVM's hs_err file, when it crashed natively
 * @param threadDump the thread dump taken before a hung cell was killed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Diagnostics(String directory, String outputTail, String crashLog, String threadDump) {}
