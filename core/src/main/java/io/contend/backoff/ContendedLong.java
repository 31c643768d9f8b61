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
 * each side keep it alone on its cache line (and its adjacent-line prefetch pair). The pads are
 * byte fields, because since JDK 15 the JVM fills holes in a superclass's layout with a subclass's
 * narrow fields (JDK-8237767) and long pads leave such holes; LayoutTest checks the result.
 *
 * Copies, on purpose: ContendedReference is this class copied and adapted to references (copy/paste/adapt,
 * as java.util.concurrent does for AtomicLong / AtomicReference and Striped64 for its long and double cells).
 * One generic class would box every long; a shared loop over a value abstraction would put a call that the
 * JIT may not inline on the hot path. The pad classes are repeated in every padded class for the same kind of
 * reason: a class-hierarchy pad must sit in each hierarchy, and Java has no mixins.
 *
 * Source: CASSANDRA-15922; Dice, Hendler, Mirsky, arXiv:1305.5800.
 */
abstract class ContendedLongPadBefore {
    byte p0b000, p0b001, p0b002, p0b003, p0b004, p0b005, p0b006, p0b007, p0b008, p0b009, p0b010, p0b011, p0b012, p0b013, p0b014, p0b015,
            p0b016, p0b017, p0b018, p0b019, p0b020, p0b021, p0b022, p0b023, p0b024, p0b025, p0b026, p0b027, p0b028, p0b029, p0b030, p0b031,
            p0b032, p0b033, p0b034, p0b035, p0b036, p0b037, p0b038, p0b039, p0b040, p0b041, p0b042, p0b043, p0b044, p0b045, p0b046, p0b047,
            p0b048, p0b049, p0b050, p0b051, p0b052, p0b053, p0b054, p0b055, p0b056, p0b057, p0b058, p0b059, p0b060, p0b061, p0b062, p0b063,
            p0b064, p0b065, p0b066, p0b067, p0b068, p0b069, p0b070, p0b071, p0b072, p0b073, p0b074, p0b075, p0b076, p0b077, p0b078, p0b079,
            p0b080, p0b081, p0b082, p0b083, p0b084, p0b085, p0b086, p0b087, p0b088, p0b089, p0b090, p0b091, p0b092, p0b093, p0b094, p0b095,
            p0b096, p0b097, p0b098, p0b099, p0b100, p0b101, p0b102, p0b103, p0b104, p0b105, p0b106, p0b107, p0b108, p0b109, p0b110, p0b111,
            p0b112, p0b113, p0b114, p0b115, p0b116, p0b117, p0b118, p0b119, p0b120, p0b121, p0b122, p0b123, p0b124, p0b125, p0b126, p0b127;
}

abstract class ContendedLongValue extends ContendedLongPadBefore {
    volatile long value;
}

abstract class ContendedLongPadAfter extends ContendedLongValue {
    byte q0b000, q0b001, q0b002, q0b003, q0b004, q0b005, q0b006, q0b007, q0b008, q0b009, q0b010, q0b011, q0b012, q0b013, q0b014, q0b015,
            q0b016, q0b017, q0b018, q0b019, q0b020, q0b021, q0b022, q0b023, q0b024, q0b025, q0b026, q0b027, q0b028, q0b029, q0b030, q0b031,
            q0b032, q0b033, q0b034, q0b035, q0b036, q0b037, q0b038, q0b039, q0b040, q0b041, q0b042, q0b043, q0b044, q0b045, q0b046, q0b047,
            q0b048, q0b049, q0b050, q0b051, q0b052, q0b053, q0b054, q0b055, q0b056, q0b057, q0b058, q0b059, q0b060, q0b061, q0b062, q0b063,
            q0b064, q0b065, q0b066, q0b067, q0b068, q0b069, q0b070, q0b071, q0b072, q0b073, q0b074, q0b075, q0b076, q0b077, q0b078, q0b079,
            q0b080, q0b081, q0b082, q0b083, q0b084, q0b085, q0b086, q0b087, q0b088, q0b089, q0b090, q0b091, q0b092, q0b093, q0b094, q0b095,
            q0b096, q0b097, q0b098, q0b099, q0b100, q0b101, q0b102, q0b103, q0b104, q0b105, q0b106, q0b107, q0b108, q0b109, q0b110, q0b111,
            q0b112, q0b113, q0b114, q0b115, q0b116, q0b117, q0b118, q0b119, q0b120, q0b121, q0b122, q0b123, q0b124, q0b125, q0b126, q0b127;
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
