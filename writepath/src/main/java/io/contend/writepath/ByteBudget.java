package io.contend.writepath;

import java.util.concurrent.TimeUnit;

/*
 * Implementation notes.
 *
 * Algorithm: a counter of bytes taken, guarded by this object's monitor; a taker waits on the monitor (with a
 * deadline) while taking would pass the limit, and a release wakes every waiter to try again.
 *
 * Invariant: 0 <= used <= limit whenever the monitor is free.
 *
 * Ordering: every read and write of used happens under the monitor, which orders them; nothing else is shared.
 */
/**
 * Bytes that may be held at once (request bodies being read), taken before and given back after. A monitor, not
 * a Semaphore: a Semaphore counts in int permits, and a body's share can pass 2^31 when added up. Thread-safe.
 */
final class ByteBudget {
    private final long limit;
    private long used; // guarded by this

    ByteBudget(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1: " + limit);
        }
        this.limit = limit;
    }

    /**
     * @param bytes bytes to take, at most the limit
     * @param timeoutNanos how long to wait for them
     * @return whether they were taken
     * @throws InterruptedException if interrupted while waiting
     */
    synchronized boolean tryAcquire(long bytes, long timeoutNanos) throws InterruptedException {
        if (bytes < 0 || bytes > limit) {
            throw new IllegalArgumentException("bytes must be in [0, " + limit + "]: " + bytes);
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (used + bytes > limit) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        used += bytes;
        return true;
    }

    synchronized void release(long bytes) {
        used -= bytes;
        notifyAll();
    }

    @Override
    public synchronized String toString() {
        return "ByteBudget[" + used + " of " + limit + " bytes]";
    }
}
