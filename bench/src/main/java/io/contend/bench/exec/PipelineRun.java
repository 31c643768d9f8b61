package io.contend.bench.exec;

import io.contend.bench.load.LatencyBlockRecorder;
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
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The {@code affinity} experiment's harness (CASSANDRA-1632, "Thread workflow and cpu affinity"): a 3-stage
 * pipeline (parse, apply, respond; a few microseconds of CPU work per stage) driven by the load generator at a
 * fixed rate below saturation, on contend's {@link StagedExecutor} with an affinity strategy and queue mode, or
 * on three chained JDK ThreadPoolExecutors ({@link #JDK}). Response time is from each request's intended start
 * to the end of its last stage; migrations and context switches are summed over the pipeline's threads from
 * /proc.
 */
public final class PipelineRun {
    /** Strategy name of the baseline: three chained JDK thread pools. */
    public static final String JDK = "jdk";
    /** Requests per second. */
    public static final long RATE = 2000;
    /** Load-generator threads. */
    public static final int GENERATOR_THREADS = 4;
    /** Xorshift steps of CPU work per stage. */
    public static final int WORK_PER_STAGE = 4000;
    /** Stretches of equal length a measurement's response times are kept in ({@link Measurement#blocks}). */
    public static final int BLOCKS = 12;

    /**
     * What one measurement gave.
     *
     * @param result the load generator's result (one tag, {@code request})
     * @param migrationsPerSecond CPU migrations per second over the pipeline's threads, NaN where unknown
     * @param contextSwitchesPerSecond context switches per second over the pipeline's threads, NaN where unknown
     * @param blocks the response times of {@link #BLOCKS} consecutive stretches of the measurement, in ns (the
     *               last one also holds the requests completed after its end): when in the run the
     *               latencies rose, and what the lab pools for a percentile
     */
    public record Measurement(StressResult result, double migrationsPerSecond, double contextSwitchesPerSecond,
                              List<Histogram> blocks) {
    }

    private PipelineRun() {
    }

    /**
     * Builds the pipeline, warms it up, measures it at {@link #RATE} per second, and shuts it down.
     *
     * @param strategy {@link #JDK} or an {@link AffinityStrategy} name
     * @param queueMode a {@link QueueMode} label (ignored by {@link #JDK})
     * @param perStage threads per stage
     * @param warmup how long to run before measuring
     * @param length how long to measure
     * @return the measurement
     * @throws Exception if the pipeline or the load generator fails
     */
    public static Measurement measure(String strategy, String queueMode, int perStage, Duration warmup, Duration length)
            throws Exception {
        ConcurrentLinkedQueue<Long> tids = new ConcurrentLinkedQueue<>();
        boolean jdk = strategy.equals(JDK);
        ThreadFactory recording = recordingTids(jdk ? Executors.defaultThreadFactory()
                : AffinityStrategy.parse(strategy).decorate(Executors.defaultThreadFactory(), Set.of()), tids);
        Pipeline pipeline = jdk ? new JdkPipeline(perStage, recording)
                : new ContendPipeline(QueueMode.parse(queueMode), perStage, recording);
        try {
            run(pipeline, warmup, null);
            List<Long> threadIds = List.copyOf(tids);
            SchedStats before = SchedStats.sum(threadIds.stream().map(SchedStats::ofThread).toList());
            LatencyBlockRecorder blocks = new LatencyBlockRecorder(BLOCKS);
            StressResult result = run(pipeline, length, blocks);
            SchedStats delta = SchedStats.sum(threadIds.stream().map(SchedStats::ofThread).toList()).minus(before);
            double seconds = result.elapsedNanos() / 1e9;
            long switches = delta.voluntarySwitches() < 0 ? -1
                    : delta.voluntarySwitches() + Math.max(0, delta.involuntarySwitches());
            return new Measurement(result, perSecond(delta.migrations(), seconds), perSecond(switches, seconds),
                    blocks.blocks());
        } finally {
            pipeline.shutdown();
        }
    }

    private static double perSecond(long count, double seconds) {
        return count < 0 ? Double.NaN : count / seconds;
    }

    /** Runs the pipeline for {@code length}, recording its response times in blocks if asked (else null). */
    private static StressResult run(Pipeline pipeline, Duration length, LatencyBlockRecorder blocks) throws Exception {
        Workload workload = () -> List.of(Operation.named("request", () -> pipeline.request().get(10, TimeUnit.SECONDS)));
        return new StressRun(workload, new StressConfig(new Rate(Rate.Mode.FIXED, RATE), GENERATOR_THREADS, length, 0,
                LatencyBlockRecorder.intervalFor(length, BLOCKS), Duration.ZERO, null), blocks).run();
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

    private static Request step(Request r) {
        r.value = work(r.value);
        return r;
    }

    private interface Pipeline {
        CompletableFuture<Long> request();

        /** Stops the pipeline's threads once the queued requests are done. */
        void shutdown() throws InterruptedException;
    }

    private static final class ContendPipeline implements Pipeline {
        private final StagedExecutor<Request, Request> executor;

        ContendPipeline(QueueMode mode, int perStage, ThreadFactory factory) {
            executor = StagedExecutor.<Request>builder().queueMode(mode).threadFactory(factory)
                    .stage("parse", perStage, PipelineRun::step)
                    .stage("apply", perStage, PipelineRun::step)
                    .stage("respond", perStage, PipelineRun::step)
                    .sink(r -> r.done.complete(r.value)).build();
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

    /** The baseline: three chained fixed thread pools, each with its LinkedBlockingQueue. */
    private static final class JdkPipeline implements Pipeline {
        private final ThreadPoolExecutor[] pools = new ThreadPoolExecutor[3];

        JdkPipeline(int perStage, ThreadFactory factory) {
            for (int i = 0; i < pools.length; i++) {
                pools[i] = new ThreadPoolExecutor(perStage, perStage, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                        factory);
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
}
