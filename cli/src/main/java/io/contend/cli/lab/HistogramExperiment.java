package io.contend.cli.lab;

import io.contend.bench.histogram.HistogramImpl;
import io.contend.bench.histogram.HistogramPayload;
import io.contend.bench.histogram.StreamingHistogramBenchmark;
import io.contend.cli.verdict.Direction;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CASSANDRA-13444 ("Fast and garbage-free Streaming Histogram"): build a streaming histogram of a million
 * deletion times per payload and spool size, contend's builder against Cassandra 5.0.4's
 * StreamingTombstoneHistogramBuilder (the baseline), with t-digest 3.3 as a quantile-sketch reference; time and
 * allocation per point, and the error of sum(b) at the median. Headline: spool 1000 on three payloads; every
 * payload and spool with {@code --full}. Single-threaded: a builder belongs to one thread.
 */
public final class HistogramExperiment extends JmhExperiment {
    static final String BENCHMARK = StreamingHistogramBenchmark.class.getName() + ".build";
    static final List<String> SPOOLS = List.of("0", "1000", "10000", "100000");
    static final List<String> HEADLINE_PAYLOADS = List.of("secondInMonth", "secondInDay", "secondInMin");
    static final String HEADLINE_SPOOL = "1000";

    /** The error is deterministic for a configuration: computed once, not once a round. */
    private final Map<Map<String, String>, Double> errors = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return "histogram";
    }

    @Override
    public String title() {
        return "streaming histogram: contend vs Cassandra 5.0.4 vs t-digest 3.3 (CASSANDRA-13444)";
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        List<String> payloads = plan.everyComparison() ? payloadNames()
                : plan.smoke() ? List.of("secondInDay") : HEADLINE_PAYLOADS;
        List<String> spools = plan.everyComparison() ? SPOOLS : List.of(HEADLINE_SPOOL);
        List<Comparison> comparisons = new ArrayList<>();
        for (String payload : payloads) {
            for (String spool : spools) {
                List<Trial> contenders = new ArrayList<>();
                contenders.add(trial(run(HistogramImpl.contend, payload, spool), plan.mode()));
                if (spool.equals(HEADLINE_SPOOL)) { // t-digest has no spool: once per payload
                    contenders.add(trial(run(HistogramImpl.tdigest, payload, spool), plan.mode()));
                }
                comparisons.add(new Comparison(trial(run(HistogramImpl.cassandra, payload, spool), plan.mode()),
                        contenders, Direction.LOWER));
            }
        }
        return comparisons;
    }

    private static List<String> payloadNames() {
        List<String> names = new ArrayList<>();
        for (HistogramPayload p : HistogramPayload.values()) {
            names.add(p.name());
        }
        return names;
    }

    private static JmhRun run(HistogramImpl impl, String payload, String spool) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("impl", impl.name());
        params.put("payload", payload);
        params.put("spool", spool);
        return new JmhRun(BENCHMARK, params, 1);
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(60), Duration.ofMinutes(10));
    }

    @Override
    protected boolean profileAllocation() {
        return true;
    }

    /** A million points a call: 0.5 s iterations hold a few calls each in quick mode. */
    @Override
    protected JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 1, 500, 2, 500) : mode.settings();
    }

    /** Bytes per point from the GC profiler, and the error of sum(median), computed once per configuration. */
    @Override
    protected Map<String, ResultRecord.Secondary> secondary(JmhRun run, Map<String, ResultRecord.Secondary> jmh) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>();
        jmh.forEach((name, value) -> {
            if (name.endsWith("gc.alloc.rate.norm")) {
                derived.put("allocBytesPerOp", new ResultRecord.Secondary(value.score(), "B/op"));
            }
        });
        double error = errors.computeIfAbsent(run.params(), HistogramExperiment::sumErrorAtMedian);
        derived.put("sumErrorAtMedian", new ResultRecord.Secondary(error, "fraction"));
        return derived;
    }

    /** |sum(median) - exact count at most the median| / points, for one configuration. */
    static double sumErrorAtMedian(Map<String, String> params) {
        long[] points = HistogramPayload.valueOf(params.get("payload")).points(StreamingHistogramBenchmark.POINTS);
        return HistogramImpl.valueOf(params.get("impl")).sumErrorAtMedian(points, Integer.parseInt(params.get("spool")));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("payload", "spool", "impl"), "impl", HistogramImpl.cassandra.name(), Direction.LOWER,
                List.of(new TableSpec.Column("allocBytesPerOp", "B/op", "%.3f"),
                        new TableSpec.Column("sumErrorAtMedian", "sum err@median", "%.5f")),
                List.of("Score: ns per point (lower is better): a builder takes 1,000,000 deletion times (payload)",
                        "and builds; maxBins 100, no rounding.",
                        "B/op: bytes allocated per point (JMH gc profiler); contend reuses one builder (clear()),",
                        "Cassandra's and t-digest's cannot be cleared, so they allocate a new one per build.",
                        "sum err@median: |sum(median) - exact count <= median| / points, lower is better.",
                        "impl: contend (io.contend.histogram), cassandra (StreamingTombstoneHistogramBuilder 5.0.4),",
                        "tdigest (MergingDigest 3.3, compression 100, no spool: measured once, in the spool-1000",
                        "comparisons; its sum is cdf(b) x points)."));
    }
}
