package io.contend.cli.lab;

import io.contend.cli.VersionProvider;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.histogram.HistogramErrors;
import io.contend.bench.histogram.HistogramImpl;
import io.contend.bench.histogram.HistogramPayload;
import io.contend.bench.histogram.StreamingHistogramBenchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CASSANDRA-13444 ("Fast and garbage-free Streaming Histogram"): build a streaming histogram of a million
 * deletion times per payload and spool size, contend's builder against the cassandra-all of the parent POM's
 * StreamingTombstoneHistogramBuilder (the baseline), with t-digest 3.3 as a quantile-sketch reference; time and
 * allocation per point, and the worst rank error at the quartiles ({@link HistogramErrors}). Headline: spool 1000
 * on the day payload rounded to 1 s and to 60 s (Cassandra's setting), and the ascending and several-writers
 * streams, contend against Cassandra; every payload, spool and rounding, with t-digest, with {@code --full}.
 * Single-threaded: a builder belongs to one thread.
 */
public final class HistogramExperiment extends JmhExperiment {
    static final String BENCHMARK = StreamingHistogramBenchmark.class.getName() + ".build";
    static final List<String> SPOOLS = HistogramErrors.SPOOLS.stream().map(String::valueOf).toList();
    static final List<String> ROUNDINGS = HistogramErrors.ROUNDINGS.stream().map(String::valueOf).toList();
    /** Headline streams and their rounding: the day payload as it is and rounded as Cassandra rounds, and time order. */
    static final List<List<String>> HEADLINE = List.of(List.of("secondInDay", "1"), List.of("secondInDay", "60"),
            List.of("ascending", "60"), List.of("severalWriters", "60"));
    static final String HEADLINE_SPOOL = "1000";
    /** t-digest has no spool: it runs once per payload and rounding, in the spool-1000 comparisons. */
    static final String TDIGEST_SPOOL = HEADLINE_SPOOL;

    /** The error is deterministic for a configuration: computed once, not once a round. */
    private final Map<Map<String, String>, Double> errors = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return "histogram";
    }

    @Override
    public String title() {
        return "streaming histogram: contend vs Cassandra " + VersionProvider.peer("cassandra-all") + " vs t-digest "
                + VersionProvider.peer("t-digest") + " (CASSANDRA-13444)";
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        List<List<String>> streams = new ArrayList<>();
        if (plan.everyComparison()) {
            for (String payload : payloadNames()) {
                for (String roundTo : ROUNDINGS) {
                    streams.add(List.of(payload, roundTo));
                }
            }
        } else {
            streams.addAll(plan.smoke() ? HEADLINE.subList(0, 2) : HEADLINE);
        }
        List<String> spools = plan.everyComparison() ? SPOOLS : List.of(HEADLINE_SPOOL);
        List<Comparison> comparisons = new ArrayList<>();
        for (List<String> stream : streams) {
            for (String spool : spools) {
                List<Trial> contenders = new ArrayList<>();
                contenders.add(trial(run(HistogramImpl.contend, stream, spool), plan.mode()));
                if (plan.everyComparison() && spool.equals(TDIGEST_SPOOL)) {
                    contenders.add(trial(run(HistogramImpl.tdigest, stream, spool), plan.mode()));
                }
                comparisons.add(new Comparison(trial(run(HistogramImpl.cassandra, stream, spool), plan.mode()),
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

    private static JmhRun run(HistogramImpl impl, List<String> stream, String spool) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("impl", impl.name());
        params.put("payload", stream.get(0));
        params.put("roundTo", stream.get(1));
        params.put("spool", spool);
        return new JmhRun(BENCHMARK, params, 1);
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(70), Duration.ofMinutes(8));
    }

    @Override
    protected boolean profileAllocation() {
        return true;
    }

    /**
     * A million points a call, 5 to 150 ms. Quick rounds warm up 1 x 400 ms and measure 2 x 250 ms (3 to 50
     * calls each): split by {@code VarianceSplit} on the iterations of stored quick runs, a fork's two iterations
     * agree to about 1-4% while forks of one configuration differ by 10-30% (now and then one runs 1.7 times as
     * long as the others), so in the same budget more, shorter forks give the narrower interval (Kalibera and
     * Jones, ISMM 2013). Two iterations, not one, keep that split computable.
     */
    @Override
    protected JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 1, 400, 2, 250) : mode.settings();
    }

    /**
     * Computes the configuration's quartile error before the first round: it is deterministic, and computed in
     * round 0 it lengthened the round that plans the rest (about a second for the headline configurations), which
     * cost the quick budget a round.
     */
    @Override
    protected void prepare(JmhRun run) {
        error(run);
    }

    /** The configuration's quartile error, computed on first use and then kept. */
    private double error(JmhRun run) {
        return errors.computeIfAbsent(run.params(), HistogramExperiment::worstQuartileError);
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
        derived.put("worstQuartileError", new ResultRecord.Secondary(error(run), "fraction"));
        return derived;
    }

    /** The largest quartile rank error of one configuration ({@link HistogramErrors}). */
    static double worstQuartileError(Map<String, String> params) {
        return HistogramErrors.quartileErrors(HistogramImpl.valueOf(params.get("impl")),
                HistogramPayload.valueOf(params.get("payload")), Integer.parseInt(params.get("spool")),
                Long.parseLong(params.getOrDefault("roundTo", "1"))).worst();
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("payload", "roundTo", "spool", "impl"), "impl", HistogramImpl.cassandra.name(),
                Direction.LOWER,
                List.of(new TableSpec.Column("allocBytesPerOp", "B/op", "%.3f"),
                        new TableSpec.Column("worstQuartileError", "worst q err", "%.5f")),
                List.of("Score: ns per point (lower is better): a builder takes 1,000,000 deletion "
                                + "times and builds; maxBins 100.",
                        "payload: uniform over a month / day / 3 hours / minute of seconds, in "
                                + "random order; ascending / descending (one a second), severalWriters (ascending, "
                                + "batches of 1000 shuffled), lognormal (median a day) and bimodal (7 and 21 "
                                + "days) TTLs. roundTo: 1 (none) or 60 (Cassandra's).",
                        "B/op: bytes allocated per point (JMH gc profiler); contend reuses one builder "
                                + "(clear()), Cassandra's and t-digest's cannot be cleared, so they allocate a "
                                + "new one per build.",
                        "worst q err: the largest distance from sum(b) to the exact count, / "
                                + "points, at the three quartiles b of the points as given to the histogram "
                                + "(rounded up to roundTo); at a b with ties the exact count is any "
                                + "value from those below b to those at most b. Lower is better (goal: "
                                + "contend <= 0.03).",
                        "impl: contend (io.contend.histogram), cassandra (StreamingTombstoneHistogramBuilder "
                                + VersionProvider.peer("cassandra-all") + "), "
                                + "tdigest (MergingDigest 3.3, compression 100, no spool: with --full, in the "
                                + "spool-1000 comparisons; its sum is cdf(b) x points, of the points rounded "
                                + "up like the builders')."));
    }
}
