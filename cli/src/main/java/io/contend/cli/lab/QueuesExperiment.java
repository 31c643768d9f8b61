package io.contend.cli.lab;

import io.contend.bench.queue.QueueFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 004 (JCTools' linked-array SPSC queues, Psychosomatic, Lobotomy, Saw 2016): contend's SPSC array,
 * chunked, growable and unbounded queues and its MPSC array and unbounded queues, each beside JCTools 4.0.7
 * ({@code jctools}: the Unsafe classes; {@code jctools-varhandle}: their VarHandle twins) and, where the JDK has
 * one, a JDK queue ({@code jdk}: ArrayBlockingQueue for the array kinds, ConcurrentLinkedQueue for the unbounded
 * ones). Baseline: {@code jctools}.
 *
 * <p>Two benchmarks, one table. {@code throughput}: one producer and one consumer without backoff on a 128K
 * queue; the score is messages passed per microsecond ({@code pollsMade}, an {@code @AuxCounters} result, not
 * JMH's primary result, which counts failed calls too), the four counters are secondary results. It runs as
 * exactly one JMH group: threads = 2 (JMH rounds its thread count up to whole groups; {@link JmhExecutor}
 * refuses a result with any other count). {@code burst}: ns per round trip of 1, 10 or 100 messages through an
 * echo thread; the record says threads = 1 (JMH's) and carries the label {@code echoThreads=1}: two threads are
 * busy.
 *
 * <p>Chunks: the linked-array kinds (chunked, growable, unbounded) run at chunk 128, 16, 1024 and 16384 for
 * contend and both JCTools classes; the array kinds have no chunk, and their records no {@code chunk} parameter.
 * The JDK's ConcurrentLinkedQueue has no chunk either, so its rows run once, without a {@code chunk} parameter
 * (the benchmark's default, unused by it): a row without a chunk is compared with the first JCTools row of the
 * same queue, and the plan lists chunk 128 first so that this is the chunk-128 row, the benchmark's default and
 * the burst benchmark's chunk. Burst rows run at chunk 128 only. {@code --threads} does not apply: both
 * benchmarks are one producer and one consumer by design.
 *
 * <p>Plan size: quick and full 58 throughput + 66 burst = 124 configurations; smoke (chunk 128, burst 10) 22 + 22.
 */
public final class QueuesExperiment implements Experiment {
    static final String THROUGHPUT = "io.contend.bench.queue.QueueThroughputBenchmark.throughput";
    static final String BURST = "io.contend.bench.queue.QueueBurstCostBenchmark.burst";
    /** Chunk 128 first: rows without a chunk (jdk) compare with the first JCTools row, see the class comment. */
    static final List<String> CHUNKS = List.of("128", "16", "1024", "16384");
    static final List<String> SMOKE_CHUNKS = List.of("128");
    static final List<String> BURSTS = List.of("1", "10", "100");
    static final List<String> SMOKE_BURSTS = List.of("10");
    static final String BURST_CHUNK = "128";
    /** One group: one producer thread and one consumer thread. */
    static final int GROUP_THREADS = 2;
    /** The JMH thread of the burst benchmark; its echo thread is not JMH's. */
    static final int BURST_THREADS = 1;
    static final List<String> COUNTERS = List.of("offersMade", "offersFailed", "pollsMade", "pollsFailed");

    @Override
    public String name() {
        return "queues";
    }

    @Override
    public String title() {
        return "SPSC/MPSC queues vs JCTools and the JDK: throughput and burst round trips (seed 004, JCTools linked-array queues)";
    }

    @Override
    public List<JmhRun> plan(List<Integer> threads, LabMode mode) {
        boolean smoke = mode == LabMode.SMOKE;
        List<JmhRun> runs = new ArrayList<>();
        for (String queue : QueueFactory.QUEUES) {
            if (QueueFactory.usesChunk(queue)) {
                for (String chunk : smoke ? SMOKE_CHUNKS : CHUNKS) {
                    for (String impl : QueueFactory.IMPLS) {
                        if (!impl.equals("jdk") && QueueFactory.supports(queue, impl)) {
                            runs.add(new JmhRun(THROUGHPUT, params(queue, impl, chunk), GROUP_THREADS));
                        }
                    }
                }
                if (QueueFactory.supports(queue, "jdk")) {
                    runs.add(new JmhRun(THROUGHPUT, params(queue, "jdk", null), GROUP_THREADS));
                }
            } else {
                for (String impl : QueueFactory.IMPLS) {
                    if (QueueFactory.supports(queue, impl)) {
                        runs.add(new JmhRun(THROUGHPUT, params(queue, impl, null), GROUP_THREADS));
                    }
                }
            }
        }
        for (String queue : QueueFactory.QUEUES) {
            for (String burst : smoke ? SMOKE_BURSTS : BURSTS) {
                for (String impl : QueueFactory.IMPLS) {
                    if (QueueFactory.supports(queue, impl)) {
                        String chunk = QueueFactory.usesChunk(queue) && !impl.equals("jdk") ? BURST_CHUNK : null;
                        Map<String, String> params = params(queue, impl, chunk);
                        params.put("burst", burst);
                        runs.add(new JmhRun(BURST, params, Map.of("echoThreads", "1"), BURST_THREADS));
                    }
                }
            }
        }
        return runs;
    }

    private static Map<String, String> params(String queue, String impl, String chunk) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("queue", queue);
        params.put("impl", impl);
        if (chunk != null) {
            params.put("chunk", chunk);
        }
        return params;
    }

    /**
     * 124 configurations: quick mode warms up 2 x 0.3 s and measures 3 x 0.3 s; with the fork's start that is
     * about 1.7 s a configuration: 3.5 minutes measured on an idle 2-core machine (4 minutes on a busy one).
     * Expect wide errors on the throughput rows: use {@code --full} before reading a small difference.
     */
    @Override
    public JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 2, 300, 3, 300) : mode.settings();
    }

    /** Throughput's score is messages passed per microsecond; burst's is JMH's primary result (ns per burst). */
    @Override
    public String scoreResult(JmhRun run) {
        return run.benchmark().equals(THROUGHPUT) ? "pollsMade" : null;
    }

    /** The four counters of the throughput benchmark, per microsecond; the burst benchmark has none. */
    @Override
    public Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmh) {
        Map<String, ResultRecord.Secondary> counters = new LinkedHashMap<>();
        for (String name : COUNTERS) {
            ResultRecord.Secondary s = jmh.get(name);
            if (s != null) {
                counters.put(name, s);
            }
        }
        if (!counters.isEmpty() && counters.size() != COUNTERS.size()) {
            throw new IllegalStateException("benchmark reported some queue counters but not all of " + COUNTERS
                    + ": " + jmh.keySet());
        }
        return counters;
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("queue", "impl", "chunk", "burst"), Map.of("impl", "jctools"), false,
                List.of(new TableSpec.Column("offersMade", "offers/us", "%.3f"),
                        new TableSpec.Column("offersFailed", "offer fails/us", "%.3f"),
                        new TableSpec.Column("pollsMade", "polls/us", "%.3f"),
                        new TableSpec.Column("pollsFailed", "poll fails/us", "%.3f")),
                List.of("throughput: 1 producer + 1 consumer (Threads 2, one JMH group), no backoff, capacity 128K;",
                        "Score: messages passed per microsecond (pollsMade), higher is better. Failed offers: queue",
                        "full, or for the unbounded kinds the producer 128K ahead of the consumer (held back so the",
                        "heap stays bounded); failed polls: queue empty.",
                        "burst: ns per round trip of `burst` messages (lower is better): the JMH thread offers them",
                        "to queue A, an echo thread moves them to queue B, the JMH thread polls them back; Threads 1",
                        "is JMH's thread, the echo thread (label echoThreads=1) makes two busy threads. Chunk 128.",
                        "Burst rows are times: their vs jctools is JCTools' time / this time, so above 1 is faster.",
                        "impl: contend (io.contend.queue); jctools: JCTools 4.0.7 Unsafe classes; jctools-varhandle:",
                        "org.jctools.queues.varhandle; jdk: ArrayBlockingQueue (array kinds), ConcurrentLinkedQueue",
                        "(unbounded kinds). chunk: chunk size (growable: initial capacity); jdk rows have none and",
                        "compare with JCTools at chunk 128.",
                        "Quick mode: 2 x 0.3 s warm-up, 3 x 0.3 s measurement per configuration (124 of them, about",
                        "3.5 minutes); throughput errors are wide: use --full before reading a small difference."));
    }
}
