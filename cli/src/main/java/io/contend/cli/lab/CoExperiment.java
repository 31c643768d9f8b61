package io.contend.cli.lab;

import io.contend.cli.results.ChartData;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.load.CoordinatedOmissionRun;
import io.contend.bench.load.RecordingOverheadBenchmark;
import io.contend.load.LatencyKind;
import io.contend.load.StressResult;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "Fixing Coordinated Omission in Cassandra Stress" (Nitsan Wakart, 2016): the red pill and the blue pill. One
 * generator thread drives a service that takes 200 us and freezes for 100 ms every 500 operations, once all out
 * and once at a fixed 1000/s ({@link CoordinatedOmissionRun}). Each round runs both once; the comparisons set
 * the fixed run's response time against its own service time at p50, p99 and p99.9 (the ratio is service /
 * response: far below 1 is the omission a service-time report hides). A JMH benchmark measures what the
 * generator itself adds per operation, 2 threads on one tag against 1.
 */
public final class CoExperiment extends JmhExperiment {
    static final String STRESS = "stress";
    /** The overhead benchmark's parameter: generator threads of the stress run it times. */
    static final String GENERATOR_THREADS = "generatorThreads";
    static final List<String> PERCENTILES = List.of("50", "99", "99.9");

    /** Each round's two stress runs, shared by the trials that read them; only the newest round is kept. */
    private final Map<String, StressResult> runs = new LinkedHashMap<>();
    private int cachedRound = -1;
    private Duration runLength = Duration.ofSeconds(3);

    @Override
    public String name() {
        return "co";
    }

    @Override
    public String title() {
        return "coordinated omission: service vs response time of a stalling service, all out and at a fixed rate";
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        runLength = runLength(plan.mode());
        List<Comparison> comparisons = new ArrayList<>();
        for (String p : PERCENTILES) {
            comparisons.add(new Comparison(stress(CoordinatedOmissionRun.FIXED, "service", p),
                    List.of(stress(CoordinatedOmissionRun.FIXED, "response", p)), Direction.LOWER));
        }
        for (String p : PERCENTILES) {
            comparisons.add(new Comparison(stress(CoordinatedOmissionRun.THROUGHPUT, "response", p), List.of(),
                    Direction.LOWER));
            comparisons.add(new Comparison(stress(CoordinatedOmissionRun.FIXED, "wait", p), List.of(), Direction.LOWER));
        }
        JmhRun one = new JmhRun(RecordingOverheadBenchmark.SCHEDULE_AND_RECORD_BENCHMARK,
                Map.of(GENERATOR_THREADS, "1"), Map.of("mode", "overhead"), 1);
        JmhRun two = new JmhRun(RecordingOverheadBenchmark.SCHEDULE_AND_RECORD_BENCHMARK,
                Map.of(GENERATOR_THREADS, "2"), Map.of("mode", "overhead"), 1);
        comparisons.add(new Comparison(trial(one, plan.mode()), List.of(trial(two, plan.mode())), Direction.LOWER));
        return comparisons;
    }

    static Duration runLength(LabMode mode) {
        return switch (mode) {
            case SMOKE -> Duration.ofSeconds(1);
            case FULL -> Duration.ofSeconds(10);
            default -> Duration.ofSeconds(3);
        };
    }

    private Trial stress(String mode, String metric, String percentile) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("mode", mode);
        params.put("metric", metric);
        params.put("percentile", percentile);
        return new DirectTrial(STRESS, params, 1, round -> {
            StressResult result = run(round, mode);
            StressResult.Op op = result.operations().get(0);
            Histogram h = op.metric(LatencyKind.valueOf(metric.toUpperCase(java.util.Locale.ROOT)));
            Map<String, ResultRecord.Secondary> totals = new LinkedHashMap<>();
            totals.put("opsPerSec", new ResultRecord.Secondary(result.opsPerSecond(), "ops/s"));
            totals.put("missed", new ResultRecord.Secondary(result.missed(), "ops"));
            return new Sample(h.getValueAtPercentile(Double.parseDouble(percentile)) / 1e6, "ms", totals);
        });
    }

    private synchronized StressResult run(int round, String mode) throws Exception {
        if (round != cachedRound) {
            runs.clear();
            cachedRound = round;
        }
        StressResult result = runs.get(mode);
        if (result == null) {
            result = CoordinatedOmissionRun.run(mode, runLength);
            runs.put(mode, result);
        }
        return result;
    }

    @Override
    public synchronized List<ChartData> charts() {
        StressResult fixed = runs.get(CoordinatedOmissionRun.FIXED);
        if (fixed == null) {
            return List.of();
        }
        StressResult.Op op = fixed.operations().get(0);
        return List.of(PercentilePlot.chart(op.response(), op.service()));
    }

    @Override
    public synchronized void writeFiles(Path outDir) throws IOException {
        StressResult fixed = runs.get(CoordinatedOmissionRun.FIXED);
        if (fixed != null) {
            StressResult.Op op = fixed.operations().get(0);
            PercentilePlot.write(outDir.resolve("co-percentiles.svg"), op.response(), op.service());
        }
    }

    /**
     * The overhead benchmark warms up for 2 s (4 x 0.5 s) in quick mode: each invocation is a whole stress run
     * whose generator threads start cold, and with the mode's single 0.3 s warm-up iteration the measured
     * iterations still caught the JIT on this 2-core machine (52.6 ns per operation at 1 thread, against 45.5
     * after 3 s of warm-up).
     */
    @Override
    protected JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? mode.settings().withWarmup(4, 500) : mode.settings();
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(50), Duration.ofMinutes(4));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("mode", "metric", "percentile", GENERATOR_THREADS), "metric", "service",
                Direction.LOWER,
                List.of(new TableSpec.Column("opsPerSec", "ops/s", "%.0f"), new TableSpec.Column("missed", "missed", "%.0f")),
                List.of("stress rows: one generator thread, workload sleep "
                                + String.join(" ", CoordinatedOmissionRun.WORKLOAD) + ";",
                        "throughput: all out, each operation starts when the last ends; fixed: "
                                + CoordinatedOmissionRun.FIXED_RATE + "/s, latency",
                        "from each operation's intended start. Score: latency in ms at the percentile.",
                        "(response >> service is the omission that throughput mode hides: there, response time equals",
                        "service time by construction).",
                        "overhead rows: ns per operation and generator thread of a real stress run of an empty operation",
                        "paced faster than it can go (number and intended start from the thread's block, a clock read,",
                        "three HdrHistogram recordings into the thread's own recorder), JMH; 2 generator threads on one",
                        "tag compared with 1.",
                        "The fixed run's percentile distribution (response vs service): co-percentiles.svg next to results.json."))
                .withRatioNote("vs service: service time / this latency at the same mode and percentile (and for the"
                        + " overhead rows, 1 thread's cost / 2 threads'); not a speed-up: 0.01x means a hundred times"
                        + " the latency that service time reports, and 'slower' means the omission is real.")
                .withDirections(Map.of(STRESS, Direction.LOWER));
    }
}
