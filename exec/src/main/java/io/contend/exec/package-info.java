/**
 * CPU affinity strategies and the staged executor (seed 002, CASSANDRA-1632). Empty until that issue lands;
 * the module builds and is wired into CI so that it can be filled without touching the build.
 */
package io.contend.exec;
