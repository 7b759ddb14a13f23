/**
 * kvbench as a library: {@link dev.kvbench.bench.Benchmark} describes an application-level
 * benchmark (stores and their settings, your key format, value format and operations, threads,
 * rate, passes) and runs it exactly as {@code kvbench run} runs a scenario, with the same result
 * document, tables and report.
 */
package dev.kvbench.bench;
