package io.contend.backoff;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/*
 * Implementation notes.
 *
 * Algorithm: an AtomicReference whose CAS loops carry a contention manager (arXiv:1305.5800): load (lv),
 * compute, casValue (reference identity); on failure back off through the ContentionManager and retry.
 * getAndSet is one XCHG and cannot fail.
 *
 * Invariants: every successful update replaces exactly the reference it was computed from; none is lost.
 *
 * Ordering: volatile accesses and volatile CAS throughout, as AtomicReference; lazySet is a release store.
 * Objects published through the reference are safely published by the CAS (release) and the lv (acquire).
 *
 * Padding: 128 bytes of class-hierarchy padding on each side of the reference, which several threads write.
 *
 * Source: Dice, Hendler, Mirsky, arXiv:1305.5800 (their "AtomicReference with a contention manager").
 */
abstract class ContendedReferencePadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class ContendedReferenceValue<V> extends ContendedReferencePadBefore {
    volatile V value;
}

abstract class ContendedReferencePadAfter<V> extends ContendedReferenceValue<V> {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * A padded atomic reference whose CAS loops back off under contention and count what contention cost.
 * Null is a legal value. Update functions may run more than once per operation: keep them side-effect free.
 *
 * @param <V> the type of the referenced object
 */
public final class ContendedReference<V> extends ContendedReferencePadAfter<V> {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(ContendedReferenceValue.class, "value", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ContentionManager manager;

    /**
     * @param initial the starting value, may be null
     * @param manager the backoff strategy and telemetry applied by CAS loops
     */
    public ContendedReference(V initial, ContentionManager manager) {
        this.manager = Objects.requireNonNull(manager, "manager");
        VALUE.set(this, initial);
    }

    private V lvValue() {
        return value;
    }

    private boolean casValue(V expect, V update) {
        return VALUE.compareAndSet(this, expect, update);
    }

    /** @return the current value (volatile read) */
    public V get() {
        return lvValue();
    }

    /** @param newValue the value to store (volatile write) */
    public void set(V newValue) {
        value = newValue;
    }

    /** @param newValue the value to store with release semantics (lazySet / putOrdered) */
    public void lazySet(V newValue) {
        VALUE.setRelease(this, newValue);
    }

    /**
     * One CAS attempt by identity, recorded as one operation; no retry, no backoff.
     *
     * @param expect the reference expected
     * @param update the new reference
     * @return whether the value was {@code expect} and is now {@code update}
     */
    public boolean compareAndSet(V expect, V update) {
        boolean success = casValue(expect, update);
        manager.onSingleAttempt(!success);
        return success;
    }

    /**
     * Swaps with one XCHG (never retries).
     *
     * @param newValue the reference to store
     * @return the previous reference
     */
    @SuppressWarnings("unchecked")
    public V getAndSet(V newValue) {
        V previous = (V) VALUE.getAndSet(this, newValue);
        manager.onSingleAttempt(false);
        return previous;
    }

    /**
     * CAS loop with backoff.
     *
     * @param function side-effect-free update
     * @return the previous value
     */
    public V getAndUpdate(UnaryOperator<V> function) {
        return casLoop(Objects.requireNonNull(function, "function"), null, null, false);
    }

    /**
     * CAS loop with backoff.
     *
     * @param function side-effect-free update
     * @return the updated value
     */
    public V updateAndGet(UnaryOperator<V> function) {
        return casLoop(Objects.requireNonNull(function, "function"), null, null, true);
    }

    /**
     * CAS loop with backoff.
     *
     * @param x the argument combined with the current value
     * @param function side-effect-free combination of (current, x)
     * @return the previous value
     */
    public V getAndAccumulate(V x, BinaryOperator<V> function) {
        return casLoop(null, Objects.requireNonNull(function, "function"), x, false);
    }

    /**
     * CAS loop with backoff.
     *
     * @param x the argument combined with the current value
     * @param function side-effect-free combination of (current, x)
     * @return the updated value
     */
    public V accumulateAndGet(V x, BinaryOperator<V> function) {
        return casLoop(null, Objects.requireNonNull(function, "function"), x, true);
    }

    /** The one CAS loop: applies {@code unary}, or else {@code binary} with {@code x}; allocates nothing. */
    private V casLoop(UnaryOperator<V> unary, BinaryOperator<V> binary, V x, boolean returnNext) {
        int failures = 0;
        long backoffNanos = 0;
        for (;;) {
            V current = lvValue();
            V next = unary != null ? unary.apply(current) : binary.apply(current, x);
            if (casValue(current, next)) {
                manager.onSuccess(failures, backoffNanos);
                return returnNext ? next : current;
            }
            failures = ContendedLong.nextFailureCount(failures);
            backoffNanos += manager.onFailure(failures);
        }
    }

    /** @return the backoff strategy and telemetry applied by CAS loops */
    public ContentionManager manager() {
        return manager;
    }

    @Override
    public String toString() {
        return "ContendedReference[value=" + lvValue() + ", backoff=" + manager.backoff().spec() + "]";
    }
}
