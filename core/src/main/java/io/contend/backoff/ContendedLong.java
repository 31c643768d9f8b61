package io.contend.backoff;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

/*
 * Implementation notes.
 *
 * Algorithm: an AtomicLong whose read-modify-write loops carry a contention manager (arXiv:1305.5800's
 * "CAS with contention management"): load the value (lv), compute, casValue; on failure ask the
 * ContentionManager to back off, then retry. getAndAdd and getAndSet are single XADD / XCHG instructions
 * that cannot fail, which is the fix CASSANDRA-15922 applied where the update is a plain addition.
 *
 * Invariants: every successful update is applied exactly once to the value it read (CAS), so no update is
 * lost; getAndAdd never retries.
 *
 * Ordering: the value is accessed with volatile semantics throughout (lv/sv, volatile CAS, XADD, XCHG), the
 * same guarantees as java.util.concurrent.atomic.AtomicLong; soValue (lazySet) is a release store for a
 * writer that only needs to publish. The backoff and telemetry paths touch no shared state (see
 * ContentionCounter), so they add no ordering and no contention.
 *
 * Padding: the value is the only field written by several threads; 128 bytes of class-hierarchy padding on
 * each side keep it alone on its cache line (and its adjacent-line prefetch pair).
 *
 * Source: CASSANDRA-15922; Dice, Hendler, Mirsky, arXiv:1305.5800.
 */
abstract class ContendedLongPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class ContendedLongValue extends ContendedLongPadBefore {
    volatile long value;
}

abstract class ContendedLongPadAfter extends ContendedLongValue {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * A padded atomic long whose CAS loops back off under contention and count what contention cost.
 *
 * <p>Use {@link #getAndAdd(long)} when the update is an addition: one XADD, no retry. Use
 * {@link #getAndUpdate(LongUnaryOperator)} and friends for anything else: they retry with the
 * {@link BackoffStrategy} given at construction and record attempts, failures and backoff time into the
 * {@link io.contend.telemetry.ContentionCounter} given, if any. Update functions may be called more than once
 * per operation, so they must be free of side effects.
 */
public final class ContendedLong extends ContendedLongPadAfter {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(ContendedLongValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ContentionManager manager;

    /** A plain CAS loop starting at 0, with no backoff and no telemetry. */
    public ContendedLong() {
        this(0, ContentionManager.none());
    }

    /**
     * @param initial the starting value
     * @param manager the backoff strategy and telemetry applied by CAS loops
     */
    public ContendedLong(long initial, ContentionManager manager) {
        this.manager = Objects.requireNonNull(manager, "manager");
        VALUE.set(this, initial);
    }

    private long lvValue() {
        return value;
    }

    private boolean casValue(long expect, long update) {
        return VALUE.compareAndSet(this, expect, update);
    }

    private long xaddValue(long delta) {
        return (long) VALUE.getAndAdd(this, delta);
    }

    /** @return the current value (volatile read) */
    public long get() {
        return lvValue();
    }

    /** @param newValue the value to store (volatile write) */
    public void set(long newValue) {
        value = newValue;
    }

    /** @param newValue the value to store with release semantics (lazySet / putOrdered) */
    public void lazySet(long newValue) {
        VALUE.setRelease(this, newValue);
    }

    /**
     * One CAS attempt, recorded as one operation; it does not retry and does not back off.
     *
     * @param expect the value expected
     * @param update the new value
     * @return whether the value was {@code expect} and is now {@code update}
     */
    public boolean compareAndSet(long expect, long update) {
        boolean success = casValue(expect, update);
        manager.onSingleAttempt(!success);
        return success;
    }

    /**
     * Adds with one XADD (never retries).
     *
     * @param delta the amount to add
     * @return the previous value
     */
    public long getAndAdd(long delta) {
        long previous = xaddValue(delta);
        manager.onSingleAttempt(false);
        return previous;
    }

    /**
     * @param delta the amount to add with one XADD
     * @return the updated value
     */
    public long addAndGet(long delta) {
        return getAndAdd(delta) + delta;
    }

    /**
     * Swaps with one XCHG (never retries).
     *
     * @param newValue the value to store
     * @return the previous value
     */
    public long getAndSet(long newValue) {
        long previous = (long) VALUE.getAndSet(this, newValue);
        manager.onSingleAttempt(false);
        return previous;
    }

    /**
     * CAS loop with backoff.
     *
     * @param function side-effect-free update
     * @return the previous value
     */
    public long getAndUpdate(LongUnaryOperator function) {
        return casLoop(Objects.requireNonNull(function, "function"), null, 0, false);
    }

    /**
     * CAS loop with backoff.
     *
     * @param function side-effect-free update
     * @return the updated value
     */
    public long updateAndGet(LongUnaryOperator function) {
        return casLoop(Objects.requireNonNull(function, "function"), null, 0, true);
    }

    /**
     * CAS loop with backoff.
     *
     * @param x the argument combined with the current value
     * @param function side-effect-free combination of (current, x)
     * @return the previous value
     */
    public long getAndAccumulate(long x, LongBinaryOperator function) {
        return casLoop(null, Objects.requireNonNull(function, "function"), x, false);
    }

    /**
     * CAS loop with backoff.
     *
     * @param x the argument combined with the current value
     * @param function side-effect-free combination of (current, x)
     * @return the updated value
     */
    public long accumulateAndGet(long x, LongBinaryOperator function) {
        return casLoop(null, Objects.requireNonNull(function, "function"), x, true);
    }

    /** The one CAS loop: applies {@code unary}, or else {@code binary} with {@code x}; allocates nothing. */
    private long casLoop(LongUnaryOperator unary, LongBinaryOperator binary, long x, boolean returnNext) {
        int failures = 0;
        long backoffNanos = 0;
        for (;;) {
            long current = lvValue();
            long next = unary != null ? unary.applyAsLong(current) : binary.applyAsLong(current, x);
            if (casValue(current, next)) {
                manager.onSuccess(failures, backoffNanos);
                return returnNext ? next : current;
            }
            failures = nextFailureCount(failures);
            backoffNanos += manager.onFailure(failures);
        }
    }

    /** Counts failures, saturating instead of wrapping after 2^31 - 1 of them. */
    static int nextFailureCount(int failures) {
        return failures == Integer.MAX_VALUE ? failures : failures + 1;
    }

    /** @return the backoff strategy and telemetry applied by CAS loops */
    public ContentionManager manager() {
        return manager;
    }

    @Override
    public String toString() {
        return "ContendedLong[value=" + lvValue() + ", backoff=" + manager.backoff().spec() + "]";
    }
}
