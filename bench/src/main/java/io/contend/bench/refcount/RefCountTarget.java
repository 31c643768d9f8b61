package io.contend.bench.refcount;

import io.contend.refcount.RefCountAlgorithm;
import io.contend.refcount.RefCountUpdater;
import io.netty.util.AbstractReferenceCounted;
import io.netty.util.ReferenceCounted;

import java.lang.invoke.MethodHandles;

/** One reference-counted object of the refcount experiment, behind one interface for every implementation. */
abstract class RefCountTarget {

    abstract void retain();

    abstract boolean release();

    /**
     * @param impl CAS, XADD_NAIVE, EVEN_ODD or NETTY
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
            case RetainReleaseBenchmark.NETTY:
                return new Netty();
            default:
                throw new IllegalArgumentException("unknown impl '" + impl + "'; expected CAS, XADD_NAIVE, EVEN_ODD or NETTY");
        }
    }

    /** The count lives in the object's own field, as RefCountUpdater is meant to be used. */
    static final class Box {
        static final RefCountUpdater<Box> CAS =
                RefCountUpdater.forField(MethodHandles.lookup(), Box.class, "refCnt", RefCountAlgorithm.CAS);
        static final RefCountUpdater<Box> XADD_NAIVE =
                RefCountUpdater.forField(MethodHandles.lookup(), Box.class, "refCnt", RefCountAlgorithm.XADD_NAIVE);
        static final RefCountUpdater<Box> EVEN_ODD =
                RefCountUpdater.forField(MethodHandles.lookup(), Box.class, "refCnt", RefCountAlgorithm.EVEN_ODD);

        volatile int refCnt;
    }

    /*
     * One class per algorithm, each naming its updater through a static final field, as users are told to:
     * that makes the updater, and so its VarHandle, a constant to the JIT.
     */
    private static final class ContendCas extends RefCountTarget {
        private final Box box = new Box();

        ContendCas() {
            Box.CAS.setInitialValue(box);
        }

        @Override
        void retain() {
            Box.CAS.retain(box);
        }

        @Override
        boolean release() {
            return Box.CAS.release(box);
        }
    }

    private static final class ContendNaiveXadd extends RefCountTarget {
        private final Box box = new Box();

        ContendNaiveXadd() {
            Box.XADD_NAIVE.setInitialValue(box);
        }

        @Override
        void retain() {
            Box.XADD_NAIVE.retain(box);
        }

        @Override
        boolean release() {
            return Box.XADD_NAIVE.release(box);
        }
    }

    private static final class ContendEvenOdd extends RefCountTarget {
        private final Box box = new Box();

        ContendEvenOdd() {
            Box.EVEN_ODD.setInitialValue(box);
        }

        @Override
        void retain() {
            Box.EVEN_ODD.retain(box);
        }

        @Override
        boolean release() {
            return Box.EVEN_ODD.release(box);
        }
    }

    /** Netty's AbstractReferenceCounted: a subclass needs only deallocate() and touch(Object). */
    private static final class Netty extends RefCountTarget {
        private final NettyCounted counted = new NettyCounted();

        @Override
        void retain() {
            counted.retain();
        }

        @Override
        boolean release() {
            return counted.release();
        }
    }

    static final class NettyCounted extends AbstractReferenceCounted {
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
