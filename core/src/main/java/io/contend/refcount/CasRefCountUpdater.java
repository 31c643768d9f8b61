package io.contend.refcount;

import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: the field holds the count itself; 0 means released. retain and release are compare-and-set
 * loops that read the count (volatile), check the step is legal, and CAS the new count; a failed CAS re-reads.
 * Netty's AbstractReferenceCounted before PR #7248.
 *
 * Invariants: the count never goes below 0 or above Integer.MAX_VALUE; it leaves 0 never (a retain of 0
 * throws), so exactly one release reaches 0 and returns true.
 *
 * Ordering: volatile reads and CAS (full fences): every thread's use of the object happens-before the CAS that
 * brings the count to 0, which happens-before the caller's deallocation.
 *
 * Copies, on purpose: the small per-algorithm methods (algorithm, initialRawValue, maxIncrement, refCnt,
 * setInitialValue, toString) repeat in NaiveXaddRefCountUpdater and EvenOddRefCountUpdater. Each updater is a
 * record, so that a static final updater's VarHandle folds to a constant; records cannot share a base class,
 * and default methods would put these details into the public RefCountUpdater interface.
 *
 * Source: Netty before PR #7248.
 */
record CasRefCountUpdater<T>(VarHandle raw) implements RefCountUpdater<T> {

    @Override
    public RefCountAlgorithm algorithm() {
        return RefCountAlgorithm.CAS;
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
        for (;;) {
            int count = RawCount.lv(raw, instance);
            if (count == 0 || count > Integer.MAX_VALUE - increment) {
                throw new IllegalReferenceCountException(count, increment);
            }
            if (RawCount.cas(raw, instance, count, count + increment)) {
                return instance;
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public boolean release(T instance, int decrement) {
        RawCount.checkStep("decrement", decrement, maxIncrement());
        for (;;) {
            int count = RawCount.lv(raw, instance);
            if (count < decrement) {
                throw new IllegalReferenceCountException(count, -decrement);
            }
            if (RawCount.cas(raw, instance, count, count - decrement)) {
                return count == decrement;
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
        RawCount.sv(raw, instance, RawCount.checkCount(refCnt));
    }

    @Override
    public String toString() {
        return RawCount.describe(algorithm());
    }
}
