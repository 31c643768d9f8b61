package io.contend.cli.compare;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One benchmark configuration as JMH reports it: the benchmark's full name, its mode, its thread count and its
 * parameters. Two builds are compared configuration by configuration.
 *
 * @param benchmark e.g. {@code org.example.MyBenchmark.measure}
 * @param mode JMH's short mode name: thrpt, avgt, sample or ss
 * @param threads JMH threads
 * @param params parameter name to value, sorted
 */
public record BenchKey(String benchmark, String mode, int threads, Map<String, String> params) {
    /** Copies the parameters, sorted by name. */
    public BenchKey {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(mode, "mode");
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** @return the benchmark's name without its package, e.g. {@code MyBenchmark.measure} */
    public String shortName() {
        int method = benchmark.lastIndexOf('.');
        int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(type + 1);
    }

    /** @return e.g. {@code MyBenchmark.measure size=16 (avgt, 1 thread)} */
    public String label() {
        String p = params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
        return shortName() + (p.isEmpty() ? "" : " " + p) + " (" + mode + ", " + threads + (threads == 1 ? " thread)" : " threads)");
    }
}
