package io.contend.refcount;

import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: Netty PR #7248 as merged ("fast and loose"): retain is getAndAdd(+n) and release getAndAdd(-n);
 * if the old value shows the step was illegal (retain of 0 or overflow; release below 0) the step is rolled
 * back with the opposite getAndAdd and an exception is thrown.
 *
 * Invariants: NONE that matter. Between an illegal step and its rollback other threads see the wrong count:
 * a retain of a just-released object moves 0 -> 1 before rolling back, and a second retain in that window
 * sees 1 and succeeds on a freed object (Netty #8563); with enough racing releases a count can reach 0 twice.
 * This class exists only as the measured baseline of the lab's refcount experiment and of jcstress tests that
 * show the race. Do not use it.
 *
 * Ordering: getAndAdd and volatile reads throughout; the races above are atomicity failures, not ordering ones.
 *
 * Copies, on purpose: its small per-algorithm methods repeat CasRefCountUpdater's (see its notes).
 *
 * Source: Netty PR #7248 ("Optimistically update ref counts"); Netty issue #8563 ("Possible race condition on
 * AbstractReferenceCounted").
 */
record NaiveXaddRefCountUpdater<T>(VarHandle raw) implements RefCountUpdater<T> {

    @Override
    public RefCountAlgorithm algorithm() {
        return RefCountAlgorithm.XADD_NAIVE;
    }

    @Override
    public int initialRawValue() {
        return 1;
    }

    @Override
    public int maxIncrement() {
        return Integer.MAX_VALUE;
    }

    @Override
    public int refCnt(T instance) {
        return RawCount.lv(raw, instance);
    }

    @Override
    public T retain(T instance, int increment) {
        RawCount.checkStep("increment", increment, maxIncrement());
        int old = RawCount.xadd(raw, instance, increment);
        if (old <= 0 || old + increment < old) {
            RawCount.xadd(raw, instance, -increment);
            throw new IllegalReferenceCountException(old, increment);
        }
        return instance;
    }

    @Override
    public boolean release(T instance, int decrement) {
        RawCount.checkStep("decrement", decrement, maxIncrement());
        int old = RawCount.xadd(raw, instance, -decrement);
        if (old == decrement) {
            return true;
        }
        if (old < decrement || old - decrement > old) {
            RawCount.xadd(raw, instance, decrement);
            throw new IllegalReferenceCountException(old, -decrement);
        }
        return false;
    }

    @Override
    public void setInitialValue(T instance) {
        RawCount.so(raw, instance, initialRawValue());
    }

    @Override
    public void setRefCnt(T instance, int refCnt) {
        RawCount.sv(raw, instance, RawCount.checkCount(refCnt));
    }

    @Override
    public String toString() {
        return RawCount.describe(algorithm());
    }
}
