package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Ordered access to array slots through one VarHandle: lv (volatile load), so (release store, JCTools'
 * "ordered" / lazySet), sp (plain store); and the consumers' wait for a slot an offer has claimed but not yet
 * written.
 */
final class Slots {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    private Slots() {
    }

    @SuppressWarnings("unchecked")
    static <E> E lvElement(Object[] buffer, int index) {
        return (E) SLOT.getVolatile(buffer, index);
    }

    static void soElement(Object[] buffer, int index, Object value) {
        SLOT.setRelease(buffer, index, value);
    }

    /**
     * A release store of null: a release fence, then a plain store. The same ordering as soElement(buffer, index,
     * null), without the VarHandle's check of the array's runtime type, which a null store does not need (and
     * whose range check the consumer's load of the same slot has already made).
     */
    static void soNull(Object[] buffer, int index) {
        VarHandle.releaseFence();
        buffer[index] = null;
    }

    static void spElement(Object[] buffer, int index, Object value) {
        buffer[index] = value;
    }

    /**
     * Spins until the slot holds a value: for a consumer that knows an offer has claimed the slot (its index is
     * below the producer index) and is between its index store and its element store.
     *
     * @return the value, read volatile
     */
    @SuppressWarnings("unchecked")
    static <E> E lvElementWhenWritten(Object[] buffer, int index) {
        Object e;
        do {
            Thread.onSpinWait();
            e = SLOT.getVolatile(buffer, index);
        } while (e == null);
        return (E) e;
    }

    /**
     * Spins until the slot is null: for a producer that knows the consumer has taken the slot's element (it
     * published its index) and is between that publication and its clear of the slot.
     */
    static void waitUntilCleared(Object[] buffer, int index) {
        while (SLOT.getVolatile(buffer, index) != null) {
            Thread.onSpinWait();
        }
    }
}
