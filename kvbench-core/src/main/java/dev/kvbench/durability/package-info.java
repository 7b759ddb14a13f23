/**
 * The crash test: a child JVM commits transactions and acknowledges each to the parent over a
 * pipe, the parent kills it (SIGKILL; or, on a loop-mounted file system, also cuts the power by
 * keeping only what had reached the device), and a second child reopens the store and checks every
 * acknowledged commit is there, whole.
 */
package dev.kvbench.durability;
