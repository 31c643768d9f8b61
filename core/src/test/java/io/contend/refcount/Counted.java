package io.contend.refcount;

import java.lang.invoke.MethodHandles;
import java.util.concurrent.atomic.AtomicInteger;

/** A test object with its own count field and one updater per algorithm. */
final class Counted {
    static final RefCountUpdater<Counted> CAS =
            RefCountUpdater.forField(MethodHandles.lookup(), Counted.class, "refCnt", RefCountAlgorithm.CAS);
    static final RefCountUpdater<Counted> XADD_NAIVE =
            RefCountUpdater.forField(MethodHandles.lookup(), Counted.class, "refCnt", RefCountAlgorithm.XADD_NAIVE);
    static final RefCountUpdater<Counted> EVEN_ODD =
            RefCountUpdater.forField(MethodHandles.lookup(), Counted.class, "refCnt");

    volatile int refCnt;
    final AtomicInteger deallocations = new AtomicInteger();

    static RefCountUpdater<Counted> updater(RefCountAlgorithm algorithm) {
        switch (algorithm) {
            case CAS: return CAS;
            case XADD_NAIVE: return XADD_NAIVE;
            default: return EVEN_ODD;
        }
    }

    static Counted create(RefCountUpdater<Counted> updater) {
        Counted c = new Counted();
        updater.setInitialValue(c);
        return c;
    }
}
