package io.contend.refcount;

import io.contend.internal.Checks;

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

    static boolean cas(VarHandle raw, Object instance, int expect, int update) {
        return raw.compareAndSet(instance, expect, update);
    }

    static int xadd(VarHandle raw, Object instance, int delta) {
        return (int) raw.getAndAdd(instance, delta);
    }

    static int checkStep(String name, int step, int max) {
        return Checks.inRange(name, step, 1, max);
    }

    static String describe(RefCountAlgorithm algorithm) {
        return "RefCountUpdater[" + algorithm + "]";
    }
}
