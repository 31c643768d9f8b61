package io.contend.alloc;

import io.contend.internal.Checks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/*
 * Implementation notes.
 *
 * Algorithm: the reserved byte count is advanced with getAndAdd (XADD), not a CAS loop (CASSANDRA-20226):
 * reserve(n) adds n and keeps it if old + n <= limit, else subtracts it again (rollback) and refuses; release(n)
 * subtracts n, rolling back and throwing if that would take the count below zero. A refused request that may
 * fit retries a bounded number of times, so that another request's rollback rarely causes a refusal.
 * Blocking requests wait on a condition; a release (or a rollback) signals it when waiters are registered.
 *
 * Invariants: granted bytes - released bytes equals the count once no operation is in flight; the sum of
 * granted, unreleased requests never exceeds the limit (a request is granted only if the count, including
 * everything granted before it, stayed within the limit after its own add). The count may transiently exceed
 * the limit, or go below zero, by a request being rolled back; usedBytes() can show that, grants never do.
 *
 * Not linearizable at the limit (Lincheck found the case): a request that would fit can be refused while
 * another request's rollback is in flight, e.g. two racing over-releases refuse each other. That is the price
 * of XADD accounting; grants and releases that succeed are exact, a blocked request is woken by the rollback
 * and retries, and a refused tryReserve retries while the count says it may fit. Below the limit, with no
 * refusals, the pool behaves exactly like a sequential counter (MemoryPoolLincheckTest).
 *
 * Ordering: XADD is a full fence, so a waiter that registers (volatile increment of waiters) and then retries,
 * and a releaser that adds and then reads waiters, cannot both miss each other (Dekker): either the waiter
 * sees the released bytes or the releaser sees the waiter and signals under the lock.
 *
 * Source: CASSANDRA-15922 and CASSANDRA-20226 (MemtablePool accounting with getAndAdd).
 */

/**
 * A byte budget shared by allocators: reserve before taking memory, release after freeing it. When the limit
 * is reached a request either fails at once ({@link OnLimit#FAIL}) or waits up to a timeout for releases
 * ({@link OnLimit#BLOCK}), then fails with a {@link MemoryLimitException} naming the limit and the request.
 *
 * <p>Accounting is exact and grants never exceed the limit. Refusals are conservative: under contention
 * near the limit, a request that would fit may be refused while another request is being rolled back.
 */
public final class MemoryPool {
    /** What a request that does not fit does. */
    public enum OnLimit {
        /** Throw at once. */
        FAIL,
        /** Wait for releases up to the pool's timeout, then throw. */
        BLOCK
    }

    private static final int FIT_RETRIES = 3;
    private static final VarHandle USED;
    private static final VarHandle WAITERS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            USED = lookup.findVarHandle(MemoryPool.class, "used", long.class);
            WAITERS = lookup.findVarHandle(MemoryPool.class, "waiters", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long limitBytes;
    private final OnLimit onLimit;
    private final long timeoutNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition released = lock.newCondition();
    @SuppressWarnings("unused") // accessed through USED
    private volatile long used;
    @SuppressWarnings("unused") // accessed through WAITERS
    private volatile int waiters;

    /**
     * The largest budget: half of {@code Long.MAX_VALUE} (4 EiB), so that a request added to the reserved count
     * cannot overflow it. Pass it for a pool that accounts without a practical limit; {@code Long.MAX_VALUE} itself
     * is refused, not quietly lowered.
     */
    public static final long MAX_LIMIT_BYTES = Long.MAX_VALUE / 2;

    /**
     * A pool that fails at once when full.
     *
     * @param limitBytes the budget, in [0, {@link #MAX_LIMIT_BYTES}]
     * @throws IllegalArgumentException naming the value if it is out of range
     */
    public MemoryPool(long limitBytes) {
        this(limitBytes, OnLimit.FAIL, 0, TimeUnit.NANOSECONDS);
    }

    /**
     * @param limitBytes the budget, in [0, {@link #MAX_LIMIT_BYTES}]
     * @param onLimit fail at once, or block
     * @param timeout how long a blocked request waits, at least 0 (ignored for FAIL)
     * @param unit unit of the timeout
     * @throws IllegalArgumentException naming the value if limitBytes or timeout is out of range
     * @throws NullPointerException if onLimit or unit is null
     */
    public MemoryPool(long limitBytes, OnLimit onLimit, long timeout, TimeUnit unit) {
        this.limitBytes = Checks.inRange("limitBytes", limitBytes, 0, MAX_LIMIT_BYTES);
        this.onLimit = Objects.requireNonNull(onLimit, "onLimit");
        Checks.inRange("timeout", timeout, 0, Long.MAX_VALUE);
        this.timeoutNanos = Objects.requireNonNull(unit, "unit").toNanos(timeout);
    }

    /**
     * Reserves bytes, failing or waiting as configured when the limit is reached.
     *
     * <p>Interrupts: a thread interrupted while it waits stops waiting at once, reserves nothing, and gets a
     * {@link MemoryLimitException} with its interrupt status set again, so the caller's own interrupt handling
     * still sees it. The method does not throw {@link InterruptedException}: a request that ends early is one more
     * way for it not to be granted, and callers already handle that.
     *
     * @param bytes the request, at least 0
     * @throws MemoryLimitException if the request cannot be granted (after the timeout, when blocking; at once
     *         when the waiting thread is interrupted); at once, without waiting, if it is larger than the whole
     *         limit
     * @throws IllegalArgumentException if bytes is negative
     */
    public void reserve(long bytes) {
        reserveWithin(bytes, timeoutNanos);
    }

    /**
     * Reserves bytes as {@link #reserve} does, waiting at most {@code maxWaitNanos} of the pool's timeout: for a
     * caller that has already waited part of it on the same request (an allocator waiting for another thread's
     * region swap before asking for its own region).
     *
     * @param bytes the request, at least 0
     * @param maxWaitNanos the most this call may wait; 0 or less: do not wait
     */
    void reserveWithin(long bytes, long maxWaitNanos) {
        Checks.inRange("bytes", bytes, 0, Long.MAX_VALUE);
        if (bytes > limitBytes) {
            throw new MemoryLimitException(limitBytes, bytes, lvUsed(), 0);
        }
        if (tryReserveInternal(bytes)) {
            return;
        }
        long wait = Math.min(timeoutNanos, maxWaitNanos);
        if (onLimit == OnLimit.FAIL || wait <= 0) {
            throw new MemoryLimitException(limitBytes, bytes, lvUsed(), 0);
        }
        awaitReserve(bytes, wait);
    }

    /** @return how long a request may wait for releases: the timeout when blocking, 0 when failing at once */
    long waitLimitNanos() {
        return onLimit == OnLimit.BLOCK ? timeoutNanos : 0;
    }

    /**
     * Reserves bytes if they fit now; never waits.
     *
     * @param bytes the request, at least 0
     * @return whether the bytes were reserved
     */
    public boolean tryReserve(long bytes) {
        Checks.inRange("bytes", bytes, 0, Long.MAX_VALUE);
        return bytes <= limitBytes && tryReserveInternal(bytes);
    }

    private boolean tryReserveInternal(long bytes) {
        for (int attempt = 0; attempt < FIT_RETRIES; attempt++) {
            long old = xaddUsed(bytes);
            if (old + bytes <= limitBytes) {
                return true;
            }
            xaddUsed(-bytes);
            signalIfWaiting(); // our transient add may have made a waiter give up its check
            if (lvUsed() + bytes > limitBytes) {
                return false;
            }
        }
        return false;
    }

    private void awaitReserve(long bytes, long timeout) {
        long start = System.nanoTime();
        long remaining = timeout;
        lock.lock();
        try {
            WAITERS.getAndAdd(this, 1);
            try {
                while (!tryReserveInternal(bytes)) {
                    if (remaining <= 0) {
                        throw new MemoryLimitException(limitBytes, bytes, lvUsed(), System.nanoTime() - start);
                    }
                    try {
                        remaining = released.awaitNanos(remaining);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new MemoryLimitException(limitBytes, bytes, lvUsed(), System.nanoTime() - start);
                    }
                }
            } finally {
                WAITERS.getAndAdd(this, -1);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Returns reserved bytes and wakes waiting requests.
     *
     * @param bytes bytes to return, in [0, {@link #limitBytes()}]
     * @throws IllegalArgumentException naming the value if it is out of that range (nothing is returned)
     * @throws IllegalStateException if that is more than is reserved (nothing is returned). The check reads the
     *         count, so it is best-effort under contention: an over-release that races a refused request's rollback
     *         can pass unnoticed and leave the count below zero. Releasing exactly what was granted is always exact.
     */
    public void release(long bytes) {
        Checks.inRange("bytes", bytes, 0, limitBytes);
        long old = xaddUsed(-bytes);
        if (old - bytes < 0) {
            xaddUsed(bytes);
            throw new IllegalStateException("released " + bytes + " bytes but only " + old + " are reserved");
        }
        signalIfWaiting();
    }

    private void signalIfWaiting() {
        if ((int) WAITERS.getVolatile(this) > 0) {
            lock.lock();
            try {
                released.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /** @return bytes reserved now (may transiently include a request being rolled back) */
    public long usedBytes() {
        return lvUsed();
    }

    /** @return the limit in bytes */
    public long limitBytes() {
        return limitBytes;
    }

    /** @return what a full pool does */
    public OnLimit onLimit() {
        return onLimit;
    }

    private long lvUsed() {
        return used;
    }

    private long xaddUsed(long delta) {
        return (long) USED.getAndAdd(this, delta);
    }

    /** A wait for messages: whole ms from 1 ms up, else microseconds (so that 500 us does not read "0 ms"). */
    static String duration(long nanos) {
        return nanos >= 1_000_000 ? nanos / 1_000_000 + " ms" : nanos / 1_000 + " \u00b5s";
    }

    @Override
    public String toString() {
        return "MemoryPool[" + lvUsed() + " of " + limitBytes + " bytes, on limit " + onLimit
                + (onLimit == OnLimit.BLOCK ? " up to " + duration(timeoutNanos) : "") + "]";
    }
}
