package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: positions (long indices) are global; each buffer is a power-of-two ring of `cap` slots plus one
 * extra slot at the end that holds the link to the next buffer. Position i lives in slot (i & mask) of the
 * buffer current when it was written. The producer writes positions below its limit with an ordered index
 * store, then an ordered element store, as SpscArrayQueue does (an offer takes effect at its index store; a
 * consumer finding a null slot below pIndex waits for the element). At the limit (the cold path) it decides:
 *   - bounded and pIndex - cIndex >= maxCapacity: full;
 *   - final buffer (bounded, buffer as large as the bound): every position below cIndex + maxCapacity is free
 *     in it, so the limit becomes cIndex + maxCapacity;
 *   - the slot lookAheadStep ahead is free: all slots up to it are; the limit moves there;
 *   - the next slot is free: write this one only (keeping a free slot for a JUMP);
 *   - otherwise the buffer is full: link a new one (same size, or twice the size for the growable queue, up to
 *     the bound): store the element in the new buffer, the link in the old buffer's last slot, then JUMP in the
 *     old buffer's slot for this position, then publish pIndex + 1.
 * The consumer reads the slot of cIndex in its buffer: null is empty, JUMP means "follow the link": it moves to
 * the next buffer (unlinking the old one, which becomes garbage) and takes the element from the same position
 * there.
 *
 * Invariants: on entering the cold path, the producer's slot for pIndex is free (every path that writes
 * position i first established that slot i+1 is free, or that no JUMP will be needed), so a JUMP always has a
 * slot; a JUMP is the last thing written to a buffer; a position is written to exactly one buffer;
 * cIndex <= pIndex <= cIndex + bound, and a consumer that sees cIndex < pIndex finds its element (waiting at
 * most for the producer's next store).
 *
 * Ordering: element, link and JUMP stores are releases in that order, and the consumer's slot and link loads
 * are volatile, so a consumer that sees JUMP sees the link and the element behind it, and sees the element
 * fully constructed. Slot clears are release stores read by the producer's volatile slot loads, so a slot is
 * freed before it is reused. cIndex and pIndex are single-writer (plain own reads, release stores, volatile
 * reads by others). Producer and consumer fields are on separate padded lines.
 *
 * Source: JCTools' BaseSpscLinkedArrayQueue and its chunked, growable and unbounded variants (Nitsan Wakart),
 * seed 004; written anew on VarHandles.
 */

/** Padding before the producer's fields. */
abstract class SpscLinkedPad0<E> extends AbstractMessagePassingQueue<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** The producer's fields and the settings it reads. */
abstract class SpscLinkedProducerFields<E> extends SpscLinkedPad0<E> {
    static final VarHandle P_INDEX;

    static {
        try {
            P_INDEX = MethodHandles.lookup().findVarHandle(SpscLinkedProducerFields.class, "producerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Bound on elements (a power of two), or Long.MAX_VALUE when unbounded. */
    final long maxCapacity;
    /** Largest buffer (ring slots): the chunk size, or the bound for the growable queue. */
    final int maxBufferCapacity;
    /** Whether each new buffer doubles (growable) rather than repeating the chunk size. */
    final boolean doubling;

    Object[] producerBuffer;
    int producerMask;
    /** Positions below this are known free in producerBuffer (and within the bound). */
    long producerLimit;
    volatile long producerIndex;

    SpscLinkedProducerFields(int firstBufferCapacity, int maxBufferCapacity, long maxCapacity, boolean doubling) {
        this.maxCapacity = maxCapacity;
        this.maxBufferCapacity = maxBufferCapacity;
        this.doubling = doubling;
        producerBuffer = new Object[firstBufferCapacity + 1];
        producerMask = firstBufferCapacity - 1;
    }

    final long lvProducerIndex() {
        return producerIndex;
    }

    final long lpProducerIndex() {
        return (long) P_INDEX.get(this);
    }

    final void soProducerIndex(long value) {
        P_INDEX.setRelease(this, value);
    }
}

/** Padding between producer and consumer fields. */
abstract class SpscLinkedPad1<E> extends SpscLinkedProducerFields<E> {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;

    SpscLinkedPad1(int first, int maxBuffer, long maxCapacity, boolean doubling) {
        super(first, maxBuffer, maxCapacity, doubling);
    }
}

/** The consumer's fields. */
abstract class SpscLinkedConsumerFields<E> extends SpscLinkedPad1<E> {
    static final VarHandle C_INDEX;

    static {
        try {
            C_INDEX = MethodHandles.lookup().findVarHandle(SpscLinkedConsumerFields.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Object[] consumerBuffer;
    int consumerMask;
    volatile long consumerIndex;

    SpscLinkedConsumerFields(int first, int maxBuffer, long maxCapacity, boolean doubling) {
        super(first, maxBuffer, maxCapacity, doubling);
        consumerBuffer = producerBuffer;
        consumerMask = producerMask;
    }

    final long lvConsumerIndex() {
        return consumerIndex;
    }

    final long lpConsumerIndex() {
        return (long) C_INDEX.get(this);
    }

    final void soConsumerIndex(long value) {
        C_INDEX.setRelease(this, value);
    }
}

/** Padding after the consumer's fields. */
abstract class SpscLinkedPad2<E> extends SpscLinkedConsumerFields<E> {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    SpscLinkedPad2(int first, int maxBuffer, long maxCapacity, boolean doubling) {
        super(first, maxBuffer, maxCapacity, doubling);
    }
}

/**
 * The single-producer single-consumer queue on linked ring arrays behind {@link SpscChunkedArrayQueue},
 * {@link SpscGrowableArrayQueue} and {@link SpscUnboundedArrayQueue}: one producer thread and one consumer
 * thread at a time; no locks; allocation only when a new buffer is linked.
 *
 * @param <E> element type
 */
public abstract class SpscLinkedArrayQueue<E> extends SpscLinkedPad2<E> {
    /** Written in the old buffer's slot where the position continues in the next buffer. */
    private static final Object JUMP = new Object();
    private static final int MAX_LOOK_AHEAD = 4096;

    SpscLinkedArrayQueue(int firstBufferCapacity, int maxBufferCapacity, long maxCapacity, boolean doubling) {
        super(firstBufferCapacity, maxBufferCapacity, maxCapacity, doubling);
    }

    private boolean bounded() {
        return maxCapacity != Long.MAX_VALUE;
    }

    @Override
    public final boolean offer(E e) {
        QueueSupport.requireElement(e);
        Object[] buffer = producerBuffer;
        long index = lpProducerIndex();
        if (index >= producerLimit) {
            return offerColdPath(buffer, index, e);
        }
        soProducerIndex(index + 1);
        Slots.soElement(buffer, (int) index & producerMask, e);
        return true;
    }

    private boolean offerColdPath(Object[] buffer, long index, E e) {
        int mask = producerMask;
        long bound = Long.MAX_VALUE;
        if (bounded()) {
            bound = lvConsumerIndex() + maxCapacity;
            if (index >= bound) {
                return false;
            }
            if (mask + 1L == maxCapacity) { // final buffer: every position below the bound is free in it
                producerLimit = bound;
                write(buffer, mask, index, e);
                return true;
            }
        }
        int step = Math.max(1, Math.min((mask + 1) / 4, MAX_LOOK_AHEAD));
        if (Slots.lvElement(buffer, (int) (index + step) & mask) == null) {
            producerLimit = Math.min(index + step, bound);
            write(buffer, mask, index, e);
        } else if (Slots.lvElement(buffer, (int) (index + 1) & mask) == null) {
            write(buffer, mask, index, e); // limit stays: the next offer checks again
        } else {
            linkNewBuffer(buffer, mask, index, e, bound);
        }
        return true;
    }

    private void write(Object[] buffer, int mask, long index, E e) {
        soProducerIndex(index + 1);
        Slots.soElement(buffer, (int) index & mask, e);
    }

    private void linkNewBuffer(Object[] old, int oldMask, long index, E e, long bound) {
        int capacity = doubling ? Math.min(2 * (oldMask + 1), maxBufferCapacity) : oldMask + 1;
        Object[] next = new Object[capacity + 1];
        int mask = capacity - 1;
        producerBuffer = next;
        producerMask = mask;
        // Leave the slot of position index + capacity - 1 free, for the next JUMP (the final buffer needs none).
        producerLimit = Math.min(capacity == maxCapacity ? bound : index + mask, bound);
        soProducerIndex(index + 1);
        Slots.soElement(next, (int) index & mask, e);
        Slots.soElement(old, old.length - 1, next);
        Slots.soElement(old, (int) index & oldMask, JUMP);
    }

    @Override
    final boolean hasRoomForOne() {
        return !bounded() || lpProducerIndex() < lvConsumerIndex() + maxCapacity;
    }

    @Override
    public final E poll() {
        return take(true, true);
    }

    @Override
    public final E relaxedPoll() {
        return take(false, true);
    }

    @Override
    public final E peek() {
        return take(true, false);
    }

    @Override
    public final E relaxedPeek() {
        return take(false, false);
    }

    /** Consumer only: the head element, waiting for an offer in flight if asked, removing it if asked. */
    private E take(boolean waitForOffer, boolean remove) {
        Object[] buffer = consumerBuffer;
        long index = lpConsumerIndex();
        int offset = (int) index & consumerMask;
        Object e = Slots.lvElement(buffer, offset);
        if (e == null) {
            if (!waitForOffer || index >= lvProducerIndex()) {
                return null;
            }
            e = Slots.lvElementWhenWritten(buffer, offset);
        }
        if (e == JUMP) {
            buffer = followLink(buffer, offset);
            offset = (int) index & consumerMask;
            e = Slots.lvElement(buffer, offset); // stored before the JUMP
        }
        if (remove) {
            Slots.soElement(buffer, offset, null);
            soConsumerIndex(index + 1);
        }
        @SuppressWarnings("unchecked")
        E element = (E) e;
        return element;
    }

    /** Consumer only: moves to the next buffer and unlinks the old one. */
    private Object[] followLink(Object[] old, int jumpOffset) {
        Object[] next = Slots.lvElement(old, old.length - 1);
        Slots.spElement(old, old.length - 1, null);
        Slots.spElement(old, jumpOffset, null);
        consumerBuffer = next;
        consumerMask = next.length - 2;
        return next;
    }

    @Override
    public final int size() {
        return QueueSupport.size(this, C_INDEX, P_INDEX, bounded() ? (int) maxCapacity : Integer.MAX_VALUE);
    }

    @Override
    public final boolean isEmpty() {
        return lvConsumerIndex() >= lvProducerIndex();
    }

    @Override
    public final int capacity() {
        return bounded() ? (int) maxCapacity : UNBOUNDED_CAPACITY;
    }
}
