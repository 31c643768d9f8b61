package io.contend.bench.refcount;

import io.contend.refcount.RefCountAlgorithm;
import io.contend.refcount.RefCountUpdater;
import io.netty.util.AbstractReferenceCounted;
import io.netty.util.ReferenceCounted;

import java.lang.invoke.MethodHandles;

/**
 * One reference-counted object of the refcount experiment, behind one interface for every implementation. The
 * benchmark holds the counted object itself, not a wrapper around it: a wrapper read on every call was allocated next
 * to the counter, and whether the two shared a cache line (three times in four, by where the allocation fell) decided
 * whether each call also missed on the wrapper's line while the other thread wrote the counter, which set a fork's
 * level more than the algorithm. Each counted object ends with 64 bytes of padding, so that what is allocated after it
 * is not on the counter's line either; the counter itself sits right after the object header, in Netty's class and
 * contend's alike, as in a user's object.
 */
interface RefCountTarget {

    /** Takes one more reference. */
    void retainOnce();

    /**
     * Gives one reference back.
     *
     * @return whether it was the last one
     */
    boolean releaseOnce();

    /**
     * @param impl one of {@link RetainReleaseBenchmark#IMPLS}
     * @return a new object holding one reference
     */
    static RefCountTarget create(String impl) {
        switch (impl) {
            case RetainReleaseBenchmark.CAS:
                return new ContendCas();
            case RetainReleaseBenchmark.XADD_NAIVE:
                return new ContendNaiveXadd();
            case RetainReleaseBenchmark.EVEN_ODD:
                return new ContendEvenOdd();
            case RetainReleaseBenchmark.EVEN_ODD_HOLDER:
                return new ContendEvenOddHolder();
            case RetainReleaseBenchmark.NETTY:
                return new NettyCounted();
            default:
                throw new IllegalArgumentException("unknown impl '" + impl + "'; expected one of "
                        + RetainReleaseBenchmark.IMPLS);
        }
    }

    /*
     * One class per algorithm, each naming its updater through a static final field, as users are told to: that
     * makes the updater, and so its VarHandle, a constant to the JIT. The count lives in the object's own field, as
     * RefCountUpdater is meant to be used; the int field fills the gap after the 12-byte header, before the longs.
     */

    /** contend's CAS loop. */
    final class ContendCas implements RefCountTarget {
        static final RefCountUpdater<ContendCas> UPDATER = RefCountUpdater.forField(MethodHandles.lookup(),
                ContendCas.class, "refCnt", RefCountAlgorithm.CAS);
        volatile int refCnt;
        long p0, p1, p2, p3, p4, p5, p6, p7;

        ContendCas() {
            UPDATER.setInitialValue(this);
        }

        @Override
        public void retainOnce() {
            UPDATER.retain(this);
        }

        @Override
        public boolean releaseOnce() {
            return UPDATER.release(this);
        }
    }

    /** contend's naive XADD (Netty #8563's unsafe variant). */
    final class ContendNaiveXadd implements RefCountTarget {
        static final RefCountUpdater<ContendNaiveXadd> UPDATER = RefCountUpdater.forField(MethodHandles.lookup(),
                ContendNaiveXadd.class, "refCnt", RefCountAlgorithm.XADD_NAIVE);
        volatile int refCnt;
        long p0, p1, p2, p3, p4, p5, p6, p7;

        ContendNaiveXadd() {
            UPDATER.setInitialValue(this);
        }

        @Override
        public void retainOnce() {
            UPDATER.retain(this);
        }

        @Override
        public boolean releaseOnce() {
            return UPDATER.release(this);
        }
    }

    /** contend's even/odd XADD, its default. */
    final class ContendEvenOdd implements RefCountTarget {
        static final RefCountUpdater<ContendEvenOdd> UPDATER = RefCountUpdater.forField(MethodHandles.lookup(),
                ContendEvenOdd.class, "refCnt", RefCountAlgorithm.EVEN_ODD);
        volatile int refCnt;
        long p0, p1, p2, p3, p4, p5, p6, p7;

        ContendEvenOdd() {
            UPDATER.setInitialValue(this);
        }

        @Override
        public void retainOnce() {
            UPDATER.retain(this);
        }

        @Override
        public boolean releaseOnce() {
            return UPDATER.release(this);
        }
    }

    /**
     * contend's even/odd XADD on a count object of its own, allocated by the constructor right after the counted
     * object, where Netty 4.2's AbstractReferenceCounted allocates its RefCnt: NETTY's layout with contend's
     * algorithm, so that its ratio to EVEN_ODD is what the layout costs or saves, and its ratio to NETTY what the
     * algorithms differ by.
     */
    final class ContendEvenOddHolder implements RefCountTarget {
        private final Count count = new Count();
        long p0, p1, p2, p3, p4, p5, p6, p7;

        /** The count's holder: its header and the count, 16 bytes. */
        static final class Count {
            static final RefCountUpdater<Count> UPDATER = RefCountUpdater.forField(MethodHandles.lookup(),
                    Count.class, "refCnt", RefCountAlgorithm.EVEN_ODD);
            volatile int refCnt;

            Count() {
                UPDATER.setInitialValue(this);
            }
        }

        @Override
        public void retainOnce() {
            Count.UPDATER.retain(count);
        }

        @Override
        public boolean releaseOnce() {
            return Count.UPDATER.release(count);
        }
    }

    /** Netty's AbstractReferenceCounted: a subclass needs only deallocate() and touch(Object). */
    final class NettyCounted extends AbstractReferenceCounted implements RefCountTarget {
        long p0, p1, p2, p3, p4, p5, p6, p7;

        @Override
        public void retainOnce() {
            retain();
        }

        @Override
        public boolean releaseOnce() {
            return release();
        }

        @Override
        protected void deallocate() {
            throw new IllegalStateException("the benchmark never releases its last reference");
        }

        @Override
        public ReferenceCounted touch(Object hint) {
            return this;
        }
    }
}
