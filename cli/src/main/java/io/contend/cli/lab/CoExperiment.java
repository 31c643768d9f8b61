package io.contend.cli.lab;

import io.contend.bench.load.RecordingOverheadBenchmark;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import io.contend.load.WorkloadOptions;
import io.contend.load.Workloads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Seed 004, "Fixing Coordinated Omission in Cassandra Stress": the red pill and the blue pill. One generator
 * thread drives a service that takes 200 us and freezes for 100 ms every 500 operations, once all out
 * (throughput mode: each operation starts when the last ends, so latency is service time) and once at a fixed
 * 1000/s (response time from each operation's intended start). The records give response, service and wait
 * time at p50 / p99 / p99.9 in ms for both modes; the percentile plot of the fixed run is written next to
 * results.json. A JMH benchmark measures what the generator itself adds per operation.
 */
public final class CoExperiment implements Experiment {
    static final String OVERHEAD = RecordingOverheadBenchmark.class.getName() + ".scheduleAndRecord";
    static final String STRESS = "stress";
    static final List<String> PERCENTILES = List.of("50", "99", "99.9");
    static final long FIXED_RATE = 1000;
    static final List<String> WORKLOAD = List.of("--service-time", "200us", "--stall-every", "500", "--stall", "100ms");

    @Override
    public String name() {
        return "co";
    }

    @Override
    public String title() {
        return "coordinated omission: service vs response time of a stalling service, all out and at a fixed rate";
    }

    /** The recording-overhead benchmark at 1 thread and at 2 (both generator threads on one tag). */
    @Override
    public List<JmhRun> plan(List<Integer> threads, LabMode mode) {
        return List.of(new JmhRun(OVERHEAD, Map.of(), Map.of("mode", "overhead"), 1),
                new JmhRun(OVERHEAD, Map.of(), Map.of("mode", "overhead"), 2));
    }

    @Override
    public Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmhSecondary) {
        return Map.of();
    }

    @Override
    public JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 1, 1_000, 3, 1_000) : mode.settings();
    }

    static Duration runLength(LabMode mode) {
        switch (mode) {
            case SMOKE:
                return Duration.ofSeconds(2);
            case FULL:
                return Duration.ofSeconds(60);
            default:
                return Duration.ofSeconds(15);
        }
    }

    @Override
    public List<ResultRecord> runDirect(LabMode mode, Path outDir) throws Exception {
        List<ResultRecord> records = new ArrayList<>();
        Duration length = runLength(mode);
        for (Rate rate : List.of(Rate.throughput(), new Rate(Rate.Mode.FIXED, FIXED_RATE))) {
            Workload workload = Workloads.create("sleep", WorkloadOptions.parse(WORKLOAD));
            StressResult result = new StressRun(workload, new StressConfig(rate, 1, length, 0, Duration.ofSeconds(1),
                    Duration.ZERO, null), null).run();
            StressResult.Op op = result.operations().get(0);
            String modeName = rate.mode().name().toLowerCase(Locale.ROOT);
            Map<String, ResultRecord.Secondary> totals = new LinkedHashMap<>();
            totals.put("opsPerSec", new ResultRecord.Secondary(result.opsPerSecond(), "ops/s"));
            totals.put("missed", new ResultRecord.Secondary(result.missed(), "ops"));
            for (String metric : List.of("response", "service", "wait")) {
                Histogram h = op.metric(metric.substring(0, 1) + "t");
                for (String p : PERCENTILES) {
                    Map<String, String> params = new LinkedHashMap<>();
                    params.put("mode", modeName);
                    params.put("metric", metric);
                    params.put("percentile", p);
                    records.add(new ResultRecord(name(), STRESS, params, 1, h.getValueAtPercentile(Double.parseDouble(p)) / 1e6,
                            null, "ms", totals, mode.label(), false));
                }
            }
            if (rate.paced()) {
                PercentilePlot.write(outDir.resolve("co-percentiles.svg"), op.response(), op.service());
            }
        }
        return records;
    }

    @Override
    public String ratioNote() {
        return "vs service: this latency / service time's latency at the same mode and percentile; not a speed-up:"
                + " 100x means a hundred times the latency service time reports.";
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("mode", "metric", "percentile"), Map.of("metric", "service"), false,
                List.of(new TableSpec.Column("opsPerSec", "ops/s", "%.0f"), new TableSpec.Column("missed", "missed", "%.0f")),
                List.of("stress rows: one generator thread, workload sleep " + String.join(" ", WORKLOAD) + ";",
                        "throughput: all out, each operation starts when the last ends; fixed: " + FIXED_RATE + "/s, latency",
                        "from each operation's intended start. Score: latency in ms at the percentile.",
                        "(response >> service is the omission that throughput mode hides: there, response time equals",
                        "service time by construction).",
                        "overhead rows: ns per operation the generator adds (claim, schedule, clock reads, three",
                        "HdrHistogram recordings), JMH, 1 and 2 threads on one tag; goal at most 100 ns.",
                        "The fixed run's percentile distribution (response vs service): co-percentiles.svg next to results.json."));
    }
}
