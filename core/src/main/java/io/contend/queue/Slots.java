package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Ordered access to array slots: lv (volatile load, through a VarHandle), so (release store, JCTools' "ordered"
 * / lazySet, as a release fence and a plain store), sp (plain store); the second look after a full fence that
 * STRICT queues take before they answer "empty"; and the consumers' wait for a slot an offer has claimed but not yet
 * written.
 */
final class Slots {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    /**
     * Slots left unused at the front of the linked kinds' buffers and chunks. Every checked slot access reads the
     * array's header (its length, and for a store its class word); 16 references of 4 bytes or more cover the rest of
     * the header's cache line wherever the array starts, so the line both threads read is never written after
     * allocation. Why it pays: SpscLinkedArrayQueue's and MpscUnboundedArrayQueue's notes.
     */
    static final int FRONT_PAD = 16;
    /**
     * Slots left unused at the end of the same buffers and chunks. A thread's next allocation starts right after its
     * last one in memory, so without them the last slots, which both threads write, share a line with the next
     * buffer's header (or the next chunk's fields and header), which every access to that buffer reads: where the
     * producer is about one buffer ahead, each write to the old buffer's tail misses the producer's reads in the new
     * one. Why it pays: SpscLinkedArrayQueue's and MpscUnboundedArrayQueue's notes.
     */
    static final int BACK_PAD = 16;

    private Slots() {
    }

    @SuppressWarnings("unchecked")
    static <E> E lvElement(Object[] buffer, int index) {
        return (E) SLOT.getVolatile(buffer, index);
    }

    /**
     * A full fence, then a volatile load of the slot: for a consumer that found the slot empty and is about to say
     * so. The fence orders the calling thread's own earlier stores (its last poll's index store and clear) before
     * the load, which a release store and a volatile load alone do not: without it both threads can miss each
     * other's stores still in their store buffers (see "Store buffering" in SpscArrayQueue's notes).
     */
    @SuppressWarnings("unchecked")
    static <E> E lvElementAfterFullFence(Object[] buffer, int index) {
        VarHandle.fullFence();
        return (E) SLOT.getVolatile(buffer, index);
    }

    /**
     * A release store: a release fence, then a plain store, which is what the VarHandle's setRelease does on
     * HotSpot, without its check of the array's runtime type. That check loads the array's class, its mirror and
     * the mirror's component type, three dependent loads at every offer; the array store's own check is one load
     * and a compare, because every buffer here is exactly an Object[] and C2 speculates on that
     * (MonomorphicArrayCheck); offers are measurably faster so than through setRelease. The store is a reference
     * store, hence atomic; the fence keeps every earlier load and store before it, and nothing writes the slot
     * again before another fence, so it cannot be merged away.
     */
    static void soElement(Object[] buffer, int index, Object value) {
        VarHandle.releaseFence();
        buffer[index] = value;
    }

    /**
     * A release store of null, as soElement; a null store needs no type check at all. (Its range check stays: C2
     * reloads the array length after the release barrier rather than reuse the check of the consumer's load.)
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
     * below the producer index) and is between its index store and its element store. It loads before its first
     * spin-wait: the element store follows the claim within nanoseconds, and a pause first (a PAUSE instruction on
     * x86, tens of cycles) would delay every such hand-off, which shows in one-message round trips.
     *
     * @return the value, read volatile
     */
    @SuppressWarnings("unchecked")
    static <E> E lvElementWhenWritten(Object[] buffer, int index) {
        Object e;
        while ((e = SLOT.getVolatile(buffer, index)) == null) {
            Thread.onSpinWait();
        }
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
