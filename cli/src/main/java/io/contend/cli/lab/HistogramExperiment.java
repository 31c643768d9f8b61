package io.contend.cli.lab;

import io.contend.bench.histogram.HistogramErrors;
import io.contend.bench.histogram.HistogramImpl;
import io.contend.bench.histogram.HistogramPayload;
import io.contend.bench.histogram.StreamingHistogramBenchmark;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CASSANDRA-13444: build a streaming histogram of a million deletion times per payload, spool size and rounding,
 * contend's builder against Cassandra 5.0.4's StreamingTombstoneHistogramBuilder, with t-digest 3.3 as a
 * quantile-sketch reference; time and allocation per point, and the worst rank error at the quartiles
 * ({@link HistogramErrors}). Baseline: Cassandra.
 */
public final class HistogramExperiment implements Experiment {
    static final String BENCHMARK = StreamingHistogramBenchmark.class.getName() + ".build";
    static final List<String> PAYLOADS = Arrays.stream(HistogramPayload.values()).map(Enum::name).toList();
    static final List<String> SPOOLS = List.of("0", "1000", "100000");
    /** The payload that also runs rounded to 60 s (Cassandra's setting); the others run unrounded. */
    static final String ROUNDED_PAYLOAD = "secondInDay";
    /** t-digest has no spool: it runs once per payload, in the spool-0 row group. */
    static final String TDIGEST_SPOOL = "0";

    @Override
    public String name() {
        return "histogram";
    }

    @Override
    public String title() {
        return "streaming histogram: contend vs Cassandra 5.0.4 vs t-digest 3.3 (CASSANDRA-13444)";
    }

    /** Single-threaded: a builder belongs to one thread, so {@code --threads} does not apply. */
    @Override
    public List<JmhRun> plan(List<Integer> threads, LabMode mode) {
        List<String> payloads = mode == LabMode.SMOKE ? List.of("secondInDay") : PAYLOADS;
        List<String> spools = mode == LabMode.SMOKE ? List.of("1000") : SPOOLS;
        List<JmhRun> runs = new ArrayList<>();
        for (String payload : payloads) {
            for (String roundTo : payload.equals(ROUNDED_PAYLOAD) && mode != LabMode.SMOKE ? List.of("1", "60") : List.of("1")) {
                for (String spool : spools) {
                    for (String impl : List.of("contend", "cassandra", "tdigest")) {
                        if (impl.equals("tdigest") && !spool.equals(TDIGEST_SPOOL) && mode != LabMode.SMOKE) {
                            continue;
                        }
                        Map<String, String> params = new LinkedHashMap<>();
                        params.put("impl", impl);
                        params.put("payload", payload);
                        params.put("roundTo", roundTo);
                        params.put("spool", spool);
                        runs.add(new JmhRun(BENCHMARK, params, 1));
                    }
                }
            }
        }
        return runs;
    }

    @Override
    public Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmhSecondary) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>();
        jmhSecondary.forEach((name, value) -> {
            if (name.endsWith("gc.alloc.rate.norm")) {
                derived.put("allocBytesPerOp", new ResultRecord.Secondary(value.score(), "B/op"));
            }
        });
        return derived;
    }

    /** Adds worstQuartileError, computed for the run's implementation, payload, spool and rounding (deterministic). */
    @Override
    public Map<String, ResultRecord.Secondary> secondary(JmhRun run, Map<String, ResultRecord.Secondary> jmhSecondary) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>(secondary(jmhSecondary));
        derived.put("worstQuartileError", new ResultRecord.Secondary(worstQuartileError(run.params()), "fraction"));
        return derived;
    }

    /** The largest of |sum(b) - exact count at most b| / points at the three quartiles b, for one configuration. */
    static double worstQuartileError(Map<String, String> params) {
        return HistogramErrors.quartileErrors(HistogramImpl.valueOf(params.get("impl")),
                HistogramPayload.valueOf(params.get("payload")), Integer.parseInt(params.get("spool")),
                Long.parseLong(params.getOrDefault("roundTo", "1"))).worst();
    }

    @Override
    public boolean profileAllocation() {
        return true;
    }

    /** 70 configurations of a million points each: one 1 s warm-up and three 1 s measurements in quick mode. */
    @Override
    public JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 1, 1_000, 3, 1_000) : mode.settings();
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("payload", "roundTo", "spool", "impl"), Map.of("impl", "cassandra"), true,
                List.of(new TableSpec.Column("allocBytesPerOp", "B/op", "%.3f"),
                        new TableSpec.Column("worstQuartileError", "worst q err", "%.5f")),
                List.of("Score: ns per point (lower is better): a builder takes 1,000,000 deletion times and builds;",
                        "maxBins 100. payload: uniform over a month / day / 3 hours / minute of seconds, in random order;",
                        "ascending / descending (one a second), severalWriters (ascending, batches of 1000 shuffled),",
                        "lognormal (median a day) and bimodal (7 and 21 days) TTLs. roundTo: 60 (Cassandra's) for the",
                        "day payload as well, otherwise 1 (none).",
                        "B/op: bytes allocated per point (JMH gc profiler); contend reuses one builder (clear()),",
                        "Cassandra's and t-digest's cannot be cleared, so they allocate a new one per build.",
                        "worst q err: the largest of |sum(b) - exact count <= b| / points at the three quartiles b,",
                        "lower is better (goal: contend at most 0.03).",
                        "impl: contend (io.contend.histogram), cassandra (StreamingTombstoneHistogramBuilder 5.0.4),",
                        "tdigest (MergingDigest 3.3, compression 100, no spool: measured once, in the spool-0 rows;",
                        "its sum is cdf(b) x points, of the points rounded up like the builders').",
                        "Quick mode: 1 x 1 s warm-up, 3 x 1 s measurement per configuration."));
    }
}
