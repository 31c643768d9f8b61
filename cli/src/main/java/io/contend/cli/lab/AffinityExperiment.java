package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.exec.PipelineRun;
import io.contend.exec.QueueMode;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CASSANDRA-1632 ("Thread workflow and cpu affinity"): a 3-stage pipeline at a fixed rate
 * ({@link PipelineRun}) for each affinity strategy and queue mode of contend's StagedExecutor, with 1 and 16
 * threads per stage (16 x 3 = 48 threads on a 2-CPU machine is the many-more-threads-than-CPUs case), against
 * the same pipeline on three chained JDK ThreadPoolExecutors, the baseline. Score: response-time p99.
 * Headline: none/shared, none/perThread and equalSpread/shared at 1 thread per stage; every strategy and mode,
 * and 16 threads per stage, with {@code --full}.
 */
public final class AffinityExperiment implements Experiment, Calibrated {
    static final List<String> STRATEGIES = List.of("none", "equalSpread", "firstAssignment");
    static final List<Integer> THREADS_PER_STAGE = List.of(1, 16);
    /** The benchmark's name in results.json. */
    static final String PIPELINE = "pipeline";

    @Override
    public String name() {
        return "affinity";
    }

    @Override
    public String title() {
        return "CPU affinity x queue mode for a 3-stage pipeline at a fixed rate, vs JDK thread pools (CASSANDRA-1632)";
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        List<Comparison> comparisons = new ArrayList<>();
        Duration length = runLength(plan.mode());
        Duration warmup = plan.smoke() ? Duration.ofMillis(200) : Duration.ofMillis(plan.mode() == LabMode.FULL ? 1000 : 300);
        for (int perStage : plan.everyComparison() ? THREADS_PER_STAGE : List.of(1)) {
            List<Trial> contenders = new ArrayList<>();
            for (String strategy : STRATEGIES) {
                for (QueueMode mode : QueueMode.values()) {
                    boolean headline = strategy.equals("none")
                            || strategy.equals("equalSpread") && mode == QueueMode.values()[0];
                    if (plan.everyComparison() || headline && !(plan.smoke() && strategy.equals("equalSpread"))) {
                        contenders.add(trial(strategy, mode.label(), perStage, warmup, length, plan));
                    }
                }
            }
            comparisons.add(new Comparison(trial(PipelineRun.JDK, QueueMode.values()[0].label(), perStage, warmup, length,
                    plan), contenders, Direction.LOWER));
        }
        return comparisons;
    }

    /**
     * The A/A comparison: the JDK pipeline, the baseline, measured as two trials in the same rounds. Its interval
     * is what this machine's stalls make of a p99 ratio that is truly 1, as the block bootstrap judges it.
     */
    @Override
    public Comparison calibration(LabPlan plan) {
        Duration length = runLength(plan.mode());
        Duration warmup = plan.smoke() ? Duration.ofMillis(200) : Duration.ofMillis(plan.mode() == LabMode.FULL ? 1000 : 300);
        return new Comparison(trial(PipelineRun.JDK, QueueMode.values()[0].label(), 1, warmup, length, plan, "A"),
                List.of(trial(PipelineRun.JDK, QueueMode.values()[0].label(), 1, warmup, length, plan, "B")),
                Direction.LOWER);
    }

    static Duration runLength(LabMode mode) {
        return switch (mode) {
            case SMOKE -> Duration.ofMillis(500);
            case FULL -> Duration.ofSeconds(10);
            default -> Duration.ofMillis(1500);
        };
    }

    /**
     * A pipeline run in this JVM; outside smoke mode each configuration runs once before the first round, unmeasured,
     * because the first run of a strategy in the lab's JVM pays for class loading and compilation: its p99 came out
     * several times a warm run's.
     */
    private static Trial trial(String strategy, String queueMode, int perStage, Duration warmup, Duration length,
                               LabPlan plan) {
        return trial(strategy, queueMode, perStage, warmup, length, plan, null);
    }

    /** @param copy the A/A copy's label, or null for an ordinary trial */
    private static Trial trial(String strategy, String queueMode, int perStage, Duration warmup, Duration length,
                               LabPlan plan, String copy) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("strategy", strategy);
        params.put("queueMode", queueMode);
        params.put("threadsPerStage", Integer.toString(perStage));
        if (copy != null) {
            params.put("of", "affinity");
            params.put("copy", copy);
        }
        return new DirectTrial(PIPELINE, params, 3 * perStage, round -> {
            PipelineRun.Measurement m = PipelineRun.measure(strategy, queueMode, perStage, warmup, length);
            Histogram rt = m.result().operations().get(0).response();
            Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
            secondary.put("opsPerSec", new ResultRecord.Secondary(m.result().opsPerSecond(), "ops/s"));
            secondary.put("p50Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(50) / 1e6, "ms"));
            secondary.put("p999Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(99.9) / 1e6, "ms"));
            secondary.put("migrationsPerSec", new ResultRecord.Secondary(m.migrationsPerSecond(), "1/s"));
            secondary.put("contextSwitchesPerSec", new ResultRecord.Secondary(m.contextSwitchesPerSecond(), "1/s"));
            secondary.put("missed", new ResultRecord.Secondary(m.result().missed(), "ops"));
            return new Sample(rt.getValueAtPercentile(99) / 1e6, "ms", secondary, Sample.Blocks.of(99, m.blocks()));
        }).withWarmup(plan.smoke() ? 0 : 1);
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(40), Duration.ofMinutes(7));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("strategy", "queueMode", "threadsPerStage"), "strategy", PipelineRun.JDK,
                Direction.LOWER,
                List.of(new TableSpec.Column("opsPerSec", "ops/s", "%.0f"), new TableSpec.Column("p50Ms", "p50 ms", "%.3f"),
                        new TableSpec.Column("p999Ms", "p99.9 ms", "%.3f"),
                        new TableSpec.Column("migrationsPerSec", "migr/s", "%.1f"),
                        new TableSpec.Column("contextSwitchesPerSec", "ctxsw/s", "%.0f")),
                List.of("Score: response-time p99 in ms (lower is better), from each request's intended "
                                + "start to the end of its third stage; " + PipelineRun.RATE + " requests/s from "
                                + PipelineRun.GENERATOR_THREADS + " load-generator threads (fixed rate), ~"
                                + PipelineRun.WORK_PER_STAGE + " xorshift steps of CPU work per stage. Threads = "
                                + "pipeline threads (3 x threadsPerStage); * marks more threads than CPUs "
                                + "(oversubscribed).",
                        "strategy: contend StagedExecutor workers pinned by none / equalSpread / "
                                + "firstAssignment (CASSANDRA-1632); jdk: three chained ThreadPoolExecutors, the baseline.",
                        "migr/s, ctxsw/s: CPU migrations and context switches per second summed over "
                                + "the pipeline's threads (/proc/self/task/<tid>/sched and status).",
                        "A round builds the pipeline, warms it up (quick: 0.3 s), then measures "
                                + "it (quick: 1.5 s; full: 10 s). Each configuration runs once, unmeasured, "
                                + "before the first round: the lab JVM's first run of a strategy pays for "
                                + "class loading and compilation."));
    }
}
