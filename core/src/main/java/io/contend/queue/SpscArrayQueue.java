package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: a ring of power-of-two size. The producer publishes pIndex + 1 with an ordered (release) store,
 * then writes the element into slot (pIndex & mask) with an ordered store. The consumer reads the slot of
 * cIndex; an element is taken: it clears the slot and publishes cIndex + 1 (ordered stores). A null slot is
 * either empty (cIndex == pIndex) or an offer between its two stores: poll/peek then wait for the element,
 * relaxedPoll/relaxedPeek return null. A cleared slot is the consumer's signal to the producer that the slot is
 * free, so with elements present neither side reads the other's index; only a consumer finding a null slot
 * reads pIndex. Look-ahead: when the producer reaches its cached limit it checks the slot
 * lookAheadStep ahead; if that one is free, every slot up to it is (the consumer frees in order), so the next
 * lookAheadStep offers need no check at all. Otherwise it checks only the slot it needs.
 *
 * Invariants: 0 <= pIndex - cIndex <= capacity. An offer takes effect (linearizes) at its index store, so
 * size(), isEmpty(), poll() and peek() agree: an element is never visible before it is counted. (Publishing the
 * element first, as JCTools does, lets peek() see an element while isEmpty() still says true; Lincheck finds
 * that interleaving.) If the consumer sees !isEmpty(), its poll returns an element, waiting at most for the
 * producer's next store.
 *
 * Ordering: the element store is a release and the consumer's slot load is volatile, so everything the
 * producer did before offer happens-before the poll that returns the element. The slot clear is a release
 * store and the producer's slot check is a volatile load, so the consumer is done with a slot before the
 * producer reuses it. Indices are single-writer: plain reads by their owner, release stores, volatile loads by
 * others. Padding: producer fields, consumer fields and the cold fields sit in separate 128-byte regions of
 * the class hierarchy (the JVM lays superclass fields first), so the two threads never share a line.
 *
 * Source: JCTools' SpscArrayQueue (Nitsan Wakart) and Martin Thompson's FastFlow-style look-ahead, seed 004;
 * written anew on VarHandles.
 */

/** Padding before the cold fields. */
abstract class SpscArrayQueuePad0<E> extends AbstractMessagePassingQueue<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** Fields both threads read and nobody writes. */
abstract class SpscArrayQueueColdFields<E> extends SpscArrayQueuePad0<E> {
    final Object[] buffer;
    final int mask;
    final int lookAheadStep;

    SpscArrayQueueColdFields(int requestedCapacity) {
        int capacity = QueueSupport.roundToPowerOfTwo("capacity", requestedCapacity, 1);
        buffer = new Object[capacity];
        mask = capacity - 1;
        lookAheadStep = Math.max(1, Math.min(capacity / 4, 4096));
    }
}

/** Padding between the cold fields and the producer's. */
abstract class SpscArrayQueuePad1<E> extends SpscArrayQueueColdFields<E> {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;

    SpscArrayQueuePad1(int capacity) {
        super(capacity);
    }
}

/** The producer's fields. */
abstract class SpscArrayQueueProducerFields<E> extends SpscArrayQueuePad1<E> {
    static final VarHandle P_INDEX;

    static {
        try {
            P_INDEX = MethodHandles.lookup().findVarHandle(SpscArrayQueueProducerFields.class, "producerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Next position to write; written by the producer only. */
    volatile long producerIndex;
    /** Positions below this are known free; producer only. */
    long producerLimit;

    SpscArrayQueueProducerFields(int capacity) {
        super(capacity);
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
abstract class SpscArrayQueuePad2<E> extends SpscArrayQueueProducerFields<E> {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    SpscArrayQueuePad2(int capacity) {
        super(capacity);
    }
}

/** The consumer's fields. */
abstract class SpscArrayQueueConsumerFields<E> extends SpscArrayQueuePad2<E> {
    static final VarHandle C_INDEX;

    static {
        try {
            C_INDEX = MethodHandles.lookup().findVarHandle(SpscArrayQueueConsumerFields.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Next position to read; written by the consumer only. */
    volatile long consumerIndex;

    SpscArrayQueueConsumerFields(int capacity) {
        super(capacity);
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
abstract class SpscArrayQueuePad3<E> extends SpscArrayQueueConsumerFields<E> {
    long p30, p31, p32, p33, p34, p35, p36, p37, p38, p39, p3a, p3b, p3c, p3d, p3e, p3f;

    SpscArrayQueuePad3(int capacity) {
        super(capacity);
    }
}

/**
 * A bounded single-producer single-consumer queue on a ring array: one producer thread and one consumer
 * thread at a time, no locks, no allocation per element, and on the fast path neither thread reads the
 * other's index.
 *
 * <p>Capacity: the requested capacity rounded up to a power of two (at least 2); {@link #capacity()} reports
 * the rounded value and the queue holds exactly that many elements. Requested capacities must be in
 * [1, 2^30].
 *
 * @param <E> element type
 */
public final class SpscArrayQueue<E> extends SpscArrayQueuePad3<E> {

    /**
     * @param capacity at least this many elements (rounded up to a power of two)
     * @throws IllegalArgumentException if capacity is below 1 or above 2^30
     */
    public SpscArrayQueue(int capacity) {
        super(capacity);
    }

    @Override
    public boolean offer(E e) {
        QueueSupport.requireElement(e);
        Object[] buffer = this.buffer;
        int mask = this.mask;
        long index = lpProducerIndex();
        if (index >= producerLimit && !hasRoom(buffer, mask, index)) {
            return false;
        }
        soProducerIndex(index + 1);
        Slots.soElement(buffer, (int) index & mask, e);
        return true;
    }

    /** Producer only: looks ahead for a run of free slots, else checks the one slot it needs. */
    private boolean hasRoom(Object[] buffer, int mask, long index) {
        long ahead = index + lookAheadStep;
        if (Slots.lvElement(buffer, (int) ahead & mask) == null) {
            producerLimit = ahead;
            return true;
        }
        return Slots.lvElement(buffer, (int) index & mask) == null;
    }

    @Override
    boolean hasRoomForOne() {
        long index = lpProducerIndex();
        return index < producerLimit || hasRoom(buffer, mask, index);
    }

    @Override
    public E poll() {
        return take(true, true);
    }

    @Override
    public E relaxedPoll() {
        return take(false, true);
    }

    @Override
    public E peek() {
        return take(true, false);
    }

    @Override
    public E relaxedPeek() {
        return take(false, false);
    }

    /** Consumer only: the head element, waiting for an offer in flight if asked, removing it if asked. */
    private E take(boolean waitForOffer, boolean remove) {
        Object[] buffer = this.buffer;
        long index = lpConsumerIndex();
        int offset = (int) index & mask;
        E e = Slots.lvElement(buffer, offset);
        if (e == null) {
            if (!waitForOffer || index >= lvProducerIndex()) {
                return null;
            }
            e = Slots.lvElementWhenWritten(buffer, offset);
        }
        if (remove) {
            Slots.soElement(buffer, offset, null);
            soConsumerIndex(index + 1);
        }
        return e;
    }

    @Override
    public int size() {
        return QueueSupport.size(this, C_INDEX, P_INDEX, buffer.length);
    }

    @Override
    public boolean isEmpty() {
        return lvConsumerIndex() >= lvProducerIndex();
    }

    @Override
    public int capacity() {
        return buffer.length;
    }
}
