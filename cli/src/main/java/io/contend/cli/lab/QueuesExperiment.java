package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.queue.QueueFactory;
import io.contend.bench.queue.QueueThroughputBenchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JCTools' SPSC array and linked-array queues (Nitsan Wakart, "SPSC Revisited" and the linked-array queue posts
 * on psy-lob-saw.blogspot.com, 2014-2016) and MPSC queues: contend's queues beside JCTools 4.0.7 ({@code jctools}:
 * the Unsafe classes, the baseline; {@code jctools-varhandle}: their VarHandle twins) and, where the JDK has one,
 * a JDK queue ({@code jdk}: ArrayBlockingQueue for the array kinds, ConcurrentLinkedQueue for the unbounded ones).
 *
 * <p>Two benchmarks, one table. {@code throughput}: one producer and one consumer without backoff on a 128K
 * queue; the score is messages passed per microsecond ({@code pollsMade}, an {@code @AuxCounters} result: JMH's
 * primary result counts failed calls too). It runs as exactly one JMH group: threads = 2. {@code burstInterleaved}:
 * ns per round trip of 1, 10 or 100 messages through an echo thread (threads = 2: the thread that offers and polls
 * back, and the echo), measured for all sides of a comparison in one JVM, interleaved in 50 ms blocks
 * ({@link InterleavedBursts}): one JMH fork per side made per-fork means that compared where the threads ran more than
 * the queues. The JMH benchmark QueueBurstCostBenchmark measures the same round trip for use outside the lab.
 *
 * <p>Contracts. {@code contend} is the default, JCTools' contract (QueueContract.BEST_EFFORT); {@code contend-strict}
 * is the same queue built QueueContract.STRICT, whose poll, size and isEmpty agree at the price of a full fence before
 * "empty", "full" and counts; {@code contend-relaxed} is the default queue through relaxedOffer/relaxedPoll, which for
 * the MPSC kinds skips poll's wait for a producer that has claimed the head (for the SPSC kinds the default poll is
 * the relaxed one, so there is no such row). The table's pair rows {@code contend-strict vs contend} and {@code
 * contend vs contend-relaxed} are those two prices, from the same rounds. The benchmarks call the relaxed methods
 * directly, and every implementation pays the same null test per call for that choice (QueueCalls).
 *
 * <p>Headline (quick): contend and contend-strict vs jctools for SpscArray, MpscArray and MpscUnbounded (chunk 128),
 * throughput and bursts of 1, and contend-relaxed's throughput for the two MPSC kinds.
 * Every comparison ({@code --every-comparison}, {@code --full}): chunks 16, 128, 1024 and 16384 with the VarHandle
 * classes and the JDK queue (which has no chunk, so it joins the chunk-128 comparison), bursts of 1, 10 and 100.
 * {@code --threads} does not apply: both benchmarks are one producer and one consumer by design.
 */
public final class QueuesExperiment extends JmhExperiment {
    static final List<String> CHUNKS = List.of("16", "128", "1024", "16384");
    static final String HEADLINE_CHUNK = "128";
    static final List<String> BURSTS = List.of("1", "10", "100");
    static final List<String> HEADLINE_BURSTS = List.of("1");
    /** The kinds quick mode compares: the bounded SPSC and MPSC arrays and the unbounded MPSC queue. */
    static final List<String> HEADLINE_QUEUES = List.of(QueueFactory.SPSC_ARRAY, QueueFactory.MPSC_ARRAY,
            QueueFactory.MPSC_UNBOUNDED);
    /** The kinds whose relaxed poll differs from the default poll: the MPSC ones, which wait for a claimed head. */
    static final List<String> RELAXED_DIFFERS = List.of(QueueFactory.MPSC_ARRAY, QueueFactory.MPSC_UNBOUNDED);
    /** One group: one producer thread and one consumer thread. */
    static final int GROUP_THREADS = 2;
    /** The burst measurement's busy threads: the one that offers and polls back, and the echo thread. */
    static final int BURST_THREADS = 2;

    @Override
    public String name() {
        return "queues";
    }

    @Override
    public String title() {
        return "SPSC/MPSC queues vs JCTools and the JDK: throughput and burst round trips (JCTools linked-array queues)";
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        boolean every = plan.everyComparison();
        List<Comparison> comparisons = new ArrayList<>();
        for (String queue : QueueFactory.QUEUES) {
            if (!every && !plan.smoke() && !HEADLINE_QUEUES.contains(queue)) {
                continue;
            }
            boolean chunked = QueueFactory.usesChunk(queue);
            for (String chunk : chunked && every ? CHUNKS : List.of(HEADLINE_CHUNK)) {
                String c = chunked ? chunk : null;
                List<Trial> contenders = new ArrayList<>();
                contenders.add(trial(throughput(queue, QueueFactory.CONTEND, c), plan.mode()));
                contenders.add(trial(throughput(queue, QueueFactory.CONTEND_STRICT, c), plan.mode()));
                if (RELAXED_DIFFERS.contains(queue)) {
                    contenders.add(trial(throughput(queue, QueueFactory.CONTEND_RELAXED, c), plan.mode()));
                }
                if (every || plan.smoke()) {
                    contenders.add(trial(throughput(queue, QueueFactory.JCTOOLS_VARHANDLE, c), plan.mode()));
                    if (chunk.equals(HEADLINE_CHUNK) && QueueFactory.supports(queue, QueueFactory.JDK)) {
                        contenders.add(trial(throughput(queue, QueueFactory.JDK, null), plan.mode()));
                    }
                }
                comparisons.add(new Comparison(trial(throughput(queue, QueueFactory.JCTOOLS, c), plan.mode()),
                        contenders, Direction.HIGHER));
            }
        }
        List<String> bursts = every ? BURSTS : plan.smoke() ? List.of("10") : HEADLINE_BURSTS;
        for (String queue : QueueFactory.QUEUES) {
            if (plan.smoke() ? !queue.equals(QueueFactory.SPSC_ARRAY) && !queue.equals(QueueFactory.MPSC_UNBOUNDED)
                    : !every && !HEADLINE_QUEUES.contains(queue)) {
                continue;
            }
            for (String burst : bursts) {
                List<Trial> contenders = new ArrayList<>();
                contenders.add(burst(queue, QueueFactory.CONTEND, burst));
                contenders.add(burst(queue, QueueFactory.CONTEND_STRICT, burst));
                if ((every || plan.smoke()) && RELAXED_DIFFERS.contains(queue)) {
                    contenders.add(burst(queue, QueueFactory.CONTEND_RELAXED, burst));
                }
                if (every || plan.smoke()) {
                    contenders.add(burst(queue, QueueFactory.JCTOOLS_VARHANDLE, burst));
                    if (QueueFactory.supports(queue, QueueFactory.JDK)) {
                        contenders.add(burst(queue, QueueFactory.JDK, burst));
                    }
                }
                comparisons.add(new Comparison(burst(queue, QueueFactory.JCTOOLS, burst), contenders, Direction.LOWER,
                        new InterleavedBursts(queue, Integer.parseInt(HEADLINE_CHUNK), Integer.parseInt(burst),
                                burstSettings(plan.mode()))));
            }
        }
        return comparisons;
    }

    private static JmhRun throughput(String queue, String impl, String chunk) {
        return new JmhRun(QueueThroughputBenchmark.THROUGHPUT_BENCHMARK, params(queue, impl, chunk), GROUP_THREADS);
    }

    /**
     * One side of a burst comparison: named by its trial, measured by the comparison's {@link InterleavedBursts}.
     */
    private static Trial burst(String queue, String impl, String burst) {
        String chunk = QueueFactory.usesChunk(queue) && !impl.equals(QueueFactory.JDK) ? HEADLINE_CHUNK : null;
        Map<String, String> params = params(queue, impl, chunk);
        params.put("burst", burst);
        return new DirectTrial(InterleavedBursts.BENCHMARK, params, BURST_THREADS, round -> {
            throw new IllegalStateException("a burst side is measured with its comparison (InterleavedBursts)");
        });
    }

    /**
     * Quick rounds: 600 ms of warm-up per side (the VarHandle code reaches C2 within it, as in the JMH forks' 400 ms)
     * and 10 blocks of 50 ms per side; a block is short enough that neighbouring blocks of two sides mostly share
     * their threads' placement, which holds for seconds on the machines measured, and long enough that a block's
     * mean is steady.
     */
    static InterleavedBursts.Settings burstSettings(LabMode mode) {
        return switch (mode) {
            case SMOKE -> new InterleavedBursts.Settings(100, 20, 3);
            case QUICK -> new InterleavedBursts.Settings(600, 50, 10);
            case FULL -> new InterleavedBursts.Settings(2_000, 100, 30);
        };
    }

    @Override
    public String roundSettingsIfOwn(LabMode mode) {
        String jmh = super.roundSettingsIfOwn(mode);
        return (jmh == null ? "" : jmh + "; ") + "bursts: " + burstSettings(mode).describe() + ", interleaved in one JVM";
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

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(120), Duration.ofMinutes(12));
    }

    /**
     * Quick rounds measure 2 x 200 ms after the mode's 2 x 200 ms warm-up (the VarHandle code needs the 400 ms to
     * reach C2), not the mode's 4 iterations: split by {@code VarianceSplit} on the iterations of stored quick runs,
     * a queue's forks differ from each other about as much as their iterations do (thread placement decides a
     * fork's level), so for the same time more, shorter forks give the narrower interval.
     */
    @Override
    protected JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 2, 200, 2, 200) : mode.settings();
    }

    /** Throughput's score is messages passed per microsecond (pollsMade), not JMH's primary result. */
    @Override
    protected String scoreResult(JmhRun run) {
        return run.benchmark().equals(QueueThroughputBenchmark.THROUGHPUT_BENCHMARK) ? QueueThroughputBenchmark.POLLS_MADE
                : null;
    }

    /** The four counters of the throughput benchmark, per microsecond. */
    @Override
    protected Map<String, ResultRecord.Secondary> secondary(JmhRun run, Map<String, ResultRecord.Secondary> jmh) {
        Map<String, ResultRecord.Secondary> counters = new LinkedHashMap<>();
        if (run.benchmark().equals(QueueThroughputBenchmark.THROUGHPUT_BENCHMARK)) {
            for (String name : QueueThroughputBenchmark.COUNTERS) {
                counters.put(name, new ResultRecord.Secondary(required(jmh, name), jmh.get(name).unit()));
            }
        }
        return counters;
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("queue", "impl", "chunk", "burst"), "impl", QueueFactory.JCTOOLS, Direction.HIGHER,
                List.of(new TableSpec.Column("offersFailed", "offer fails/us", "%.3f"),
                        new TableSpec.Column("pollsFailed", "poll fails/us", "%.3f")),
                List.of("throughput: 1 producer + 1 consumer (Threads 2, one JMH group), no backoff, "
                                + "capacity 128K; score: messages passed per microsecond (pollsMade), higher is "
                                + "better. Failed offers: queue full, or for the unbounded kinds the producer "
                                + "128K ahead of the consumer (held back so the heap stays bounded); failed "
                                + "polls: queue empty.",
                        "burstInterleaved: ns per round trip of `burst` messages (lower is better): one "
                                + "thread offers them to queue A, an echo thread moves them to queue B, the first "
                                + "polls them back (Threads 2). Every side of a comparison runs in the same JVM, "
                                + "in turn, in blocks of about 50 ms (quick), each side in a class loader of its "
                                + "own so that its code is compiled as if alone; a round is one such JVM, its "
                                + "score per side the mean of its blocks. Neighbouring blocks share where the two "
                                + "threads run, which sets the round trip's time several-fold on a shared or "
                                + "virtual machine and changes between JVMs. Chunk 128.",
                        "impl: contend (io.contend.queue with its default contract, JCTools': size and isEmpty "
                                + "best-effort); contend-strict: the same queue built QueueContract.STRICT, whose "
                                + "poll, size and isEmpty agree across threads at the price of a full fence before "
                                + "\"empty\", \"full\" and counts; contend-relaxed (MPSC kinds): the default queue "
                                + "through relaxedOffer/relaxedPoll, which returns at a slot whose claim is in "
                                + "flight instead of reading the producer index (called directly, as the others "
                                + "are); "
                                + "jctools: JCTools 4.0.7 Unsafe classes; jctools-varhandle: org.jctools.queues.varhandle; "
                                + "jdk: ArrayBlockingQueue (array kinds), ConcurrentLinkedQueue (unbounded kinds).",
                        "chunk: chunk size (growable: initial capacity); jdk rows have none and compare "
                                + "with JCTools at chunk 128."))
                .withDirections(Map.of(InterleavedBursts.BENCHMARK, Direction.LOWER))
                .withPairs(List.of(new TableSpec.Pair(QueueFactory.CONTEND_STRICT, QueueFactory.CONTEND),
                        new TableSpec.Pair(QueueFactory.CONTEND, QueueFactory.CONTEND_RELAXED)));
    }
}
