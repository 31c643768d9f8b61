package io.contend.cli.lab;

import io.contend.bench.queue.BurstLoop;
import io.contend.bench.queue.QueueFactory;
import io.contend.bench.queue.ThroughputLoop;
import io.contend.cli.results.Direction;
import io.contend.cli.results.TableSpec;

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
 * <p>Two measurements, one table, both of one producer and one consumer thread. {@code throughputInterleaved}: the
 * producer offers and the consumer polls without backoff on a 128K queue ({@link ThroughputLoop}, after JCTools'
 * QueueThroughputBackoffNone); the score is messages passed per microsecond. {@code burstInterleaved}: ns per round
 * trip of 1, 10 or 100 messages through an echo thread ({@link BurstLoop}). Every side of a comparison is measured
 * in one JVM, interleaved in short blocks ({@link Interleaving}): one JMH fork per side made per-fork means that
 * compared where the threads ran more than the queues (SpscArray throughput forks at 70 or 260 messages per us,
 * whichever queue they measured). The JMH benchmarks QueueThroughputBenchmark and QueueBurstCostBenchmark measure
 * the same for use outside the lab. The A/A calibration rows are JCTools' SpscArray throughput and its MpscArray
 * bursts of 1, each against itself in one interleaved JVM as the comparisons are: the two benchmarks' noise differs,
 * and the bursts' is what keeps the MPSC burst comparisons of a quick run apart from a verdict.
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
 * bursts of 1 and throughput, except that the MPSC kinds' throughput is compared through relaxedPoll only
 * (contend-relaxed). Why not their default or strict throughput: that poll reads the producer's index after every
 * empty poll, and the two threads settle, per JVM, at levels several times apart, JCTools' MpscArrayQueue against
 * itself as much as any pair, so that a comparison of two such draws needs far more rounds than a quick run has,
 * whichever queues it compares; its rounds go to the comparisons a quick run can judge. Every comparison
 * ({@code --every-comparison}, {@code --full}): all three contracts wherever they differ, chunks 16, 128, 1024 and
 * 16384, the VarHandle classes and the JDK queue (which has no chunk, so it joins the chunk-128 comparison), bursts
 * of 1, 10 and 100.
 * {@code --threads} does not apply: both benchmarks are one producer and one consumer by design.
 */
public final class QueuesExperiment implements Experiment, Calibrated {
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
    /** Throughput, measured by {@link ThroughputLoop}: a name of its own, never pooled with JMH forks' rows. */
    static final String THROUGHPUT = "throughputInterleaved";
    /** Burst round trips, measured by {@link BurstLoop}. */
    static final String BURST = "burstInterleaved";

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
        boolean headlineOnly = !every && !plan.smoke();
        List<Comparison> comparisons = new ArrayList<>();
        for (String queue : QueueFactory.QUEUES) {
            if (!every && !plan.smoke() && !HEADLINE_QUEUES.contains(queue)) {
                continue;
            }
            boolean chunked = QueueFactory.usesChunk(queue);
            for (String chunk : chunked && every ? CHUNKS : List.of(HEADLINE_CHUNK)) {
                String c = chunked ? chunk : null;
                boolean relaxedOnly = headlineOnly && RELAXED_DIFFERS.contains(queue);
                List<Trial> contenders = new ArrayList<>();
                if (!relaxedOnly) {
                    contenders.add(side(THROUGHPUT, queue, QueueFactory.CONTEND, c, null));
                }
                if (!relaxedOnly) {
                    contenders.add(side(THROUGHPUT, queue, QueueFactory.CONTEND_STRICT, c, null));
                }
                if (RELAXED_DIFFERS.contains(queue)) {
                    contenders.add(side(THROUGHPUT, queue, QueueFactory.CONTEND_RELAXED, c, null));
                }
                if (every || plan.smoke()) {
                    contenders.add(side(THROUGHPUT, queue, QueueFactory.JCTOOLS_VARHANDLE, c, null));
                    if (chunk.equals(HEADLINE_CHUNK) && QueueFactory.supports(queue, QueueFactory.JDK)) {
                        contenders.add(side(THROUGHPUT, queue, QueueFactory.JDK, null, null));
                    }
                }
                comparisons.add(new Comparison(side(THROUGHPUT, queue, QueueFactory.JCTOOLS, c, null), contenders,
                        Direction.HIGHER, throughputInterleaving(queue, chunk, plan)));
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
                contenders.add(burstSide(queue, QueueFactory.CONTEND, burst));
                contenders.add(burstSide(queue, QueueFactory.CONTEND_STRICT, burst));
                if ((every || plan.smoke()) && RELAXED_DIFFERS.contains(queue)) {
                    contenders.add(burstSide(queue, QueueFactory.CONTEND_RELAXED, burst));
                }
                if (every || plan.smoke()) {
                    contenders.add(burstSide(queue, QueueFactory.JCTOOLS_VARHANDLE, burst));
                    if (QueueFactory.supports(queue, QueueFactory.JDK)) {
                        contenders.add(burstSide(queue, QueueFactory.JDK, burst));
                    }
                }
                comparisons.add(new Comparison(burstSide(queue, QueueFactory.JCTOOLS, burst), contenders,
                        Direction.LOWER, burstInterleaving(queue, burst, plan)));
            }
        }
        return comparisons;
    }

    /** Throughput's joint measurement: every side in one JVM, in blocks, scored in messages per microsecond. */
    private static Interleaving throughputInterleaving(String queue, String chunk, LabPlan plan) {
        return new Interleaving(ThroughputLoop.class.getName(), Map.of("queue", queue, "chunk", chunk),
                Interleaving.Settings.of(plan.mode()), true);
    }

    /** Burst round trips' joint measurement: every side in one JVM, in blocks, scored in ns per round trip. */
    private static Interleaving burstInterleaving(String queue, String burst, LabPlan plan) {
        return new Interleaving(BurstLoop.class.getName(), Map.of("queue", queue, "chunk", HEADLINE_CHUNK,
                "burst", burst), Interleaving.Settings.of(plan.mode()), false);
    }

    private static Trial burstSide(String queue, String impl, String burst) {
        String chunk = QueueFactory.usesChunk(queue) && !impl.equals(QueueFactory.JDK) ? HEADLINE_CHUNK : null;
        return side(BURST, queue, impl, chunk, burst);
    }

    /**
     * One side of a comparison: named by its trial, measured by the comparison's {@link Interleaving}.
     */
    private static Trial side(String benchmark, String queue, String impl, String chunk, String burst) {
        Map<String, String> params = params(queue, impl, chunk);
        if (burst != null) {
            params.put("burst", burst);
        }
        return Interleaving.side(benchmark, params, GROUP_THREADS);
    }

    /**
     * The A/A comparison: JCTools' SpscArray throughput as two sides of one interleaved comparison, measured as the
     * experiment's comparisons are.
     */
    @Override
    public Comparison calibration(LabPlan plan) {
        return new Comparison(copy(THROUGHPUT, QueueFactory.SPSC_ARRAY, null, "A"),
                List.of(copy(THROUGHPUT, QueueFactory.SPSC_ARRAY, null, "B")), Direction.HIGHER,
                throughputInterleaving(QueueFactory.SPSC_ARRAY, HEADLINE_CHUNK, plan));
    }

    /**
     * The A/A comparisons: {@link #calibration(LabPlan)}'s throughput, then JCTools' MpscArray bursts of 1 against
     * themselves. A side's burst round trips settle at a level of their own in each JVM, apart from the other
     * side's, so that the per-round ratio of a queue to itself spreads as much as that of two queues; this row
     * shows how far.
     */
    @Override
    public List<Comparison> calibrations(LabPlan plan) {
        String burst = HEADLINE_BURSTS.get(0);
        Comparison bursts = new Comparison(copy(BURST, QueueFactory.MPSC_ARRAY, burst, "A"),
                List.of(copy(BURST, QueueFactory.MPSC_ARRAY, burst, "B")), Direction.LOWER,
                burstInterleaving(QueueFactory.MPSC_ARRAY, burst, plan));
        return List.of(calibration(plan), bursts);
    }

    private Trial copy(String benchmark, String queue, String burst, String copy) {
        Map<String, String> params = params(queue, QueueFactory.JCTOOLS, null);
        params.put("of", name());
        params.put("copy", copy);
        if (burst != null) {
            params.put("burst", burst);
        }
        return Interleaving.side(benchmark, params, GROUP_THREADS);
    }

    @Override
    public String roundSettingsIfOwn(LabMode mode) {
        return Interleaving.Settings.roundSettings(mode);
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
        return mode.budget(Duration.ofSeconds(110), Duration.ofMinutes(12));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("queue", "impl", "chunk", "burst"), "impl", QueueFactory.JCTOOLS, Direction.HIGHER,
                List.of(new TableSpec.Column("offersFailed", "offer fails/us", "%.3f"),
                        new TableSpec.Column("pollsFailed", "poll fails/us", "%.3f")),
                List.of("throughputInterleaved: 1 producer + 1 consumer thread, no backoff, capacity 128K; "
                                + "score: messages passed per microsecond, higher is better. Failed offers: queue "
                                + "full, or for the unbounded kinds the producer 128K ahead of the consumer (held "
                                + "back so the heap stays bounded); failed polls: queue empty; both per "
                                + "microsecond. Without backoff a side's two threads settle, in each JVM, into a "
                                + "queue kept near empty (every message crosses between the cores as it is "
                                + "written) or one kept ahead of the consumer (which then reads lines written long "
                                + "before), at speeds several times apart; which one is a draw per side and round, "
                                + "so one implementation's rounds of an MPSC kind can fall on levels that far apart, "
                                + "and their intervals stay wide (each round's score is in results.json). Quick "
                                + "runs therefore compare the MPSC kinds' throughput through relaxedPoll only; "
                                + "--every-comparison adds the default and strict contracts.",
                        "burstInterleaved: ns per round trip of `burst` messages (lower is better): one "
                                + "thread offers them to queue A, an echo thread moves them to queue B, the first "
                                + "polls them back. Chunk 128.",
                        "Both: every side of a comparison runs in the same JVM, in turn, in blocks of about "
                                + "40 ms (quick), each side in a class loader of its own so that its code is "
                                + "compiled as if alone; a round is one such JVM, its score per side the mean of "
                                + "its blocks. Neighbouring blocks share where the two threads run, which sets the "
                                + "speed several-fold on a shared or virtual machine and changes between JVMs.",
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
                .withDirections(Map.of(BURST, Direction.LOWER))
                .withPairs(List.of(new TableSpec.Pair(QueueFactory.CONTEND_STRICT, QueueFactory.CONTEND),
                        new TableSpec.Pair(QueueFactory.CONTEND, QueueFactory.CONTEND_RELAXED)));
    }
}
