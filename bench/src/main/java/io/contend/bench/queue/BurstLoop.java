package io.contend.bench.queue;

import io.contend.bench.interleave.Interleaved;
import io.contend.bench.interleave.SideParams;
import io.contend.bench.interleave.SideThreads;
import io.contend.queue.MessagePassingQueue;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongUnaryOperator;

/*
 * Implementation notes.
 *
 * Hand-off between blocks: the driving thread writes active = true and then unparks the echo thread; the echo thread
 * reads active and parks only while it is false. A park after the unpark returns at once (the unpark left a permit),
 * and a spurious return re-reads the flag, so the echo thread never sleeps through a block. At a block's end the
 * driver writes active = false only after it has polled back every message it sent, so both queues are empty then
 * and the echo thread, finding A empty, reads the flag and parks: a block never leaves a message in flight for the
 * next block (or for another side) to count. active, running and failure are volatile: single writers (the driver
 * for the first two, the echo thread for failure), read by the other thread; the queues carry the messages'
 * happens-before themselves. Stopping: close() writes running = false and unparks, and the echo thread leaves its
 * loop, or its full-queue retry, at its next read of running.
 */

/**
 * One implementation's side of the {@code queues} experiment's burst round trips, measured by {@link Interleaved}:
 * queues A and B and an echo thread, as in {@link QueueBurstCostBenchmark}, which the calling thread drives in blocks
 * of round trips. Between blocks the echo thread parks, so that only the active side's two threads are busy.
 * Parameters: {@code queue}, {@code chunk}, {@code burst} (messages per round trip).
 */
public final class BurstLoop implements LongUnaryOperator, AutoCloseable {
    /** Capacity (or maximum capacity) of both queues, as in the JMH benchmark. */
    static final int CAPACITY = QueueBurstCostBenchmark.CAPACITY;

    private final Queue<Integer> a;
    private final Queue<Integer> b;
    private final MessagePassingQueue<Integer> relaxedA;
    private final MessagePassingQueue<Integer> relaxedB;
    private final int burst;
    private final Integer message = Integer.valueOf(20_230_004);
    private final Thread echo;
    private volatile boolean active;
    private volatile boolean running = true;
    private volatile Throwable failure;

    /**
     * @param impl the implementation ({@link QueueFactory#IMPLS})
     * @param params {@code queue} (a kind of {@link QueueFactory#QUEUES}), {@code chunk} (chunk size of the linked
     *               kinds), {@code burst} (messages per round trip, at least 1)
     * @throws IllegalArgumentException for an unsupported kind and implementation, or a parameter out of range
     */
    public BurstLoop(String impl, Map<String, String> params) {
        String queue = SideParams.string(params, "queue");
        int chunk = SideParams.integer(params, "chunk", 1, 1 << 30);
        this.burst = SideParams.integer(params, "burst", 1, 1 << 20);
        boolean relaxed = impl.equals(QueueFactory.CONTEND_RELAXED);
        relaxedA = relaxed ? QueueFactory.createContend(queue, chunk, CAPACITY) : null;
        relaxedB = relaxed ? QueueFactory.createContend(queue, chunk, CAPACITY) : null;
        a = relaxedA != null ? new RelaxedQueue<>(relaxedA) : QueueFactory.create(queue, impl, chunk, CAPACITY);
        b = relaxedB != null ? new RelaxedQueue<>(relaxedB) : QueueFactory.create(queue, impl, chunk, CAPACITY);
        echo = new Thread(this::echo, "contend-interleaved-echo-" + queue + "-" + impl);
        echo.setDaemon(true);
        echo.start();
    }

    private void echo() {
        try {
            while (running) {
                if (!active) {
                    LockSupport.park(this);
                    continue;
                }
                Integer m = QueueCalls.poll(a, relaxedA);
                if (m == null) {
                    continue;
                }
                while (!QueueCalls.offer(b, relaxedB, m)) {
                    if (!running) {
                        return;
                    }
                }
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    /**
     * Runs round trips with the echo thread awake, and parks it again after them.
     *
     * @param roundTrips how many round trips of a burst
     * @return the nanoseconds they took
     * @throws IllegalStateException if the echo thread failed
     */
    @Override
    public long applyAsLong(long roundTrips) {
        active = true;
        LockSupport.unpark(echo);
        long start = System.nanoTime();
        int sum = 0;
        for (long k = 0; k < roundTrips; k++) {
            for (int i = 0; i < burst; i++) {
                while (!QueueCalls.offer(a, relaxedA, message)) { // never full: a safety net
                    checkEcho();
                }
            }
            for (int i = 0; i < burst; i++) {
                Integer m;
                while ((m = QueueCalls.poll(b, relaxedB)) == null) {
                    checkEcho();
                }
                sum += m;
            }
        }
        long elapsed = System.nanoTime() - start;
        active = false;
        if (sum == 42) { // keeps the polls' results alive; a burst's sum is never 42
            throw new AssertionError();
        }
        return elapsed;
    }

    private void checkEcho() {
        Throwable t = failure;
        if (t != null) {
            throw new IllegalStateException("echo thread " + echo.getName() + " failed", t);
        }
    }

    /** Stops the echo thread and waits for it ({@link SideThreads#awaitEnd}). */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(echo);
        SideThreads.awaitEnd(echo);
    }
}
