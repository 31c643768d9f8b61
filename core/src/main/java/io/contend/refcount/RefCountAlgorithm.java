package io.contend.refcount;

/**
 * How a {@link RefCountUpdater} updates the count. {@link #EVEN_ODD} is the default and the only one to use
 * in production; the others exist so that benchmarks and jcstress can measure and show what it replaced.
 */
public enum RefCountAlgorithm {
    /**
     * Pessimistic: every retain and release is a compare-and-set loop on the real count (Netty before PR #7248).
     * Correct, and the slowest under contention.
     */
    CAS,
    /**
     * Netty PR #7248 as merged: retain and release are one getAndAdd each, with a rollback when the old value
     * shows the step was illegal. <b>Unsafe</b> (Netty #8563): a retain racing the final release can resurrect
     * a deallocated object. Release brings the count 1 -> 0 and deallocates; retain A adds 0 -> 1, sees 0 and
     * is about to roll back; retain B adds 1 -> 2, sees 1 and succeeds on a freed object. Other interleavings
     * let a rolled-back count reach the final value twice and deallocate twice. Kept as a measured baseline;
     * jcstress shows the race as an interesting outcome.
     */
    XADD_NAIVE,
    /**
     * The fix of Netty #8563: the field holds twice the count while the object is live, so it is even; retains
     * add even amounts with getAndAdd (one XADD, no loop); the final release moves it to an odd value with a
     * compare-and-set, and an odd value means released forever: a late retain's add keeps it odd and is
     * refused, so nothing is resurrected and deallocation happens once.
     */
    EVEN_ODD
}
