package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * Algorithm: positions are claimed with one XADD on the producer index (no CAS loop, no retry: the
 * CASSANDRA-15922 lesson applied to queues). Position i lives in chunk i >>> shift, slot i & mask. Chunks form a
 * doubly linked list; a producer finds its chunk from a shared hint (the newest chunk some producer used),
 * walking forward along next (appending a chunk with a CAS on next when there is none: one winner, losers
 * drop theirs) or backward along prev when it claimed its position before the hint moved on. The single
 * consumer reads slot after slot; at a chunk's end it follows next, and unlinks the previous chunk by clearing
 * the new chunk's prev, so emptied chunks become garbage.
 *
 * Invariants: every claimed position is written exactly once by its claimer, into the one chunk with its
 * number (chunks are appended only by CAS on the last chunk's next, numbered in order). cIndex <= pIndex. The
 * consumer leaves chunk k only after consuming every position of k, so no producer needs chunk k afterwards;
 * hence clearing prev of chunk k + 1 then cannot strand a producer walking backward (it stops at the chunk it
 * needs, which is k + 1 or later, before reading that chunk's prev).
 *
 * Ordering: XADD orders claims. A chunk is published by a volatile CAS of next (its final fields are then
 * visible); the hint is a volatile reference moved forward only by CAS. Element stores are releases and the
 * consumer's slot loads volatile, so offer happens-before the poll that returns the element. A null slot below
 * pIndex is a claim in flight: poll/peek wait for it, relaxedPoll/relaxedPeek return null.
 *
 * Source: JCTools' MpscUnboundedXaddArrayQueue (Francesco Nigro, Nitsan Wakart) for the XADD-and-chunks idea,
 * seed 004; this design (no chunk pooling, prev links for late producers) is our own, on VarHandles.
 */

/** Padding before the producers' fields. */
abstract class MpscUnboundedPad0<E> extends AbstractMessagePassingQueue<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** The producers' claim counter and chunk hint, read and written by every producer. */
abstract class MpscUnboundedProducerFields<E> extends MpscUnboundedPad0<E> {
    static final VarHandle P_INDEX;
    static final VarHandle P_CHUNK;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            P_INDEX = lookup.findVarHandle(MpscUnboundedProducerFields.class, "producerIndex", long.class);
            P_CHUNK = lookup.findVarHandle(MpscUnboundedProducerFields.class, "producerChunk",
                    MpscUnboundedArrayQueue.Chunk.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile long producerIndex;
    volatile MpscUnboundedArrayQueue.Chunk producerChunk;

    final long lvProducerIndex() {
        return producerIndex;
    }

    final long xaddProducerIndex(long delta) {
        return (long) P_INDEX.getAndAdd(this, delta);
    }

    final MpscUnboundedArrayQueue.Chunk lvProducerChunk() {
        return producerChunk;
    }

    final boolean casProducerChunk(MpscUnboundedArrayQueue.Chunk expect, MpscUnboundedArrayQueue.Chunk update) {
        return P_CHUNK.compareAndSet(this, expect, update);
    }
}

/** Padding between producers and the consumer. */
abstract class MpscUnboundedPad1<E> extends MpscUnboundedProducerFields<E> {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

/** The consumer's fields. */
abstract class MpscUnboundedConsumerFields<E> extends MpscUnboundedPad1<E> {
    static final VarHandle C_INDEX;

    static {
        try {
            C_INDEX = MethodHandles.lookup().findVarHandle(MpscUnboundedConsumerFields.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile long consumerIndex;
    MpscUnboundedArrayQueue.Chunk consumerChunk;

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
abstract class MpscUnboundedPad2<E> extends MpscUnboundedConsumerFields<E> {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
}

/**
 * An unbounded multi-producer single-consumer queue of linked chunks: any number of producer threads, one
 * consumer thread at a time. A producer claims its position with one atomic add, never a retry loop, so
 * producers do not fail and retry under contention; allocation is one chunk per {@code chunkSize} elements.
 *
 * <p>{@code chunkSize} is rounded up to a power of two (at least 2); {@link #capacity()} is
 * {@link #UNBOUNDED_CAPACITY} and {@link #size()} saturates at Integer.MAX_VALUE. Memory grows with the
 * backlog. {@link #poll()} and {@link #peek()} wait for a producer that has claimed the head position and not
 * yet written it; the relaxed variants return null instead.
 *
 * @param <E> element type
 */
public final class MpscUnboundedArrayQueue<E> extends MpscUnboundedPad2<E> {
    private final int shift;
    private final int mask;

    /** A chunk of slots: number {@code index} holds positions [index << shift, (index + 1) << shift). */
    static final class Chunk {
        private static final VarHandle NEXT;
        private static final VarHandle PREV;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                NEXT = lookup.findVarHandle(Chunk.class, "next", Chunk.class);
                PREV = lookup.findVarHandle(Chunk.class, "prev", Chunk.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final long index;
        final Object[] slots;
        @SuppressWarnings("unused") // through NEXT
        private volatile Chunk next;
        @SuppressWarnings("unused") // through PREV
        private volatile Chunk prev;

        Chunk(long index, int size, Chunk prev) {
            this.index = index;
            this.slots = new Object[size];
            PREV.set(this, prev);
        }

        Chunk lvNext() {
            return (Chunk) NEXT.getVolatile(this);
        }

        boolean casNext(Chunk update) {
            return NEXT.compareAndSet(this, (Chunk) null, update);
        }

        Chunk lvPrev() {
            return (Chunk) PREV.getVolatile(this);
        }

        void soPrev(Chunk value) {
            PREV.setRelease(this, value);
        }
    }

    /**
     * @param chunkSize slots per chunk, in [2, 2^30] (rounded up to a power of two)
     * @throws IllegalArgumentException naming the value when out of range
     */
    public MpscUnboundedArrayQueue(int chunkSize) {
        int size = QueueSupport.roundToPowerOfTwo("chunkSize", chunkSize, 2);
        shift = Integer.numberOfTrailingZeros(size);
        mask = size - 1;
        Chunk first = new Chunk(0, size, null);
        producerChunk = first;
        consumerChunk = first;
    }

    @Override
    public boolean offer(E e) {
        QueueSupport.requireElement(e);
        long index = xaddProducerIndex(1);
        Chunk chunk = lvProducerChunk();
        long wanted = index >>> shift;
        if (chunk.index != wanted) {
            chunk = producerChunkFor(chunk, wanted);
        }
        Slots.soElement(chunk.slots, (int) index & mask, e);
        return true;
    }

    private Chunk producerChunkFor(Chunk from, long wanted) {
        Chunk chunk = from;
        while (chunk.index > wanted) {
            chunk = chunk.lvPrev();
        }
        while (chunk.index < wanted) {
            Chunk next = chunk.lvNext();
            if (next == null) {
                Chunk created = new Chunk(chunk.index + 1, mask + 1, chunk);
                next = chunk.casNext(created) ? created : chunk.lvNext();
            }
            Chunk hint = lvProducerChunk();
            if (hint.index < next.index) {
                casProducerChunk(hint, next); // one try: another producer moving it forward is as good
            }
            chunk = next;
        }
        return chunk;
    }

    @Override
    public int fill(Supplier<E> supplier, int limit) {
        Objects.requireNonNull(supplier, "supplier");
        QueueSupport.checkLimit(limit);
        for (int n = 0; n < limit; n++) {
            offer(QueueSupport.requireElement(supplier.get()));
        }
        return limit;
    }

    @Override
    boolean hasRoomForOne() {
        return true;
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

    /** Consumer only: the head element, waiting for a claimed position if asked, removing it if asked. */
    private E take(boolean waitForClaimed, boolean remove) {
        long index = lpConsumerIndex();
        Chunk chunk = consumerChunk;
        if (chunk.index != index >>> shift) {
            Chunk next = chunk.lvNext();
            if (next == null) {
                if (!waitForClaimed || index == lvProducerIndex()) {
                    return null;
                }
                while ((next = chunk.lvNext()) == null) {
                    Thread.onSpinWait();
                }
            }
            next.soPrev(null); // the emptied chunk becomes garbage; no producer needs it any more
            consumerChunk = next;
            chunk = next;
        }
        int offset = (int) index & mask;
        Object e = Slots.lvElement(chunk.slots, offset);
        if (e == null) {
            if (!waitForClaimed || index == lvProducerIndex()) {
                return null;
            }
            e = Slots.lvElementWhenWritten(chunk.slots, offset);
        }
        if (remove) {
            Slots.spElement(chunk.slots, offset, null);
            soConsumerIndex(index + 1);
        }
        @SuppressWarnings("unchecked")
        E element = (E) e;
        return element;
    }

    @Override
    public int size() {
        return QueueSupport.size(this, C_INDEX, P_INDEX, Integer.MAX_VALUE);
    }

    @Override
    public boolean isEmpty() {
        return lvConsumerIndex() >= lvProducerIndex();
    }

    @Override
    public int capacity() {
        return UNBOUNDED_CAPACITY;
    }
}
