package io.contend.cli.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 000 (CASSANDRA-15922, arXiv:1305.5800): a shared counter incremented by T threads with a CAS loop under
 * each backoff strategy, with one XADD, and with LongAdder. Baseline: the plain CAS loop.
 */
public final class BackoffExperiment implements Experiment {
    static final String BENCHMARK = "io.contend.bench.backoff.SharedCounterBenchmark.increment";
    static final List<String> STRATEGIES =
            List.of("cas", "cas-constant", "cas-exponential", "cas-spinYieldPark", "xadd", "longAdder");

    @Override
    public String name() {
        return "backoff";
    }

    @Override
    public String title() {
        return "CAS contention and backoff on a shared counter (CASSANDRA-15922, arXiv:1305.5800)";
    }

    @Override
    public List<JmhRun> plan(List<Integer> threads, LabMode mode) {
        List<JmhRun> runs = new ArrayList<>();
        for (int t : threads) {
            for (String strategy : STRATEGIES) {
                runs.add(new JmhRun(BENCHMARK, Map.of("strategy", strategy), t));
            }
        }
        return runs;
    }

    @Override
    public Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmh) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>();
        ResultRecord.Secondary operations = jmh.get("operations");
        if (operations == null || operations.score() <= 0) {
            return derived; // LongAdder: contend's telemetry does not see inside it
        }
        double ops = operations.score();
        derived.put("casFailuresPerOp", new ResultRecord.Secondary(score(jmh, "casFailures") / ops, "failures/op"));
        derived.put("backoffNanosPerOp", new ResultRecord.Secondary(score(jmh, "backoffNanos") / ops, "ns/op"));
        return derived;
    }

    private static double score(Map<String, ResultRecord.Secondary> jmh, String name) {
        ResultRecord.Secondary s = jmh.get(name);
        if (s == null) {
            throw new IllegalStateException("benchmark did not report secondary result '" + name + "': " + jmh.keySet());
        }
        return s.score();
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("strategy"), Map.of("strategy", "cas"), false,
                List.of(new TableSpec.Column("casFailuresPerOp", "CAS fail/op", "%.3f"),
                        new TableSpec.Column("backoffNanosPerOp", "backoff ns/op", "%.1f")),
                List.of("Score: increments per microsecond, all threads together (higher is better).",
                        "cas: plain CAS loop; cas-constant: parkNanos(1) after each failure (the 15922 proposal);",
                        "cas-exponential: 100 ns doubling to 10 us with jitter; cas-spinYieldPark: 10 spins, 5 yields,",
                        "then parks from 1 us to 1 ms; xadd: one getAndAdd; longAdder: java.util.concurrent LongAdder.",
                        "CAS fail/op and backoff ns/op come from contend's telemetry; n/a for LongAdder (not ours)."));
    }
}
