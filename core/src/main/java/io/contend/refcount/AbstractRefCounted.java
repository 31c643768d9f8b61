package io.contend.refcount;

import java.lang.invoke.MethodHandles;
import java.lang.ref.Reference;
import java.util.Objects;

/**
 * A base class for reference-counted objects, counting with {@link RefCountAlgorithm#EVEN_ODD} on a field of
 * its own (no extra object per instance). Subclasses implement {@link #deallocate()}, which runs exactly once,
 * on the thread whose release brought the count to 0. Leak detection samples instances through
 * {@link LeakDetector#global()} unless a detector is given.
 *
 * <p>Thread-safe: retain, release and refCnt may be called from any thread.
 */
public abstract class AbstractRefCounted implements RefCounted {
    private static final RefCountUpdater<AbstractRefCounted> REF_CNT =
            RefCountUpdater.forField(MethodHandles.lookup(), AbstractRefCounted.class, "refCnt");

    @SuppressWarnings("unused") // accessed through REF_CNT
    private volatile int refCnt;
    private final LeakTracker leak;

    /** Count 1, sampled by the global leak detector. */
    protected AbstractRefCounted() {
        this(LeakDetector.global());
    }

    /** @param leakDetector the detector that may sample this object */
    // 'this' escapes only to setInitialValue (one release store) and to the tracker, which keeps a phantom
    // reference and the class name: neither reads subclass state.
    @SuppressWarnings("this-escape")
    protected AbstractRefCounted(LeakDetector leakDetector) {
        REF_CNT.setInitialValue(this);
        this.leak = Objects.requireNonNull(leakDetector, "leakDetector").track(this);
    }

    @Override
    public int refCnt() {
        return REF_CNT.refCnt(this);
    }

    /**
     * Sets the count outright, as Netty's {@code AbstractReferenceCounted.setRefCnt}: for a subclass that reuses
     * its instances, while no other thread can reach this one (see {@link RefCountUpdater#setRefCnt}).
     *
     * @param refCnt the count, in [0, Integer.MAX_VALUE]; 0 marks it released without
     *        calling {@link #deallocate()}, and closes its leak tracker as the final release does (its owner has
     *        released it, so collecting it later is no leak)
     * @throws IllegalArgumentException if refCnt is out of range
     */
    protected final void setRefCnt(int refCnt) {
        REF_CNT.setRefCnt(this, refCnt);
        if (refCnt == 0 && leak != null) {
            leak.close();
            Reference.reachabilityFence(this);
        }
    }

    /** Sets the count back to 1, as Netty's {@code resetRefCnt}: for a pooled instance before it is shared again. */
    protected final void resetRefCnt() {
        REF_CNT.resetRefCnt(this);
    }

    @Override
    public AbstractRefCounted retain() {
        return REF_CNT.retain(this, 1);
    }

    @Override
    public AbstractRefCounted retain(int increment) {
        return REF_CNT.retain(this, increment);
    }

    @Override
    public boolean release() {
        return release(1);
    }

    @Override
    public boolean release(int decrement) {
        if (REF_CNT.release(this, decrement)) {
            try {
                deallocate();
            } finally {
                if (leak != null) {
                    leak.close();
                    Reference.reachabilityFence(this);
                }
            }
            return true;
        }
        return false;
    }

    @Override
    public AbstractRefCounted touch() {
        return touch(null);
    }

    @Override
    public AbstractRefCounted touch(Object hint) {
        if (leak != null) {
            leak.record(hint);
        }
        return this;
    }

    /** Frees the object's resources. Called once, by the release that brought the count to 0. */
    protected abstract void deallocate();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[refCnt=" + refCnt() + "]";
    }
}
