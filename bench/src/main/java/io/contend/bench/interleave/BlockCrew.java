package io.contend.bench.interleave;

import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/*
 * Implementation notes.
 *
 * A block: the calling thread clears each helper's ready and done flags, writes active = true and unparks them,
 * and waits until each has written ready = true, so that the clock starts with every thread running. It then runs
 * its own share of the block's operations and writes active = false. A helper runs operations while it reads
 * active as true, counting them in a local; when it reads false it writes the count (a plain write, published by
 * the volatile write of done that follows and that the calling thread reads before the count) and parks until the
 * next block. A helper parks while active is false or its ready flag is still set from the block before; the
 * calling thread clears ready before it writes active = true, so a helper that reads the new active also reads the
 * cleared ready, and one that reads the old active parks until the unpark that follows. A failed helper sets
 * failure before ready and done, and the calling thread checks failure while it waits for either. The block's
 * rate is every thread's operations over the calling thread's elapsed time; a helper's operations between its
 * ready and the clock's start, or between the clock's end and its reading active = false, are a few of the
 * block's many thousands. active and running have one writer, the calling thread; ready and done one per block
 * each.
 */

/**
 * The threads of one side of an {@link Interleaved} measurement in which several threads work at once: the calling
 * thread and {@code threads - 1} helpers, each running its own operation, for as long as the calling thread takes
 * to run its share of a block. Between blocks the helpers park, so only the active side's threads are busy.
 *
 * <p>Each thread's operation is made on that thread ({@code operationFor} with the thread's index, 0 for the
 * calling thread, which makes it in the constructor), so that what it allocates lies in that thread's TLAB, as a
 * JMH {@code Scope.Thread} state's would.
 */
public final class BlockCrew implements AutoCloseable {
    private final int threads;
    private final Runnable own;
    private final Helper[] helpers;
    private volatile boolean active;
    private volatile boolean running = true;

    /**
     * One block's outcome.
     *
     * @param elapsedNanos the calling thread's time for its share
     * @param operations the operations every thread ran meanwhile
     * @param threads the threads that ran them
     */
    public record Block(long elapsedNanos, long operations, int threads) {
        /**
         * @param ops the operations a block was sized for
         * @return the block's time scaled to {@code ops} operations at the rate all threads reached together (the
         *         inverse of the crew's throughput): what {@link Interleaved}'s sides return for a throughput
         */
        public long crewNanosFor(long ops) {
            return Math.max(1, Math.round((double) elapsedNanos * ops / operations));
        }

        /**
         * @param ops the operations a block was sized for
         * @return {@code ops} times each thread's mean time per operation, as JMH's average time with several
         *         threads reports it: what {@link Interleaved}'s sides return for a per-thread latency
         */
        public long threadNanosFor(long ops) {
            return Math.max(1, Math.round((double) elapsedNanos * ops * threads / operations));
        }
    }

    /**
     * Starts the helpers; each makes its operation and parks until the first block.
     *
     * @param name the helpers' thread names' prefix
     * @param threads how many threads run, the calling one included, from 1
     * @param operationFor makes a thread's operation, on that thread, from its index
     * @throws IllegalArgumentException if {@code threads} is below 1
     */
    public BlockCrew(String name, int threads, IntFunction<Runnable> operationFor) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operationFor, "operationFor");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        this.threads = threads;
        own = Objects.requireNonNull(operationFor.apply(0), "operation of thread 0");
        helpers = new Helper[threads - 1];
        for (int i = 0; i < helpers.length; i++) {
            helpers[i] = new Helper(operationFor, i + 1);
            Thread t = new Thread(helpers[i], name + "-" + (i + 1));
            t.setDaemon(true);
            helpers[i].thread = t;
            t.start();
        }
    }

    private final class Helper implements Runnable {
        private final IntFunction<Runnable> operationFor;
        private final int index;
        Thread thread;
        volatile boolean ready;
        volatile boolean done = true;
        volatile Throwable failure;
        long operations;

        Helper(IntFunction<Runnable> operationFor, int index) {
            this.operationFor = operationFor;
            this.index = index;
        }

        @Override
        public void run() {
            try {
                Runnable op = Objects.requireNonNull(operationFor.apply(index), "operation of thread " + index);
                while (running) {
                    if (!active || ready) {
                        LockSupport.park(this);
                        continue;
                    }
                    long n = 0;
                    ready = true;
                    while (active) {
                        op.run();
                        n++;
                    }
                    operations = n;
                    done = true;
                }
            } catch (Throwable t) {
                failure = t;
                ready = true;
                done = true;
            }
        }
    }

    /** @return how many threads run a block, the calling one included */
    public int threads() {
        return threads;
    }

    /**
     * Runs one block: every helper runs its operation while the calling thread runs {@code ops / threads} of its
     * own (at least one).
     *
     * @param ops the operations the block is sized for, all threads together
     * @return the block's time and operations
     * @throws IllegalStateException if a helper failed
     */
    public Block run(long ops) {
        for (Helper h : helpers) {
            h.ready = false;
            h.done = false;
        }
        active = true;
        for (Helper h : helpers) {
            LockSupport.unpark(h.thread);
        }
        for (Helper h : helpers) {
            while (!h.ready) {
                check(h);
                Thread.onSpinWait();
            }
        }
        long share = Math.max(1, ops / threads);
        Runnable op = own;
        long start = System.nanoTime();
        for (long k = 0; k < share; k++) {
            op.run();
        }
        long elapsed = System.nanoTime() - start;
        active = false;
        long total = share;
        for (Helper h : helpers) {
            while (!h.done) {
                check(h);
                Thread.onSpinWait();
            }
            check(h);
            total += h.operations;
        }
        return new Block(Math.max(1, elapsed), total, threads);
    }

    private static void check(Helper h) {
        Throwable t = h.failure;
        if (t != null) {
            throw new IllegalStateException("helper thread " + h.thread.getName() + " failed", t);
        }
    }

    /** Stops the helpers and waits for them ({@link SideThreads#awaitEnd}). */
    @Override
    public void close() {
        running = false;
        Thread[] threads = new Thread[helpers.length];
        for (int i = 0; i < helpers.length; i++) {
            threads[i] = helpers[i].thread;
            LockSupport.unpark(threads[i]);
        }
        SideThreads.awaitEnd(threads);
    }

    @Override
    public String toString() {
        return "BlockCrew[threads=" + threads + ", active=" + active + "]";
    }
}
