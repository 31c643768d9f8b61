package io.contend.bench.queue;

import io.contend.bench.interleave.Interleaved;
import io.contend.bench.interleave.SideParams;
import io.contend.bench.interleave.SideThreads;
import io.contend.queue.MessagePassingQueue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * A block: the calling thread (the consumer) writes active = true and unparks the producer, then polls until it has
 * taken the block's messages, and writes active = false. The producer offers while it reads active as true; when it
 * reads false it publishes its counts, writes busy = false, and parks (a park after the unpark returns at once, and a
 * spurious return re-reads the flag). It writes busy = true before its first offer of a block, so when the consumer
 * has taken a message of the block it also sees busy = true (the queue's offer and poll order the message, and the
 * write of busy precedes the offer), and once it then reads busy = false the producer has stopped offering and its
 * counts are visible. The consumer then drains what the producer offered beyond the block's messages, so every block
 * starts with an empty queue. active, busy and running are volatile, each with a single writer; consumed is published
 * with a release store every 1024 messages, as in QueueThroughputBenchmark, and read by the producer of an unbounded
 * queue to stay at most 128K messages ahead.
 */

/**
 * One implementation's side of the {@code queues} experiment's throughput, measured by {@link Interleaved}: one
 * producer thread offers without backoff while the calling thread polls without backoff, on one queue of capacity
 * 128K, as in {@link QueueThroughputBenchmark}; a block is the time the consumer takes to receive its messages.
 * Between blocks the producer parks, so that only the active side's two threads are busy.
 *
 * <p>Counters, per block: {@code offersFailed} (the queue full, or for the unbounded kinds the producer 128K ahead of
 * the consumer) and {@code pollsFailed} (the queue empty). Parameters: {@code queue}, {@code chunk}.
 */
public final class ThroughputLoop implements LongUnaryOperator, AutoCloseable, Supplier<Map<String, Long>> {
    /** Capacity of the bounded queues, and the producer's lead limit for the unbounded ones. */
    static final int CAPACITY = QueueThroughputBenchmark.CAPACITY;
    /** The consumer publishes its count every this many messages. */
    static final int PUBLISH_EVERY = QueueThroughputBenchmark.PUBLISH_EVERY;

    private final Queue<Integer> q;
    private final MessagePassingQueue<Integer> relaxed;
    private final boolean limitLead;
    private final Integer message = Integer.valueOf(20_230_004);
    private final Thread producer;
    /** Messages the consumer has taken, published every PUBLISH_EVERY and after each block's drain. */
    private final AtomicLong consumed = new AtomicLong();
    private volatile boolean active;
    private volatile boolean busy;
    private volatile boolean running = true;
    private volatile Throwable failure;
    /** The producer's failed offers in the last block, written before busy = false. */
    private long offersFailed;
    /** The consumer's failed polls in the last block. */
    private long pollsFailed;
    /** Messages the consumer has taken in all blocks, drains included. */
    private long taken;

    /**
     * @param impl the implementation ({@link QueueFactory#IMPLS})
     * @param params {@code queue} (a kind of {@link QueueFactory#QUEUES}), {@code chunk} (chunk size of the linked
     *               kinds)
     * @throws IllegalArgumentException for an unsupported kind and implementation, or a chunk out of range
     */
    public ThroughputLoop(String impl, Map<String, String> params) {
        String queue = SideParams.string(params, "queue");
        int chunk = SideParams.integer(params, "chunk", 1, 1 << 30);
        relaxed = impl.equals(QueueFactory.CONTEND_RELAXED) ? QueueFactory.createContend(queue, chunk, CAPACITY) : null;
        q = relaxed != null ? new RelaxedQueue<>(relaxed) : QueueFactory.create(queue, impl, chunk, CAPACITY);
        limitLead = !QueueFactory.bounded(queue);
        producer = new Thread(this::produce, "contend-interleaved-producer-" + queue + "-" + impl);
        producer.setDaemon(true);
        producer.start();
    }

    private void produce() {
        try {
            long offered = 0;
            long failed = 0;
            int untilCheck = PUBLISH_EVERY;
            while (running) {
                if (!active) {
                    if (busy) {
                        offersFailed = failed;
                        failed = 0;
                        busy = false;
                    }
                    LockSupport.park(this);
                    continue;
                }
                if (!busy) {
                    busy = true;
                }
                if (limitLead && --untilCheck <= 0) {
                    if (offered - consumed.getAcquire() >= CAPACITY) {
                        untilCheck = 1; // check again at the next call, until the consumer has caught up
                        failed++;
                        continue;
                    }
                    untilCheck = PUBLISH_EVERY;
                }
                if (QueueCalls.offer(q, relaxed, message)) {
                    offered++;
                } else {
                    failed++;
                }
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    /**
     * Takes that many messages from the producer, then stops it and empties the queue.
     *
     * @param messages how many messages the block takes
     * @return the nanoseconds the consumer took to receive them
     * @throws IllegalStateException if the producer failed
     */
    @Override
    public long applyAsLong(long messages) {
        active = true;
        LockSupport.unpark(producer);
        long failed = 0;
        int untilPublish = PUBLISH_EVERY;
        long start = System.nanoTime();
        for (long k = 0; k < messages; k++) {
            while (QueueCalls.poll(q, relaxed) == null) {
                failed++;
                if ((failed & 0xFFFF) == 0) {
                    checkProducer();
                }
            }
            if (--untilPublish == 0) {
                untilPublish = PUBLISH_EVERY;
                taken += PUBLISH_EVERY;
                consumed.setRelease(taken);
            }
        }
        long elapsed = System.nanoTime() - start;
        active = false;
        while (busy) {
            checkProducer();
            Thread.onSpinWait();
        }
        long extra = PUBLISH_EVERY - untilPublish;
        while (QueueCalls.poll(q, relaxed) != null) {
            extra++;
        }
        taken += extra;
        consumed.setRelease(taken);
        pollsFailed = failed;
        return elapsed;
    }

    /** @return the last block's failed offers and failed polls */
    @Override
    public Map<String, Long> get() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("offersFailed", offersFailed);
        counts.put("pollsFailed", pollsFailed);
        return counts;
    }

    private void checkProducer() {
        Throwable t = failure;
        if (t != null) {
            throw new IllegalStateException("producer thread " + producer.getName() + " failed", t);
        }
    }

    /** Stops the producer thread and waits for it ({@link SideThreads#awaitEnd}). */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(producer);
        SideThreads.awaitEnd(producer);
    }
}
