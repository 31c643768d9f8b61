package io.contend.cli.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One measured configuration as written to results.json, aggregated over the rounds it ran in.
 *
 * @param experiment the lab experiment, e.g. {@code backoff}
 * @param benchmark the benchmark's short name, e.g. {@code increment}
 * @param params the configuration's parameters (strings, as JMH takes them)
 * @param threads threads doing the measured work
 * @param score the mean of the per-round scores
 * @param error half-width of the 95% confidence interval of that mean over rounds (Student's t), or null with
 *              fewer than two rounds
 * @param unit the score's unit, e.g. {@code ops/us}
 * @param secondary secondary results by name, each the mean over rounds
 * @param mode lab mode of the run
 * @param oversubscribed whether threads exceeded the machine's CPUs
 * @param rounds rounds measured
 * @param comparison how it compares with its baseline, or null for a baseline or a reference row
 */
public record ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                           Double error, String unit, Map<String, Secondary> secondary, String mode,
                           boolean oversubscribed, int rounds, ComparisonResult comparison) {

    /**
     * A secondary result: a score and its unit.
     *
     * @param score the value
     * @param unit its unit
     */
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
