package io.contend.writepath;

import io.contend.refcount.IllegalReferenceCountException;
import io.contend.refcount.LeakDetector;

/**
 * The reference count that guards a memtable's region memory: the write path holds one reference from the
 * memtable's creation until its flush is published, and each reader holds one while it copies a value out. The
 * release that brings the count to 0 runs the deallocation (the memory goes back to the pool) exactly once, and
 * after it no reference can be taken: {@link #tryRetain()} returns false, so a reader that lost the race to a
 * flush looks elsewhere instead of touching freed memory.
 *
 * <p>Thread-safe. Every count is tracked by a {@link LeakDetector} (if it samples it) from creation to its final
 * release.
 */
public interface RefCount {

    /**
     * Takes a reference unless the count has reached 0.
     *
     * @return true if a reference was taken; false if the object is released (forever)
     * @throws IllegalReferenceCountException if the count would overflow
     */
    boolean tryRetain();

    /**
     * Drops a reference; the one that brings the count to 0 runs the deallocation before returning.
     *
     * @return true if this call brought the count to 0
     * @throws IllegalReferenceCountException if the count is already 0
     */
    boolean release();

    /** @return the current count; 0 once released */
    int refCnt();

    /** Makes the count of each new memtable. */
    interface Factory {
        /**
         * @param owner the counted object, tracked by the leak detector and named in its reports
         * @param leakDetector the detector that may sample it
         * @param deallocate run once, by the release that brings the count to 0
         * @return a count of 1
         */
        RefCount create(Object owner, LeakDetector leakDetector, Runnable deallocate);

        /** @return a short name for reports: {@code even-odd} or {@code atomic-cas} */
        String name();
    }

    /** @return contend's {@link io.contend.refcount.RefCountAlgorithm#EVEN_ODD} count (Netty #8563's fix) */
    static Factory evenOdd() {
        return EvenOddRefCount.FACTORY;
    }

    /** @return the JDK build: an {@link java.util.concurrent.atomic.AtomicInteger} updated by a CAS loop */
    static Factory atomicCas() {
        return AtomicIntegerRefCount.FACTORY;
    }
}
