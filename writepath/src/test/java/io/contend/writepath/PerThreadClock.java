package io.contend.writepath;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The timestamps the write path once had, kept as a test double: each thread counts its own writes and puts its
 * slot in the low 10 bits. Unique, but not ordered with real time across threads: the thread that has written
 * most wins, not the latest request. The checks must fail on it.
 */
final class PerThreadClock implements WriteClock {
    private final AtomicInteger slots = new AtomicInteger();
    private final ThreadLocal<long[]> counts = ThreadLocal.withInitial(() -> new long[] {slots.getAndIncrement(), 0});

    @Override
    public long next() {
        long[] c = counts.get();
        return (c[1]++ << 10) | c[0];
    }
}
