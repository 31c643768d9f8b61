package io.contend.writepath;

import io.contend.refcount.IllegalReferenceCountException;
import io.contend.refcount.LeakDetector;
import io.contend.refcount.LeakTracker;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * Implementation notes.
 *
 * Algorithm: the JDK build, as one writes it without contend (and as Netty did before PR #7248): the count lives
 * in an AtomicInteger; retain and release are compare-and-set loops on it: retain refuses 0 (released), release
 * refuses 0 and the one that moves 1 -> 0 deallocates.
 *
 * Invariants: the count never goes from 0 back up (a retain's CAS expects a value it checked was positive), so
 * exactly one release moves it to 0 and deallocation happens once, with no resurrection.
 *
 * Ordering: every step is a volatile CAS, so the final release happens-after every reader's release and before
 * the deallocation; a successful retain saw a positive count, before the final release.
 *
 * Source: Netty's AbstractReferenceCounted before PR #7248 (the CAS loop PR #7248 replaced with XADD).
 */
/** The JDK build's count: an {@link AtomicInteger} updated by CAS loops. */
final class AtomicIntegerRefCount implements RefCount {
    static final Factory FACTORY = new Factory() {
        @Override
        public RefCount create(Object owner, LeakDetector leakDetector, Runnable deallocate) {
            return new AtomicIntegerRefCount(owner, leakDetector, deallocate);
        }

        @Override
        public String name() {
            return "atomic-cas";
        }

        @Override
        public String toString() {
            return "RefCount.Factory[atomic-cas]";
        }
    };

    private final AtomicInteger count = new AtomicInteger(1);
    private final Runnable deallocate;
    /** Kept so that it stays reachable until its tracker is closed (the tracker's referent). */
    private final Object owner;
    private final LeakTracker leak;

    private AtomicIntegerRefCount(Object owner, LeakDetector leakDetector, Runnable deallocate) {
        this.deallocate = Objects.requireNonNull(deallocate, "deallocate");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.leak = Objects.requireNonNull(leakDetector, "leakDetector").track(owner);
    }

    @Override
    public boolean tryRetain() {
        for (;;) {
            int c = count.get();
            if (c == 0) {
                return false;
            }
            if (c == Integer.MAX_VALUE) {
                throw new IllegalReferenceCountException(c, 1);
            }
            if (count.compareAndSet(c, c + 1)) {
                return true;
            }
        }
    }

    @Override
    public boolean release() {
        for (;;) {
            int c = count.get();
            if (c == 0) {
                throw new IllegalReferenceCountException(0, -1);
            }
            if (count.compareAndSet(c, c - 1)) {
                if (c > 1) {
                    return false;
                }
                FinalRelease.run(deallocate, leak, owner);
                return true;
            }
        }
    }

    @Override
    public int refCnt() {
        return count.get();
    }

    @Override
    public String toString() {
        return "AtomicIntegerRefCount[refCnt=" + count.get() + "]";
    }
}
