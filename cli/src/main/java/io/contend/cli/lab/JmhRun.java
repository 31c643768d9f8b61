package io.contend.cli.lab;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One JMH benchmark configuration the lab runs: a benchmark method, its {@code @Param} values, labels that
 * describe it in the record but are not JMH parameters (e.g. {@code contended=true} for a benchmark method
 * that is the contended variant), and the number of threads.
 *
 * @param benchmark fully qualified benchmark method, e.g. {@code io.contend.bench.backoff.SharedCounterBenchmark.increment}
 * @param params JMH parameter values, in display order
 * @param labels record parameters that are not passed to JMH, in display order
 * @param threads JMH worker threads
 */
public record JmhRun(String benchmark, Map<String, String> params, Map<String, String> labels, int threads) {

    /**
     * A run without labels.
     *
     * @param benchmark fully qualified benchmark method
     * @param params JMH parameter values
     * @param threads JMH worker threads
     */
    public JmhRun(String benchmark, Map<String, String> params, int threads) {
        this(benchmark, params, Map.of(), threads);
    }

    /** Copies the maps, keeping their order. */
    public JmhRun {
        Objects.requireNonNull(benchmark, "benchmark");
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        labels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
    }

    /** @return the record's parameters: the JMH parameters followed by the labels */
    public Map<String, String> recordParams() {
        Map<String, String> all = new LinkedHashMap<>(params);
        all.putAll(labels);
        return all;
    }

    /** @return the method name without its class */
    public String shortName() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    @Override
    public String toString() {
        String shown = recordParams().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        return shortName() + " " + shown + " threads=" + threads;
    }
}
