package io.contend.writepath;

import io.contend.refcount.IllegalReferenceCountException;
import io.contend.refcount.LeakDetector;
import io.contend.refcount.LeakTracker;
import io.contend.refcount.RefCountAlgorithm;
import io.contend.refcount.RefCountUpdater;

import java.lang.invoke.MethodHandles;
import java.util.Objects;

/*
 * Implementation notes.
 *
 * Algorithm: contend's RefCountUpdater with the EVEN_ODD algorithm on this object's own volatile int: a retain is
 * one getAndAdd of 2 (no loop), a release a CAS, the final release a CAS to an odd value that no later retain can
 * undo. tryRetain first reads the count (volatile) so that the common "already released" case costs no
 * exception; a retain that still loses the race to the final release is refused by the updater (the odd value
 * stays odd) and reported as false.
 *
 * Invariants: the deallocation runs exactly once, on the thread of the final release (the updater returns true
 * to that release only); no retain succeeds after it (no resurrection, Netty #8563). The leak tracker is closed
 * after the deallocation, and reachability of this object is fenced past that close.
 *
 * Ordering: the final release's CAS is a full fence, so everything every reader did under its reference (its
 * copies out of region memory) happens-before the deallocation that poisons and frees the memory; a retain that
 * succeeds read an even value no release had finalised, so the memory was not yet freed and cannot be until this
 * reader's own release.
 *
 * Source: Netty PR #7248 (XADD retain) and the even/odd fix of Netty issue #8563, through io.contend.refcount.
 */
/** contend's count: {@link RefCountAlgorithm#EVEN_ODD} on a field of its own. */
final class EvenOddRefCount implements RefCount {
    private static final RefCountUpdater<EvenOddRefCount> REF_CNT = RefCountUpdater.forField(
            MethodHandles.lookup(), EvenOddRefCount.class, "refCnt", RefCountAlgorithm.EVEN_ODD);

    static final Factory FACTORY = new Factory() {
        @Override
        public RefCount create(Object owner, LeakDetector leakDetector, Runnable deallocate) {
            return new EvenOddRefCount(owner, leakDetector, deallocate);
        }

        @Override
        public String name() {
            return "even-odd";
        }

        @Override
        public String toString() {
            return "RefCount.Factory[even-odd]";
        }
    };

    @SuppressWarnings("unused") // accessed through REF_CNT
    private volatile int refCnt;
    private final Runnable deallocate;
    /** Kept so that it stays reachable until its tracker is closed (the tracker's referent). */
    private final Object owner;
    private final LeakTracker leak;

    private EvenOddRefCount(Object owner, LeakDetector leakDetector, Runnable deallocate) {
        this.deallocate = Objects.requireNonNull(deallocate, "deallocate");
        REF_CNT.setInitialValue(this);
        this.owner = Objects.requireNonNull(owner, "owner");
        this.leak = Objects.requireNonNull(leakDetector, "leakDetector").track(owner);
    }

    @Override
    public boolean tryRetain() {
        if (REF_CNT.refCnt(this) == 0) {
            return false;
        }
        try {
            REF_CNT.retain(this);
            return true;
        } catch (IllegalReferenceCountException e) {
            if (e.refCnt() == 0) {
                return false; // lost the race to the final release
            }
            throw e; // overflow
        }
    }

    @Override
    public boolean release() {
        if (!REF_CNT.release(this)) {
            return false;
        }
        FinalRelease.run(deallocate, leak, owner);
        return true;
    }

    @Override
    public int refCnt() {
        return REF_CNT.refCnt(this);
    }

    @Override
    public String toString() {
        return "EvenOddRefCount[refCnt=" + refCnt() + "]";
    }
}
