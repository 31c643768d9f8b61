/**
 * Contention telemetry that adds no shared write to the hot path: per-thread cells summed on demand
 * ({@link io.contend.telemetry.ContentionCounter}), snapshots for benchmarks and the lab
 * ({@link io.contend.telemetry.ContentionSnapshot}), and a JFR event for contention bursts,
 * {@code io.contend.ContentionBurst}, that costs nothing when no recording is on.
 */
package io.contend.telemetry;
