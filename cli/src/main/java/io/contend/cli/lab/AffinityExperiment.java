package io.contend.cli.lab;

import io.contend.exec.Affinity;
import io.contend.exec.AffinityStrategy;
import io.contend.exec.QueueMode;
import io.contend.exec.SchedStats;
import io.contend.exec.StagedExecutor;
import io.contend.load.Operation;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Seed 002 (CASSANDRA-1632): a 3-stage pipeline (parse, apply, respond; a few microseconds of CPU work per
 * stage) driven by the load generator at a fixed rate below saturation, for each affinity strategy and queue
 * mode of contend's {@link StagedExecutor}, with 1 and 16 threads per stage (16 x 3 = 48 threads on this
 * machine is the seed's many-more-threads-than-CPUs case, scaled down), against the same pipeline on three
 * chained JDK ThreadPoolExecutors. Response time is from each request's intended start to the end of its last
 * stage; migrations and context switches are summed over the pipeline's threads from /proc.
 */
public final class AffinityExperiment implements Experiment {
    static final List<String> STRATEGIES = List.of("none", "equalSpread", "firstAssignment");
    static final List<Integer> THREADS_PER_STAGE = List.of(1, 16);
    static final long RATE = 2000;
    static final int GENERATOR_THREADS = 4;
    static final int WORK_PER_STAGE = 4000;

    @Override
    public String name() {
        return "affinity";
    }

    @Override
    public String title() {
        return "CPU affinity x queue mode for a 3-stage pipeline at a fixed rate, vs JDK thread pools (CASSANDRA-1632)";
    }

    @Override
    public List<JmhRun> plan(List<Integer> threads, LabMode mode) {
        return List.of();
    }

    @Override
    public Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmhSecondary) {
        return Map.of();
    }

    static Duration runLength(LabMode mode) {
        switch (mode) {
            case SMOKE:
                return Duration.ofSeconds(1);
            case FULL:
                return Duration.ofSeconds(20);
            default:
                return Duration.ofSeconds(5);
        }
    }

    @Override
    public List<ResultRecord> runDirect(LabMode mode, Path outDir) throws Exception {
        List<ResultRecord> records = new ArrayList<>();
        List<Integer> threadCounts = mode == LabMode.SMOKE ? List.of(1) : THREADS_PER_STAGE;
        List<String> strategies = mode == LabMode.SMOKE ? List.of("none", "equalSpread") : STRATEGIES;
        int cpus = Runtime.getRuntime().availableProcessors();
        for (int perStage : threadCounts) {
            records.add(measure(mode, "jdk", "shared", perStage, cpus));
            for (String strategy : strategies) {
                for (QueueMode queueMode : QueueMode.values()) {
                    records.add(measure(mode, strategy, queueMode.label(), perStage, cpus));
                }
            }
        }
        return records;
    }

    private ResultRecord measure(LabMode mode, String strategy, String queueMode, int perStage, int cpus) throws Exception {
        ConcurrentLinkedQueue<Long> tids = new ConcurrentLinkedQueue<>();
        ThreadFactory recording = recordingTids(strategy.equals("jdk") ? Executors.defaultThreadFactory()
                : AffinityStrategy.parse(strategy).decorate(Executors.defaultThreadFactory(), Set.of()), tids);
        Pipeline pipeline = strategy.equals("jdk") ? new JdkPipeline(perStage, recording)
                : new ContendPipeline(QueueMode.parse(queueMode), perStage, recording);
        try {
            // Warm up so the JIT and the threads are in place, then measure.
            run(pipeline, Duration.ofMillis(mode == LabMode.SMOKE ? 200 : 1000));
            List<Long> threadIds = List.copyOf(tids);
            SchedStats before = SchedStats.sum(threadIds.stream().map(SchedStats::ofThread).toList());
            StressResult result = run(pipeline, runLength(mode));
            SchedStats after = SchedStats.sum(threadIds.stream().map(SchedStats::ofThread).toList());
            SchedStats delta = after.minus(before);
            double seconds = result.elapsedNanos() / 1e9;
            Histogram rt = result.operations().get(0).response();
            Map<String, String> params = new LinkedHashMap<>();
            params.put("strategy", strategy);
            params.put("queueMode", queueMode);
            params.put("threadsPerStage", Integer.toString(perStage));
            Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
            secondary.put("opsPerSec", new ResultRecord.Secondary(result.opsPerSecond(), "ops/s"));
            secondary.put("p50Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(50) / 1e6, "ms"));
            secondary.put("p99Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(99) / 1e6, "ms"));
            secondary.put("p999Ms", new ResultRecord.Secondary(rt.getValueAtPercentile(99.9) / 1e6, "ms"));
            secondary.put("migrationsPerSec", new ResultRecord.Secondary(perSecond(delta.migrations(), seconds), "1/s"));
            long switches = delta.voluntarySwitches() < 0 ? -1 : delta.voluntarySwitches() + Math.max(0, delta.involuntarySwitches());
            secondary.put("contextSwitchesPerSec", new ResultRecord.Secondary(perSecond(switches, seconds), "1/s"));
            secondary.put("missed", new ResultRecord.Secondary(result.missed(), "ops"));
            int threads = 3 * perStage;
            return new ResultRecord(name(), "pipeline", params, threads, rt.getValueAtPercentile(99) / 1e6, null, "ms",
                    secondary, mode.label(), threads + GENERATOR_THREADS > cpus);
        } finally {
            pipeline.shutdown();
        }
    }

    private static double perSecond(long count, double seconds) {
        return count < 0 ? Double.NaN : count / seconds;
    }

    private static StressResult run(Pipeline pipeline, Duration length) throws Exception {
        Workload workload = () -> List.of(Operation.named("request", () -> pipeline.request().get(10, TimeUnit.SECONDS)));
        return new StressRun(workload, new StressConfig(new Rate(Rate.Mode.FIXED, RATE), GENERATOR_THREADS, length, 0,
                Duration.ofSeconds(1), Duration.ZERO, null), null).run();
    }

    /** Records each pipeline thread's Linux thread id when it starts, for /proc statistics. */
    private static ThreadFactory recordingTids(ThreadFactory base, ConcurrentLinkedQueue<Long> tids) {
        return r -> base.newThread(() -> {
            long tid = Affinity.currentThreadId();
            if (tid > 0) {
                tids.add(tid);
            }
            r.run();
        });
    }

    /** A few microseconds of CPU work that the JIT cannot remove. */
    static long work(long seed) {
        long x = seed | 1;
        for (int i = 0; i < WORK_PER_STAGE; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** A request: one future, completed by the last stage. */
    static final class Request {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        long value = System.nanoTime();
    }

    private interface Pipeline {
        CompletableFuture<Long> request();

        /** Stops the pipeline's threads once the queued requests are done. */
        void shutdown() throws InterruptedException;
    }

    private static final class ContendPipeline implements Pipeline {
        private final StagedExecutor executor;

        ContendPipeline(QueueMode mode, int perStage, ThreadFactory factory) {
            executor = StagedExecutor.builder().queueMode(mode).threadFactory(factory)
                    .stage("parse", perStage, t -> step((Request) t))
                    .stage("apply", perStage, t -> step((Request) t))
                    .stage("respond", perStage, t -> step((Request) t))
                    .sink(t -> ((Request) t).done.complete(((Request) t).value)).build();
        }

        @Override
        public CompletableFuture<Long> request() {
            Request r = new Request();
            executor.submit(r);
            return r.done;
        }

        @Override
        public void shutdown() {
            executor.close();
        }
    }

    private static Request step(Request r) {
        r.value = work(r.value);
        return r;
    }

    /** The baseline: three chained fixed thread pools, each with its LinkedBlockingQueue. */
    private static final class JdkPipeline implements Pipeline {
        private final ThreadPoolExecutor[] pools = new ThreadPoolExecutor[3];

        JdkPipeline(int perStage, ThreadFactory factory) {
            for (int i = 0; i < pools.length; i++) {
                pools[i] = new ThreadPoolExecutor(perStage, perStage, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), factory);
                pools[i].prestartAllCoreThreads();
            }
        }

        @Override
        public CompletableFuture<Long> request() {
            Request r = new Request();
            submit(0, r, req -> req.done.complete(req.value));
            return r.done;
        }

        private void submit(int stage, Request r, Consumer<Request> last) {
            pools[stage].execute(() -> {
                step(r);
                if (stage + 1 < pools.length) {
                    submit(stage + 1, r, last);
                } else {
                    last.accept(r);
                }
            });
        }

        @Override
        public void shutdown() throws InterruptedException {
            for (ThreadPoolExecutor p : pools) {
                p.shutdown();
                p.awaitTermination(10, TimeUnit.SECONDS);
            }
        }
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("strategy", "queueMode", "threadsPerStage"), Map.of("strategy", "jdk", "queueMode", "shared"),
                true,
                List.of(new TableSpec.Column("opsPerSec", "ops/s", "%.0f"), new TableSpec.Column("p50Ms", "p50 ms", "%.3f"),
                        new TableSpec.Column("p999Ms", "p99.9 ms", "%.3f"),
                        new TableSpec.Column("migrationsPerSec", "migr/s", "%.1f"),
                        new TableSpec.Column("contextSwitchesPerSec", "ctxsw/s", "%.0f")),
                List.of("Score: response-time p99 in ms (lower is better), from each request's intended start to the end of",
                        "its third stage; " + RATE + " requests/s from " + GENERATOR_THREADS + " load-generator threads (fixed rate),"
                                + " ~" + WORK_PER_STAGE + " xorshift steps of CPU work per stage.",
                        "Threads = pipeline threads (3 x threadsPerStage); * marks more threads than CPUs (oversubscribed).",
                        "strategy: contend StagedExecutor workers pinned by none / equalSpread / firstAssignment (seed 002);",
                        "jdk: three chained ThreadPoolExecutors, the baseline (vs jdk: its p99 / this p99).",
                        "migr/s, ctxsw/s: CPU migrations and context switches per second summed over the pipeline's threads",
                        "(/proc/self/task/<tid>/sched and status). Quick mode: 1 s warm-up, 5 s measured per row."));
    }
}
