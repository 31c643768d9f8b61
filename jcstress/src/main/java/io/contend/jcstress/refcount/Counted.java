package io.contend.jcstress.refcount;

import io.contend.refcount.IllegalReferenceCountException;
import io.contend.refcount.RefCountAlgorithm;
import io.contend.refcount.RefCountUpdater;

import java.lang.invoke.MethodHandles;
import java.util.concurrent.atomic.AtomicInteger;

/** A counted object for jcstress: its own count field, an updater per algorithm, and a deallocation count. */
final class Counted {
    static final RefCountUpdater<Counted> EVEN_ODD =
            RefCountUpdater.forField(MethodHandles.lookup(), Counted.class, "refCnt", RefCountAlgorithm.EVEN_ODD);
    static final RefCountUpdater<Counted> XADD_NAIVE =
            RefCountUpdater.forField(MethodHandles.lookup(), Counted.class, "refCnt", RefCountAlgorithm.XADD_NAIVE);

    private final RefCountUpdater<Counted> updater;
    volatile int refCnt;
    final AtomicInteger deallocations = new AtomicInteger();

    Counted(RefCountUpdater<Counted> updater) {
        this.updater = updater;
        updater.setInitialValue(this);
    }

    /** @return 1 if the retain succeeded, 0 if it was refused */
    int tryRetain(int increment) {
        try {
            updater.retain(this, increment);
            return 1;
        } catch (IllegalReferenceCountException refused) {
            return 0;
        }
    }

    /** @return 1 if this release deallocated, 0 if not, -1 if it was refused */
    int tryRelease() {
        try {
            if (updater.release(this)) {
                deallocations.incrementAndGet();
                return 1;
            }
            return 0;
        } catch (IllegalReferenceCountException refused) {
            return -1;
        }
    }

    int refCnt() {
        return updater.refCnt(this);
    }
}
