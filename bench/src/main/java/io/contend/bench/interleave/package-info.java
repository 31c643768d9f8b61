/**
 * Measurements of several implementations in one JVM, interleaved in short blocks ({@link
 * io.contend.bench.interleave.Interleaved}): the lab's answer to forks whose means are set by where their threads
 * run more than by the code they run.
 */
package io.contend.bench.interleave;
