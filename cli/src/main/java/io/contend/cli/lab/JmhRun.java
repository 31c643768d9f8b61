package io.contend.cli.lab;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One JMH benchmark configuration the lab runs: a benchmark method, its {@code @Param} values and the
 * number of threads.
 *
 * @param benchmark fully qualified benchmark method, e.g. {@code io.contend.bench.backoff.SharedCounterBenchmark.increment}
 * @param params JMH parameter values, in display order
 * @param threads JMH worker threads
 */
public record JmhRun(String benchmark, Map<String, String> params, int threads) {
    /** Copies the parameters, keeping their order. */
    public JmhRun {
        Objects.requireNonNull(benchmark, "benchmark");
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
    }

    /** @return the method name without its class */
    public String shortName() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    @Override
    public String toString() {
        String shown = params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        return shortName() + " " + shown + " threads=" + threads;
    }
}
