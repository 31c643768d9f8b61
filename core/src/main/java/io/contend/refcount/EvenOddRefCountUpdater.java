package io.contend.refcount;

import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: the raw field holds 2 x count while the object is live (so it is even), and an odd value once it
 * is released. retain(n) is one getAndAdd of 2n: if the old value was odd the object was already released,
 * and adding an even number keeps it odd, so the refused retain leaves nothing to undo; if the add overflowed
 * (the count would pass Integer.MAX_VALUE / 2) it is rolled back with a second getAndAdd. release(n) reads
 * the raw value (plainly first, the CAS validates it), then: n == count: CAS raw -> 1 (the final release);
 * n < count: CAS raw -> raw - 2n; n > count: throw. A failed CAS retries with a volatile read.
 *
 * Invariants: (1) once odd, always odd: the only writers are getAndAdd of even amounts (retains and their
 * rollbacks) and CASes that start from an even value; (2) exactly one release moves an even value to odd, and
 * only that release returns true, so the object is freed at most once; (3) a retain succeeds only on an even
 * old value, i.e. one that no release has finalised, so a retain after the final release always throws:
 * no resurrection (Netty #8563).
 *
 * Transient overflow: between an overflowing getAndAdd and its rollback, other threads may see a negative even
 * raw value. Read as unsigned it is a count larger than any step, so a release in that window decrements it
 * (and the rollback later restores the true count), and a retain in it adds and is judged by its own old value.
 *
 * Large counts: setRefCnt stores any count up to Integer.MAX_VALUE as 2 x count, which wraps to a negative even raw
 * value above maxIncrement (as Netty's ReferenceCountUpdater.setRefCnt does: "overflow OK here"). Read as unsigned it
 * is that count, so refCnt and release see it as it is, and a retain from it adds until the sum would wrap past 2^32
 * (old negative, sum not), which is refused and rolled back like any overflow. A retain from a count at most
 * maxIncrement still cannot pass maxIncrement (old non-negative, sum negative): the two cases are the transient
 * overflow above and cannot be told apart, and Netty draws the same line.
 *
 * Ordering: all accesses are volatile-strength (getAndAdd, compareAndSet, getVolatile) except the first read
 * of a release, which is plain because the CAS that follows checks it. The final release's CAS is a full
 * fence, so everything the releasing threads did with the object happens-before deallocate.
 *
 * Source: Netty PR #7248 (optimistic XADD retain), Netty issue #8563 and its fix, PR #8583 ("Harden
 * ref-counting concurrency semantics": the even/odd raw count in ReferenceCountUpdater, later RefCnt in 4.2).
 * Its small per-algorithm methods repeat CasRefCountUpdater's on purpose (see its notes).
 */
record EvenOddRefCountUpdater<T>(VarHandle raw) implements RefCountUpdater<T> {
    /** Raw value of a live object with count 1. */
    static final int LIVE_ONE = 2;
    /** Raw value written by the final release. Any odd value means released. */
    static final int RELEASED = 1;

    @Override
    public RefCountAlgorithm algorithm() {
        return RefCountAlgorithm.EVEN_ODD;
    }

    @Override
    public int initialRawValue() {
        return LIVE_ONE;
    }

    @Override
    public int maxIncrement() {
        return Integer.MAX_VALUE >>> 1;
    }

    /** The count a raw value stands for: 0 when odd (released), else raw / 2 read as unsigned. */
    static int realCount(int raw) {
        return (raw & 1) != 0 ? 0 : raw >>> 1;
    }

    @Override
    public int refCnt(T instance) {
        return realCount(RawCount.lv(raw, instance));
    }

    @Override
    public T retain(T instance, int increment) {
        if (RawCount.checkStep("increment", increment, maxIncrement()) > maxIncrement()) {
            throw new IllegalReferenceCountException(refCnt(instance), increment); // would overflow any count
        }
        int rawIncrement = increment << 1;
        int old = RawCount.xadd(raw, instance, rawIncrement);
        if ((old & 1) != 0) {
            throw new IllegalReferenceCountException(0, increment);
        }
        int sum = old + rawIncrement;
        // Signed overflow of old + rawIncrement (rawIncrement > 0), or a wrap past a transient overflow.
        if ((old >= 0 && sum < 0) || (old < 0 && sum >= 0)) {
            RawCount.xadd(raw, instance, -rawIncrement);
            throw new IllegalReferenceCountException(realCount(old), increment);
        }
        return instance;
    }

    @Override
    public boolean release(T instance, int decrement) {
        RawCount.checkStep("decrement", decrement, maxIncrement());
        for (int current = RawCount.lp(raw, instance); ; current = RawCount.lv(raw, instance)) {
            if ((current & 1) != 0) {
                throw new IllegalReferenceCountException(0, -decrement);
            }
            int count = current >>> 1;
            if (decrement == count) {
                if (RawCount.cas(raw, instance, current, RELEASED)) {
                    return true;
                }
            } else if (decrement < count) {
                if (RawCount.cas(raw, instance, current, current - (decrement << 1))) {
                    return false;
                }
            } else {
                throw new IllegalReferenceCountException(count, -decrement);
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public void setInitialValue(T instance) {
        RawCount.so(raw, instance, initialRawValue());
    }

    @Override
    public void setRefCnt(T instance, int refCnt) {
        int count = RawCount.checkCount(refCnt);
        RawCount.sv(raw, instance, count == 0 ? RELEASED : count << 1); // above maxIncrement: see "Large counts"
    }

    @Override
    public String toString() {
        return RawCount.describe(algorithm());
    }
}
