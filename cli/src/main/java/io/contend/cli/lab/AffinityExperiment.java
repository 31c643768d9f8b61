package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.exec.PipelineRun;
import io.contend.exec.QueueMode;
import io.contend.exec.SchedStats;
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
 * the same pipeline on three chained JDK ThreadPoolExecutors, the baseline. Headline: none/shared, none/perThread
 * and equalSpread/shared at 1 thread per stage; every strategy and mode, and 16 threads per stage, with
 * {@code --full}.
 *
 * <p>Score: with {@code --full} (and in {@code contend lab calibrate}), the response-time p99 of 10 s runs
 * ({@value #PIPELINE} rows). In quick and smoke mode the runs last 0.75 s and 0.5 s, and a p99 that short is set
 * by the host's stalls (the A/A row of {@code calibrate} spans several-fold), so those modes judge each run by what
 * affinity and the stage hand-off act on and a short run resolves: the context switches of the pipeline's
 * threads per request ({@value #SWITCHES} rows), the cost CASSANDRA-1632 set out to cut. p50, p99 and p99.9
 * stay in the row, kept per round, for {@code contend report --metric}. Quick runs are short so that the budget
 * buys rounds: a count per request varies little from one short run to the next, while with three rounds the t
 * interval's factor for 2 degrees of freedom (4.3) left ratios near 1 straddling the 5% margin
 * (docs/results/2026-11-28-quick-19 and -20, with 1.5 s runs).
 */
public final class AffinityExperiment implements Experiment, Calibrated {
    static final List<String> STRATEGIES = List.of("none", "equalSpread", "firstAssignment");
    static final List<Integer> THREADS_PER_STAGE = List.of(1, 16);
    /** The benchmark's name in results.json. */
    static final String PIPELINE = "pipeline";
    /** The benchmark's name in quick and smoke mode, judged by context switches per request. */
    static final String SWITCHES = "contextSwitches";

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
                        contenders.add(trial(judged(plan), strategy, mode.label(), perStage, warmup, length, plan,
                                null));
                    }
                }
            }
            comparisons.add(new Comparison(trial(judged(plan), PipelineRun.JDK, QueueMode.values()[0].label(), perStage,
                    warmup, length, plan, null), contenders, Direction.LOWER));
        }
        return comparisons;
    }

    /**
     * The A/A comparison: the JDK pipeline, the baseline, measured as two trials in the same rounds. Its interval
     * is what this machine's stalls make of a p99 ratio that is truly 1, as the round bootstrap of the pooled
     * percentile judges it.
     */
    @Override
    public Comparison calibration(LabPlan plan) {
        Duration length = runLength(plan.mode());
        Duration warmup = plan.smoke() ? Duration.ofMillis(200) : Duration.ofMillis(plan.mode() == LabMode.FULL ? 1000 : 300);
        return new Comparison(trial(PIPELINE, PipelineRun.JDK, QueueMode.values()[0].label(), 1, warmup, length, plan,
                "A"), List.of(trial(PIPELINE, PipelineRun.JDK, QueueMode.values()[0].label(), 1, warmup, length, plan,
                "B")),
                Direction.LOWER);
    }

    static Duration runLength(LabMode mode) {
        return switch (mode) {
            case SMOKE -> Duration.ofMillis(500);
            case FULL -> Duration.ofSeconds(10);
            default -> Duration.ofMillis(750);
        };
    }

    /**
     * @return what the plan's fixed-rate runs are judged by: p99 with {@code --full}, else context switches where
     *         the OS reports them per thread (Linux), else p99
     */
    static String judged(LabPlan plan) {
        boolean switchesKnown = SchedStats.ofCurrentThread().voluntarySwitches() >= 0;
        return plan.mode() == LabMode.FULL || !switchesKnown ? PIPELINE : SWITCHES;
    }

    /**
     * A pipeline run in this JVM; outside smoke mode each configuration runs once before the first round, unmeasured,
     * because the first run of a strategy in the lab's JVM pays for class loading and compilation: its p99 came out
     * several times a warm run's.
     *
     * @param judged {@value #PIPELINE}: the score is the response-time p99, with its latency blocks;
     *               {@value #SWITCHES}: the score is context switches per request, p99 a column
     * @param copy the A/A copy's label, or null for an ordinary trial
     */
    private static Trial trial(String judged, String strategy, String queueMode, int perStage, Duration warmup,
                               Duration length, LabPlan plan, String copy) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("strategy", strategy);
        params.put("queueMode", queueMode);
        params.put("threadsPerStage", Integer.toString(perStage));
        if (copy != null) {
            params.put("of", "affinity");
            params.put("copy", copy);
        }
        return new DirectTrial(judged, params, 3 * perStage, round -> {
            PipelineRun.Measurement m = PipelineRun.measure(strategy, queueMode, perStage, warmup, length);
            Histogram rt = m.result().operations().get(0).response();
            Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
            secondary.put("opsPerSec", new ResultRecord.Secondary(m.result().opsPerSecond(), "ops/s"));
            secondary.put("p50Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(50) / 1e6, "ms"));
            secondary.put("p999Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(99.9) / 1e6, "ms"));
            secondary.put("migrationsPerSec", new ResultRecord.Secondary(m.migrationsPerSecond(), "1/s"));
            secondary.put("contextSwitchesPerSec", new ResultRecord.Secondary(m.contextSwitchesPerSecond(), "1/s"));
            double switchesPerRequest = m.contextSwitchesPerSecond() / m.result().opsPerSecond();
            secondary.put("contextSwitchesPerOp", new ResultRecord.Secondary(switchesPerRequest, "switches/op"));
            secondary.put("missed", new ResultRecord.Secondary(m.result().missed(), "ops"));
            if (judged.equals(SWITCHES)) {
                secondary.put("p99Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(99) / 1e6, "ms"));
                return new Sample(switchesPerRequest, "switches/op", secondary);
            }
            return new Sample(rt.getValueAtPercentile(99) / 1e6, "ms", secondary, Sample.Blocks.of(99, m.blocks()));
        }).withWarmup(plan.smoke() ? 0 : 1);
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(30), Duration.ofMinutes(7));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("strategy", "queueMode", "threadsPerStage"), "strategy", PipelineRun.JDK,
                Direction.LOWER,
                List.of(new TableSpec.Column("opsPerSec", "ops/s", "%.0f"), new TableSpec.Column("p50Ms", "p50 ms", "%.3f"),
                        new TableSpec.Column("p99Ms", "p99 ms", "%.3f"),
                        new TableSpec.Column("p999Ms", "p99.9 ms", "%.3f"),
                        new TableSpec.Column("contextSwitchesPerOp", "ctxsw/req", "%.2f"),
                        new TableSpec.Column("migrationsPerSec", "migr/s", "%.1f"),
                        new TableSpec.Column("contextSwitchesPerSec", "ctxsw/s", "%.0f")),
                List.of("pipeline rows (--full): response-time p99 in ms (lower is better), from each "
                                + "request's intended start to the end of its third stage; " + PipelineRun.RATE
                                + " requests/s from "
                                + PipelineRun.GENERATOR_THREADS + " load-generator threads (fixed rate), ~"
                                + PipelineRun.WORK_PER_STAGE + " xorshift steps of CPU work per stage. Threads = "
                                + "pipeline threads (3 x threadsPerStage); * marks more threads than CPUs "
                                + "(oversubscribed).",
                        "contextSwitches rows (quick and smoke): the same runs judged by ctxsw/req, the context "
                                + "switches of the pipeline's threads per request (lower is better: the ratio is "
                                + "jdk's over this row's), which a short run resolves; their p99 (p99 ms) is set by "
                                + "the host's stalls in runs this short (see the A/A row of `contend lab "
                                + "calibrate`) and is judged with --full, or from the file with `contend report "
                                + "--metric p99Ms`.",
                        "strategy: contend StagedExecutor workers pinned by none / equalSpread / "
                                + "firstAssignment (CASSANDRA-1632), idling with the executor's default strategy "
                                + "(spin, yield, park where CPUs are to spare; park at once where its workers and a "
                                + "submitter fill them); jdk: three chained ThreadPoolExecutors, the baseline.",
                        "migr/s, ctxsw/s: CPU migrations and context switches per second summed over "
                                + "the pipeline's threads (/proc/self/task/<tid>/sched and status).",
                        "A round builds the pipeline, warms it up (quick: 0.3 s), then measures "
                                + "it (quick: 0.75 s; full: 10 s). Each configuration runs once, unmeasured, "
                                + "before the first round: the lab JVM's first run of a strategy pays for "
                                + "class loading and compilation."));
    }
}
