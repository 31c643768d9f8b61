package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * Algorithm: a ring of power-of-two size. A producer claims position pIndex with a CAS on the producer index,
 * then writes the element into its slot with an ordered store. It checks for room against a cached limit
 * (consumer index + capacity, refreshed from the consumer index only when reached), so producers rarely read
 * the consumer's line. The single consumer reads the slot of cIndex: an element is taken, the slot cleared and
 * cIndex + 1 published; null with cIndex == pIndex is empty; null with cIndex < pIndex means a producer has
 * claimed the slot and not written it yet, and poll/peek wait for it (relaxedPoll/relaxedPeek return null).
 *
 * Invariants: cIndex <= pIndex <= cIndex + capacity (a producer claims only below consumerIndex + capacity,
 * reading consumerIndex after its pIndex); a claimed slot is written exactly once, by its claimer; fill()
 * writes SKIP into a claimed slot when its supplier fails, and the consumer steps over SKIP.
 *
 * Ordering: the CAS on pIndex orders claims; the element store is a release and the consumer's load is
 * volatile, so offer happens-before the poll that returns the element. The consumer clears a slot with a plain
 * store before the release store of cIndex, and producers read cIndex with a volatile load before claiming
 * that slot again, so the clear cannot overwrite a new element. The producer limit is a hint written with
 * release stores by several producers: any value written was a true bound when computed and bounds only grow,
 * so a stale one costs a re-read, never an overflow.
 *
 * Source: JCTools' MpscArrayQueue (Nitsan Wakart), seed 004; written anew on VarHandles.
 */

/** Padding before the cold fields. */
abstract class MpscArrayQueuePad0<E> extends AbstractMessagePassingQueue<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** Fields nobody writes after construction. */
abstract class MpscArrayQueueColdFields<E> extends MpscArrayQueuePad0<E> {
    final Object[] buffer;
    final int mask;

    MpscArrayQueueColdFields(int requestedCapacity) {
        int capacity = QueueSupport.roundToPowerOfTwo("capacity", requestedCapacity, 1);
        buffer = new Object[capacity];
        mask = capacity - 1;
    }
}

/** Padding before the producer index. */
abstract class MpscArrayQueuePad1<E> extends MpscArrayQueueColdFields<E> {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;

    MpscArrayQueuePad1(int capacity) {
        super(capacity);
    }
}

/** The producers' claim counter. */
abstract class MpscArrayQueueProducerIndex<E> extends MpscArrayQueuePad1<E> {
    static final VarHandle P_INDEX;

    static {
        try {
            P_INDEX = MethodHandles.lookup().findVarHandle(MpscArrayQueueProducerIndex.class, "producerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile long producerIndex;

    MpscArrayQueueProducerIndex(int capacity) {
        super(capacity);
    }

    final long lvProducerIndex() {
        return producerIndex;
    }

    final boolean casProducerIndex(long expect, long update) {
        return P_INDEX.compareAndSet(this, expect, update);
    }
}

/** Padding between the producer index and the producer limit, which producers read on every offer. */
abstract class MpscArrayQueuePad2<E> extends MpscArrayQueueProducerIndex<E> {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    MpscArrayQueuePad2(int capacity) {
        super(capacity);
    }
}

/** The consumer index and, on its own line, the producers' cached limit. */
abstract class MpscArrayQueueConsumerFields<E> extends MpscArrayQueuePad2<E> {
    static final VarHandle C_INDEX;
    static final VarHandle P_LIMIT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            C_INDEX = lookup.findVarHandle(MpscArrayQueueConsumerFields.class, "consumerIndex", long.class);
            P_LIMIT = lookup.findVarHandle(MpscArrayQueueConsumerFields.class, "producerLimit", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Producers may claim positions below this; a hint, refreshed from consumerIndex. */
    volatile long producerLimit;
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q0a, q0b, q0c, q0d, q0e, q0f;
    /** Next position the consumer reads; consumer-written only. */
    volatile long consumerIndex;

    MpscArrayQueueConsumerFields(int capacity) {
        super(capacity);
        producerLimit = buffer.length;
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

    final long lvProducerLimit() {
        return producerLimit;
    }

    final void soProducerLimit(long value) {
        P_LIMIT.setRelease(this, value);
    }
}

/** Padding after the consumer's fields. */
abstract class MpscArrayQueuePad3<E> extends MpscArrayQueueConsumerFields<E> {
    long p30, p31, p32, p33, p34, p35, p36, p37, p38, p39, p3a, p3b, p3c, p3d, p3e, p3f;

    MpscArrayQueuePad3(int capacity) {
        super(capacity);
    }
}

/**
 * A bounded multi-producer single-consumer queue on a ring array: any number of producer threads, one consumer
 * thread at a time; producers claim slots with a CAS, no locks, no allocation per element.
 *
 * <p>Capacity: the requested capacity rounded up to a power of two (at least 2), reported by
 * {@link #capacity()}; requested capacities must be in [1, 2^30]. {@link #poll()} and {@link #peek()} wait for
 * a producer that has claimed the head slot and not yet written it (a few instructions, unless that producer
 * was descheduled); the relaxed variants return null instead.
 *
 * @param <E> element type
 */
public final class MpscArrayQueue<E> extends MpscArrayQueuePad3<E> {
    /** Written by fill() into a slot it claimed when its supplier failed; the consumer steps over it. */
    private static final Object SKIP = new Object();

    /**
     * @param capacity at least this many elements (rounded up to a power of two)
     * @throws IllegalArgumentException if capacity is below 1 or above 2^30
     */
    public MpscArrayQueue(int capacity) {
        super(capacity);
    }

    @Override
    public boolean offer(E e) {
        QueueSupport.requireElement(e);
        long index = claim();
        if (index < 0) {
            return false;
        }
        Slots.soElement(buffer, (int) index & mask, e);
        return true;
    }

    /** @return a claimed position, or -1 if the queue is full */
    private long claim() {
        long capacity = buffer.length;
        long limit = lvProducerLimit();
        long index;
        do {
            index = lvProducerIndex();
            if (index >= limit) {
                limit = lvConsumerIndex() + capacity;
                if (index >= limit) {
                    return -1;
                }
                soProducerLimit(limit);
            }
        } while (!casProducerIndex(index, index + 1));
        return index;
    }

    /**
     * Any producer: claims a slot, then asks the supplier for its element. If the supplier throws or returns
     * null, the claimed slot is marked skipped and the failure propagates: the consumer steps over the mark,
     * but until it has, the mark counts in size() and isEmpty() is false (the one exception to the rule that
     * !isEmpty() means the consumer's next poll returns an element).
     */
    @Override
    public int fill(Supplier<E> supplier, int limit) {
        Objects.requireNonNull(supplier, "supplier");
        QueueSupport.checkLimit(limit);
        for (int n = 0; n < limit; n++) {
            long index = claim();
            if (index < 0) {
                return n;
            }
            Object e = SKIP;
            try {
                e = QueueSupport.requireElement(supplier.get());
            } finally {
                Slots.soElement(buffer, (int) index & mask, e);
            }
        }
        return limit;
    }

    @Override
    boolean hasRoomForOne() {
        return lvProducerIndex() < lvConsumerIndex() + buffer.length;
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

    /**
     * Consumer only: the head element, waiting for a claimed slot if asked, removing it if asked. A SKIP mark
     * is always removed (peek too: it is consumer-only) and the search goes on.
     */
    private E take(boolean waitForClaimed, boolean remove) {
        Object[] buffer = this.buffer;
        for (;;) {
            long index = lpConsumerIndex();
            int offset = (int) index & mask;
            Object e = Slots.lvElement(buffer, offset);
            if (e == null) {
                if (!waitForClaimed || index == lvProducerIndex()) {
                    return null;
                }
                e = Slots.lvElementWhenWritten(buffer, offset);
            }
            boolean skipped = e == SKIP;
            if (remove || skipped) {
                Slots.spElement(buffer, offset, null);
                soConsumerIndex(index + 1);
            }
            if (!skipped) {
                @SuppressWarnings("unchecked")
                E element = (E) e;
                return element;
            }
        }
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
