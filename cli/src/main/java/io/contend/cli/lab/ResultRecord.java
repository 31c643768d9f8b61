package io.contend.cli.lab;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One measured result as written to results.json. The fields {@code experiment, benchmark, params, threads,
 * score, error, unit, secondary} are the documented schema; {@code mode} and {@code oversubscribed} are
 * extras that let a reader tell a smoke number from a full one and a contended run from an oversubscribed one.
 *
 * @param experiment the lab experiment, e.g. {@code backoff}
 * @param benchmark the benchmark method name, e.g. {@code increment}
 * @param params benchmark parameters (strings, as JMH takes them)
 * @param threads worker threads
 * @param score primary score
 * @param error 99.9% confidence half-width, or null when JMH could not estimate it (fewer than 3 iterations)
 * @param unit primary score unit, e.g. {@code ops/us}
 * @param secondary derived secondary results by name
 * @param mode lab mode of the run
 * @param oversubscribed whether threads exceeded the machine's CPUs
 */
public record ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                           Double error, String unit, Map<String, Secondary> secondary, String mode,
                           boolean oversubscribed) {

    /** A secondary result: a score and its unit. */
    public record Secondary(double score, String unit) {
    }

    /** Copies the maps, keeping their order. */
    public ResultRecord {
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(benchmark, "benchmark");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
    }

    /**
     * @param name a parameter name
     * @return its value, or null
     */
    public String param(String name) {
        return params.get(name);
    }
}
