package io.contend.refcount;


import java.lang.invoke.VarHandle;

/**
 * The accesses the updaters make to a raw count field, named by their ordering. Static, so that with a
 * constant VarHandle (a record component reached from a static final updater) each inlines to one instruction.
 */
final class RawCount {
    private RawCount() {
    }

    static int lv(VarHandle raw, Object instance) {
        return (int) raw.getVolatile(instance);
    }

    static int lp(VarHandle raw, Object instance) {
        return (int) raw.get(instance);
    }

    static void so(VarHandle raw, Object instance, int value) {
        raw.setRelease(instance, value);
    }

    static void sv(VarHandle raw, Object instance, int value) {
        raw.setVolatile(instance, value);
    }

    /** @return refCnt, checked to be a count setRefCnt can store: [0, Integer.MAX_VALUE] */
    static int checkCount(int refCnt) {
        if (refCnt < 0) {
            throw new IllegalArgumentException("refCnt must be in [0, " + Integer.MAX_VALUE + "]: " + refCnt);
        }
        return refCnt;
    }

    static boolean cas(VarHandle raw, Object instance, int expect, int update) {
        return raw.compareAndSet(instance, expect, update);
    }

    static int xadd(VarHandle raw, Object instance, int delta) {
        return (int) raw.getAndAdd(instance, delta);
    }

    /**
     * A step below 1 is a caller's mistake (IllegalArgumentException, as Netty's checkPositive); a step above
     * {@code max} is left to the algorithm, which reports it as the overflow it would cause
     * (IllegalReferenceCountException, as Netty's AbstractReferenceCounted does for retain(Integer.MAX_VALUE)).
     */
    static int checkStep(String name, int step, int max) {
        if (step < 1) {
            throw new IllegalArgumentException(name + " must be in [1, " + max + "]: " + step);
        }
        return step;
    }

    static String describe(RefCountAlgorithm algorithm) {
        return "RefCountUpdater[" + algorithm + "]";
    }
}
