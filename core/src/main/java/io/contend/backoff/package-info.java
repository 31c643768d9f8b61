/**
 * Contention management for CAS retry loops: {@link io.contend.backoff.BackoffStrategy backoff strategies}
 * (none, constant, exponential, spin-yield-park), the {@link io.contend.backoff.ContentionManager} that
 * applies one and records telemetry, and padded atomics that use it:
 * {@link io.contend.backoff.ContendedLong} and {@link io.contend.backoff.ContendedReference}.
 *
 * <p>Sources: CASSANDRA-15922 (a CAS loop on a region offset costing a third of a node's CPU, fixed with
 * getAndAdd); Dice, Hendler, Mirsky, arXiv:1305.5800 (contention managers for CAS).
 */
package io.contend.backoff;
