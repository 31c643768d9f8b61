package io.contend.cli.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 000 (CASSANDRA-15922): filling regions with 8- and 16-byte allocations at T threads for CAS_LOOP,
 * CAS_BACKOFF (parkNanos(1)), XADD and thread-local chunks (TLAB), plus a row of 16 cells as one batch against 16 single
 * allocations. Baselines: CAS_LOOP for the strategies, the 16 singles for the row.
 */
public final class AllocatorExperiment implements Experiment {
    static final String BENCHMARK = "io.contend.bench.alloc.RegionFillBenchmark.";
    static final List<String> STRATEGIES = List.of("CAS_LOOP", "CAS_BACKOFF", "XADD", "TLAB");

    @Override
    public String name() {
        return "allocator";
    }

    @Override
    public String title() {
        return "region allocation: CAS loop vs backoff vs XADD vs thread-local chunks (CASSANDRA-15922)";
    }

    @Override
    public List<JmhRun> plan(List<Integer> threads, LabMode mode) {
        List<JmhRun> runs = new ArrayList<>();
        for (String size : List.of("8", "16")) {
            for (int t : threads) {
                for (String strategy : STRATEGIES) {
                    runs.add(new JmhRun(BENCHMARK + "allocate", Map.of("strategy", strategy, "size", size), t));
                }
            }
        }
        for (int t : threads) {
            for (String row : List.of("singles", "batch")) {
                runs.add(new JmhRun(BENCHMARK + "row", Map.of("strategy", "XADD", "size", "16", "row", row), t));
            }
        }
        return runs;
    }

    /**
     * Quick mode warms up for 3 s (6 x 0.5 s), then measures 4 x 0.5 s: measured on this 2-core machine, the
     * thread-local-chunk path reaches its steady state only after 2.5 to 3 s (84 -> 270 ops/us), so the
     * default 1 s of warm-up reported a JIT transient, not the allocator.
     */
    @Override
    public JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 6, 500, 4, 500) : mode.settings();
    }

    @Override
    public Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmh) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>();
        double ops = value(jmh, "operations");
        if (ops > 0) {
            derived.put("casFailuresPerOp", new ResultRecord.Secondary(value(jmh, "casFailures") / ops, "failures/op"));
            derived.put("atomicsPerOp", new ResultRecord.Secondary(value(jmh, "atomics") / ops, "atomics/op"));
        }
        double reserved = value(jmh, "reservedBytes");
        if (reserved > 0) {
            derived.put("wastePercent", new ResultRecord.Secondary(100 * value(jmh, "wasteBytes") / reserved, "%"));
        }
        return derived;
    }

    private static double value(Map<String, ResultRecord.Secondary> jmh, String name) {
        ResultRecord.Secondary s = jmh.get(name);
        if (s == null) {
            throw new IllegalStateException("benchmark did not report secondary result '" + name + "': " + jmh.keySet());
        }
        return s.score();
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("strategy", "size", "row"),
                List.of(Map.of("strategy", "CAS_LOOP"), Map.of("row", "singles")), false,
                List.of(new TableSpec.Column("casFailuresPerOp", "CAS fail/op", "%.4f"),
                        new TableSpec.Column("atomicsPerOp", "atomics/op", "%.4f"),
                        new TableSpec.Column("wastePercent", "waste %", "%.3f")),
                List.of("Score: allocation calls (of size bytes) per microsecond, all threads together (higher is better).",
                        "Regions grow from 8 KiB to 1 MiB (Cassandra's sizes); a fresh allocator replaces one holding",
                        "16 MiB, so memory stays bounded. CAS_BACKOFF parks 1 ns (about 50 us on Linux) after a failed",
                        "CAS; TLAB: XADD regions, each thread bump-allocating in its own 4 KiB chunk.",
                        "row rows: a row of 16 cells of 16 bytes as 16 single calls or one batch call (XADD); score is",
                        "rows per microsecond, compared with singles. atomics/op and CAS fail/op per call (a row is one",
                        "call); waste %: unused region tails over region bytes.",
                        "Quick mode: 6 x 0.5 s warm-up (the chunk path needs about 3 s to reach steady state), 4 x 0.5 s",
                        "measured."));
    }
}
