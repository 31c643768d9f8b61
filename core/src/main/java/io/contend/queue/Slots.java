package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Ordered access to array slots through one VarHandle: lv (volatile load), la (acquire load), lp (plain
 * load), so (release store, JCTools' "ordered" / lazySet), sp (plain store), sv (volatile store).
 */
final class Slots {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    private Slots() {
    }

    @SuppressWarnings("unchecked")
    static <E> E lvElement(Object[] buffer, int index) {
        return (E) SLOT.getVolatile(buffer, index);
    }

    @SuppressWarnings("unchecked")
    static <E> E laElement(Object[] buffer, int index) {
        return (E) SLOT.getAcquire(buffer, index);
    }

    @SuppressWarnings("unchecked")
    static <E> E lpElement(Object[] buffer, int index) {
        return (E) buffer[index];
    }

    static void soElement(Object[] buffer, int index, Object value) {
        SLOT.setRelease(buffer, index, value);
    }

    static void spElement(Object[] buffer, int index, Object value) {
        buffer[index] = value;
    }

    static void svElement(Object[] buffer, int index, Object value) {
        SLOT.setVolatile(buffer, index, value);
    }
}
