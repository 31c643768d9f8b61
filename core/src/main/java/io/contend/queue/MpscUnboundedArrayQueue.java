package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Iterator;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * Algorithm: a producer claims its position with one CAS of the producer index from the value it has just read and, if
 * another producer moved the index in between, with one XADD: at most two atomic operations, never a retry loop (the
 * CASSANDRA-15922 lesson applied to queues). Position i lives in chunk i >>> shift, slot i & mask. Chunks form a doubly
 * linked list; a producer finds its chunk from a shared hint (the newest chunk some producer used), walking forward
 * along next (appending a chunk with a CAS on next when there is none: one winner, losers drop theirs) or backward
 * along prev when it claimed its position before the hint moved on. The single consumer reads slot after slot; at a
 * chunk's end it follows next and cuts both links between the chunks: it clears the new chunk's prev, and replaces
 * the emptied chunk's next with CONSUMED, after moving the hint to the new chunk if it was behind. A producer that
 * walks forward into CONSUMED (its hint was stale) starts again from the hint, which is then past that chunk.
 *
 * Reuse: an emptied chunk is kept aside (retired) with the producer index P the consumer reads as it leaves the
 * chunk. When the consumer leaves the next chunk, if it has taken every position below P by then and the spare slot
 * is empty, the retired chunk becomes the spare (else it is dropped), and the next producer that appends a chunk
 * takes the spare instead of allocating one. While the consumer keeps up, three chunks go round and offer allocates
 * nothing (JCTools' MpscUnboundedArrayQueue goes round its one buffer then); when producers run ahead, retired
 * chunks are dropped and new ones allocated.
 *
 * Why cut next as well ("GC nepotism", as JCTools' linked queues call it when they unlink a consumed buffer): a
 * chunk that lived through a few young collections is promoted, and a young collection treats the old generation
 * as live until the next marking. Were its next left in place, the chunk after it would survive every young
 * collection and be promoted in turn, and so on down the chain: every chunk the queue ever used would be copied
 * and kept until a concurrent cycle, and young pauses would grow with the traffic. QueueSanityTest holds a chunk
 * strongly to stand for such a promoted one.
 *
 * Invariants: every claimed position is written exactly once by its claimer, into the one chunk with its
 * number (chunks are appended only by CAS on the last chunk's next, numbered in order). cIndex <= pIndex. The
 * consumer leaves chunk k only after consuming every position of k, so no producer needs chunk k afterwards;
 * hence clearing prev of chunk k + 1 then cannot strand a producer walking backward (it stops at the chunk it
 * needs, which is k + 1 or later, before reading that chunk's prev). When chunk k's next is CONSUMED the hint is at
 * chunk k + 1 or later (the consumer moves it first), and no producer needs chunk k, so a producer that meets it
 * restarts at a later chunk: restarts move a producer forward, and end at its own chunk. A retired chunk k is
 * offered as the spare only when no producer can still hold it: a producer that claimed position P or later claimed
 * after the consumer read P, and so after the consumer moved the hint past k (volatile accesses are totally ordered),
 * and reads a hint past k; one that claimed below P holds chunks only until it stores its element, which the
 * consumer takes before it offers k. A reused chunk's slots are all null (the consumer cleared each as it took it).
 *
 * Ordering: the index's atomic updates (a successful CAS or an XADD, each a volatile read-modify-write that returns a
 * distinct position) order claims. A chunk is published by a volatile CAS of next (its fields are then visible);
 * the hint is a volatile reference moved forward only by CAS. A reused chunk's index, next and prev are plain
 * stores by the producer that took it from the spare slot (a CAS, after the consumer's release store of the spare,
 * which follows its last stores to the chunk), published by its CAS of next like a new chunk's. CONSUMED is stored
 * with release semantics after the consumer's CAS of the hint (or its volatile read that found the hint far enough),
 * so a producer whose volatile read of next returns CONSUMED then reads a hint past the emptied chunk. No CAS on next
 * can succeed once it is CONSUMED (they expect null), so the store loses no chunk. Element stores are releases and
 * the consumer's slot loads volatile, so offer happens-before the poll that returns the element. A null slot below
 * pIndex is a claim in flight: poll/peek wait for it, relaxedPoll/relaxedPeek return null. Before poll or peek
 * reads pIndex to say "empty", a full fence (MpscArrayQueue's "Store buffering"; size() and isEmpty() start with
 * one), without which jcstress's MpscUnboundedSizeAfterOfferTest and MpscUnboundedIsEmptyAfterOfferTest observe
 * outcomes no order of the operations gives. Those fences are taken only when the queue is built
 * QueueContract.STRICT; the default, BEST_EFFORT, is JCTools' contract (see "Contracts" in SpscArrayQueue's notes).
 *
 * Without reuse a chunk cost one allocation per chunk-size messages, and its young collections landed in the lab's
 * measured blocks of that queue alone; what separated the two queues' round trips was paid per message, at chunk 1024
 * as at 16 (the claim: see "Claim" below). Another per-message cost is poll() (under either
 * contract, as JCTools' poll): at a claimed slot not yet written it reads the producer index, which the producers'
 * claims own; relaxedPoll does not. At such a slot the consumer loads before its first spin-wait
 * (Slots.lvElementWhenWritten says why).
 *
 * Front pad: each chunk's array starts with Slots.FRONT_PAD unused slots, as the SPSC linked kinds' buffers do, so
 * that the array header every checked access reads (its length, and for a store its class word) is on a line no slot
 * write touches; unpadded, a chunk of 16 is two lines and both threads keep writing the header's. next and prev stay
 * next to the index and slots fields the producer reads at every offer: a line of their own does not pay.
 *
 * Producer fields: a pad separates the chunk hint, which producers read at every offer, from the claim counter, which
 * every offer writes (its claim) and the consumer reads at every empty poll, so that the counter's traffic does not
 * also move the hint's line (JCTools' MpUnboundedXaddArrayQueue likewise keeps its producer chunk apart from its
 * producer index).
 *
 * Iteration (any thread, JCTools' weakly consistent promise; RingIterator's notes say what a walk returns): the
 * iterator walks the positions between the consumer index and the producer index read at its creation, reading each
 * slot with a volatile load. It finds a chunk by its number, from the chunk it read last (along next) or back from the
 * producers' hint (along prev, which ends at the consumer's chunk). It must not trust a chunk it holds: the consumer
 * may leave it, cut it (CONSUMED) and hand it to a producer, which renumbers it. So it reads a chunk's number with an
 * acquire load before and after each slot load: a producer renumbers a chunk before it publishes it and stores into
 * it, so an element of the chunk's new life read by the slot load comes with the new number, and the walk drops it.
 * On any such change the consumer has left the position, and the walk goes on from the consumer's index, read again;
 * links that do not step by one number are treated the same way. The position never moves back and each slot read
 * moves it on; a walk ends at the producer index read at its creation, or at a chunk not linked yet (none of its
 * positions is written).
 *
 * Claim: why a CAS first. With one producer and one consumer passing one message per round trip, claims by XADD made
 * the round trip slower than JCTools' CAS claims, and a CAS first brought it level; with two producers offering back to
 * back, a CAS first costs some of what XADD saves over JCTools' CAS loop. The commit that made the change gives both
 * measurements. The likely reason (the machine it was measured on has no performance counters to confirm it): XADD's
 * result is the position, so the slot's address, and the store's request for the slot's line, wait until the XADD owns
 * the index's line; after a load and a CAS the processor can compute the slot from the loaded index and request its
 * line while the CAS waits. A lone producer's CAS does not fail; under contention a failed CAS costs one atomic
 * operation more than XADD alone, and the XADD after it cannot fail.
 *
 * Back pad: each chunk's array also ends with Slots.BACK_PAD unused slots. A producer allocates the next chunk's
 * object and array right after the current array, so without them the array's last slots, which the consumer clears,
 * would share a line with the next chunk's index and slots fields, which every offer reads. Cost: 64 bytes a chunk
 * with 4-byte references.
 *
 * Padding: pads are byte fields, because since JDK 15 the JVM fills holes in a superclass's layout with a
 * subclass's narrow fields (JDK-8237767) and long pads leave such holes; LayoutTest checks the result.
 * The pad and field-holder classes (a VarHandle and its accessors per field) repeat across padded classes on
 * purpose: a class-hierarchy pad must sit in each hierarchy, and Java has no mixins.
 *
 * Source: JCTools' MpscUnboundedXaddArrayQueue (Francesco Nigro, Nitsan Wakart) for the XADD-and-chunks idea,
 * and for linking chunks Nitsan Wakart, "Linked Array Queues, part 1: SPSC",
 * psy-lob-saw.blogspot.com/2016/10/linked-array-queues-part-1-spsc.html;
 * this design (no chunk pooling, prev links for late producers) is our own, on VarHandles.
 */

/** Padding before the producers' fields. */
abstract class MpscUnboundedPad0<E> extends AbstractMessagePassingQueue<E> {
    byte p0b000, p0b001, p0b002, p0b003, p0b004, p0b005, p0b006, p0b007, p0b008, p0b009, p0b010, p0b011, p0b012, p0b013, p0b014, p0b015,
            p0b016, p0b017, p0b018, p0b019, p0b020, p0b021, p0b022, p0b023, p0b024, p0b025, p0b026, p0b027, p0b028, p0b029, p0b030, p0b031,
            p0b032, p0b033, p0b034, p0b035, p0b036, p0b037, p0b038, p0b039, p0b040, p0b041, p0b042, p0b043, p0b044, p0b045, p0b046, p0b047,
            p0b048, p0b049, p0b050, p0b051, p0b052, p0b053, p0b054, p0b055, p0b056, p0b057, p0b058, p0b059, p0b060, p0b061, p0b062, p0b063,
            p0b064, p0b065, p0b066, p0b067, p0b068, p0b069, p0b070, p0b071, p0b072, p0b073, p0b074, p0b075, p0b076, p0b077, p0b078, p0b079,
            p0b080, p0b081, p0b082, p0b083, p0b084, p0b085, p0b086, p0b087, p0b088, p0b089, p0b090, p0b091, p0b092, p0b093, p0b094, p0b095,
            p0b096, p0b097, p0b098, p0b099, p0b100, p0b101, p0b102, p0b103, p0b104, p0b105, p0b106, p0b107, p0b108, p0b109, p0b110, p0b111,
            p0b112, p0b113, p0b114, p0b115, p0b116, p0b117, p0b118, p0b119, p0b120, p0b121, p0b122, p0b123, p0b124, p0b125, p0b126, p0b127;

    MpscUnboundedPad0(QueueContract contract) {
        super(contract);
    }
}

/** The producers' claim counter, the one field every offer writes (XADD) and the consumer reads at "empty". */
abstract class MpscUnboundedProducerIndex<E> extends MpscUnboundedPad0<E> {
    static final VarHandle P_INDEX;

    static {
        try {
            P_INDEX = MethodHandles.lookup().findVarHandle(MpscUnboundedProducerIndex.class, "producerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile long producerIndex;

    final long lvProducerIndex() {
        return producerIndex;
    }

    final boolean casProducerIndex(long expect, long update) {
        return P_INDEX.compareAndSet(this, expect, update);
    }

    final long xaddProducerIndex(long delta) {
        return (long) P_INDEX.getAndAdd(this, delta);
    }

    MpscUnboundedProducerIndex(QueueContract contract) {
        super(contract);
    }
}

/** Padding between the claim counter and the chunk hint (see "Producer fields" in the implementation notes). */
abstract class MpscUnboundedPadC<E> extends MpscUnboundedProducerIndex<E> {
    byte pcb000, pcb001, pcb002, pcb003, pcb004, pcb005, pcb006, pcb007, pcb008, pcb009, pcb010, pcb011, pcb012, pcb013, pcb014, pcb015,
            pcb016, pcb017, pcb018, pcb019, pcb020, pcb021, pcb022, pcb023, pcb024, pcb025, pcb026, pcb027, pcb028, pcb029, pcb030, pcb031,
            pcb032, pcb033, pcb034, pcb035, pcb036, pcb037, pcb038, pcb039, pcb040, pcb041, pcb042, pcb043, pcb044, pcb045, pcb046, pcb047,
            pcb048, pcb049, pcb050, pcb051, pcb052, pcb053, pcb054, pcb055, pcb056, pcb057, pcb058, pcb059, pcb060, pcb061, pcb062, pcb063,
            pcb064, pcb065, pcb066, pcb067, pcb068, pcb069, pcb070, pcb071, pcb072, pcb073, pcb074, pcb075, pcb076, pcb077, pcb078, pcb079,
            pcb080, pcb081, pcb082, pcb083, pcb084, pcb085, pcb086, pcb087, pcb088, pcb089, pcb090, pcb091, pcb092, pcb093, pcb094, pcb095,
            pcb096, pcb097, pcb098, pcb099, pcb100, pcb101, pcb102, pcb103, pcb104, pcb105, pcb106, pcb107, pcb108, pcb109, pcb110, pcb111,
            pcb112, pcb113, pcb114, pcb115, pcb116, pcb117, pcb118, pcb119, pcb120, pcb121, pcb122, pcb123, pcb124, pcb125, pcb126, pcb127;

    MpscUnboundedPadC(QueueContract contract) {
        super(contract);
    }
}

/** The chunk hint, read by every offer and written (by CAS) once a chunk, and the spare chunk, once a chunk. */
abstract class MpscUnboundedProducerChunk<E> extends MpscUnboundedPadC<E> {
    static final VarHandle P_CHUNK;
    static final VarHandle SPARE;

    static {
        try {
            P_CHUNK = MethodHandles.lookup().findVarHandle(MpscUnboundedProducerChunk.class, "producerChunk",
                    MpscUnboundedArrayQueue.Chunk.class);
            SPARE = MethodHandles.lookup().findVarHandle(MpscUnboundedProducerChunk.class, "spareChunk",
                    MpscUnboundedArrayQueue.Chunk.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile MpscUnboundedArrayQueue.Chunk producerChunk;
    /** An emptied chunk no producer can still hold, for the next producer that appends one (see "Reuse"). */
    volatile MpscUnboundedArrayQueue.Chunk spareChunk;

    final MpscUnboundedArrayQueue.Chunk lvProducerChunk() {
        return producerChunk;
    }

    final MpscUnboundedArrayQueue.Chunk lvSpareChunk() {
        return spareChunk;
    }

    final boolean casSpareChunk(MpscUnboundedArrayQueue.Chunk expect, MpscUnboundedArrayQueue.Chunk update) {
        return SPARE.compareAndSet(this, expect, update);
    }

    final void soSpareChunk(MpscUnboundedArrayQueue.Chunk value) {
        SPARE.setRelease(this, value);
    }

    final boolean casProducerChunk(MpscUnboundedArrayQueue.Chunk expect, MpscUnboundedArrayQueue.Chunk update) {
        return P_CHUNK.compareAndSet(this, expect, update);
    }

    MpscUnboundedProducerChunk(QueueContract contract) {
        super(contract);
    }
}

/** Padding between producers and the consumer. */
abstract class MpscUnboundedPad1<E> extends MpscUnboundedProducerChunk<E> {
    byte p1b000, p1b001, p1b002, p1b003, p1b004, p1b005, p1b006, p1b007, p1b008, p1b009, p1b010, p1b011, p1b012, p1b013, p1b014, p1b015,
            p1b016, p1b017, p1b018, p1b019, p1b020, p1b021, p1b022, p1b023, p1b024, p1b025, p1b026, p1b027, p1b028, p1b029, p1b030, p1b031,
            p1b032, p1b033, p1b034, p1b035, p1b036, p1b037, p1b038, p1b039, p1b040, p1b041, p1b042, p1b043, p1b044, p1b045, p1b046, p1b047,
            p1b048, p1b049, p1b050, p1b051, p1b052, p1b053, p1b054, p1b055, p1b056, p1b057, p1b058, p1b059, p1b060, p1b061, p1b062, p1b063,
            p1b064, p1b065, p1b066, p1b067, p1b068, p1b069, p1b070, p1b071, p1b072, p1b073, p1b074, p1b075, p1b076, p1b077, p1b078, p1b079,
            p1b080, p1b081, p1b082, p1b083, p1b084, p1b085, p1b086, p1b087, p1b088, p1b089, p1b090, p1b091, p1b092, p1b093, p1b094, p1b095,
            p1b096, p1b097, p1b098, p1b099, p1b100, p1b101, p1b102, p1b103, p1b104, p1b105, p1b106, p1b107, p1b108, p1b109, p1b110, p1b111,
            p1b112, p1b113, p1b114, p1b115, p1b116, p1b117, p1b118, p1b119, p1b120, p1b121, p1b122, p1b123, p1b124, p1b125, p1b126, p1b127;

    MpscUnboundedPad1(QueueContract contract) {
        super(contract);
    }
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
    /** Consumer only: cIndex at its last full fence before "empty" (see fencedIndex in SpscArrayQueue's notes). */
    long fencedIndex = -1;
    MpscUnboundedArrayQueue.Chunk consumerChunk;
    /** Consumer only: the chunk it left last, and the producer index when it left it (see "Reuse"). */
    MpscUnboundedArrayQueue.Chunk retiredChunk;
    long retiredUntil;

    final long lvConsumerIndex() {
        return consumerIndex;
    }

    final long lpConsumerIndex() {
        return (long) C_INDEX.get(this);
    }

    final void soConsumerIndex(long value) {
        C_INDEX.setRelease(this, value);
    }

    MpscUnboundedConsumerFields(QueueContract contract) {
        super(contract);
    }
}

/** Padding after the consumer's fields. */
abstract class MpscUnboundedPad2<E> extends MpscUnboundedConsumerFields<E> {
    byte p2b000, p2b001, p2b002, p2b003, p2b004, p2b005, p2b006, p2b007, p2b008, p2b009, p2b010, p2b011, p2b012, p2b013, p2b014, p2b015,
            p2b016, p2b017, p2b018, p2b019, p2b020, p2b021, p2b022, p2b023, p2b024, p2b025, p2b026, p2b027, p2b028, p2b029, p2b030, p2b031,
            p2b032, p2b033, p2b034, p2b035, p2b036, p2b037, p2b038, p2b039, p2b040, p2b041, p2b042, p2b043, p2b044, p2b045, p2b046, p2b047,
            p2b048, p2b049, p2b050, p2b051, p2b052, p2b053, p2b054, p2b055, p2b056, p2b057, p2b058, p2b059, p2b060, p2b061, p2b062, p2b063,
            p2b064, p2b065, p2b066, p2b067, p2b068, p2b069, p2b070, p2b071, p2b072, p2b073, p2b074, p2b075, p2b076, p2b077, p2b078, p2b079,
            p2b080, p2b081, p2b082, p2b083, p2b084, p2b085, p2b086, p2b087, p2b088, p2b089, p2b090, p2b091, p2b092, p2b093, p2b094, p2b095,
            p2b096, p2b097, p2b098, p2b099, p2b100, p2b101, p2b102, p2b103, p2b104, p2b105, p2b106, p2b107, p2b108, p2b109, p2b110, p2b111,
            p2b112, p2b113, p2b114, p2b115, p2b116, p2b117, p2b118, p2b119, p2b120, p2b121, p2b122, p2b123, p2b124, p2b125, p2b126, p2b127;

    MpscUnboundedPad2(QueueContract contract) {
        super(contract);
    }
}

/**
 * An unbounded multi-producer single-consumer queue of linked chunks: any number of producer threads, one
 * consumer thread at a time. A producer claims its position with one compare-and-set and, when another producer
 * moved the index first, one atomic add: never a retry loop, so producers do not fail and retry under contention.
 * Allocation is one chunk per {@code chunkSize} elements.
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
        private static final VarHandle INDEX;
        private static final VarHandle NEXT;
        private static final VarHandle PREV;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                INDEX = lookup.findVarHandle(Chunk.class, "index", long.class);
                NEXT = lookup.findVarHandle(Chunk.class, "next", Chunk.class);
                PREV = lookup.findVarHandle(Chunk.class, "prev", Chunk.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** The next link of a chunk the consumer has left: see "GC nepotism" in the implementation notes. */
        static final Chunk CONSUMED = new Chunk(-1, 0, null);

        /** The chunk's number; plain, set again when a producer reuses the chunk (see "Reuse"). */
        long index;
        final Object[] slots;
        @SuppressWarnings("unused") // through NEXT
        private volatile Chunk next;
        @SuppressWarnings("unused") // through PREV
        private volatile Chunk prev;

        Chunk(long index, int size, Chunk prev) {
            this.index = index;
            this.slots = new Object[Slots.FRONT_PAD + size + Slots.BACK_PAD]; // see Slots.FRONT_PAD and BACK_PAD
            PREV.set(this, prev);
        }

        /** The number, for a thread that holds no claim in the chunk (an iterator): it may be renumbered meanwhile. */
        long laIndex() {
            return (long) INDEX.getAcquire(this);
        }

        Chunk lvNext() {
            return (Chunk) NEXT.getVolatile(this);
        }

        boolean casNext(Chunk update) {
            return NEXT.compareAndSet(this, (Chunk) null, update);
        }

        void soNext(Chunk value) {
            NEXT.setRelease(this, value);
        }

        /** Producer, on a chunk taken from the spare slot: numbers it and links it after prev, unpublished. */
        void reuse(long newIndex, Chunk newPrev) {
            index = newIndex;
            NEXT.set(this, (Chunk) null);
            PREV.set(this, newPrev);
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
        this(chunkSize, QueueContract.BEST_EFFORT);
    }

    /**
     * @param chunkSize slots per chunk, in [2, 2^30] (rounded up to a power of two)
     * @param contract {@link QueueContract#BEST_EFFORT} (JCTools', as the one-argument constructor) or
     *     {@link QueueContract#STRICT}
     * @throws IllegalArgumentException naming the value when out of range
     * @throws NullPointerException if contract is null
     */
    public MpscUnboundedArrayQueue(int chunkSize, QueueContract contract) {
        super(contract);
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
        long index = lvProducerIndex();
        if (!casProducerIndex(index, index + 1)) {
            index = xaddProducerIndex(1); // another producer moved it: take the next free position, no retry
        }
        Chunk chunk = lvProducerChunk();
        long wanted = index >>> shift;
        if (chunk.index != wanted) {
            chunk = producerChunkFor(chunk, wanted);
        }
        Slots.soElement(chunk.slots, offset(index), e);
        return true;
    }

    /** Array index of position {@code index} in its chunk, after the front pad. */
    private int offset(long index) {
        return Slots.FRONT_PAD + ((int) index & mask);
    }

    private Chunk producerChunkFor(Chunk from, long wanted) {
        Chunk chunk = from;
        while (true) {
            while (chunk.index > wanted) {
                chunk = chunk.lvPrev();
            }
            while (chunk.index < wanted) {
                Chunk next = chunk.lvNext();
                if (next == null) {
                    Chunk created = newChunk(chunk.index + 1, chunk);
                    next = chunk.casNext(created) ? created : chunk.lvNext(); // a loser's chunk is garbage
                }
                if (next == Chunk.CONSUMED) {
                    break; // the hint was stale: the consumer has left this chunk
                }
                Chunk hint = lvProducerChunk();
                if (hint.index < next.index) {
                    casProducerChunk(hint, next); // one try: another producer moving it forward is as good
                }
                chunk = next;
            }
            if (chunk.index == wanted) {
                return chunk;
            }
            chunk = lvProducerChunk(); // past the chunk the consumer left (it moved the hint before cutting next)
        }
    }

    /** Producer: the spare chunk if this producer wins it, else a new one; numbered and linked after prev. */
    private Chunk newChunk(long index, Chunk prev) {
        Chunk spare = lvSpareChunk();
        if (spare != null && casSpareChunk(spare, null)) {
            spare.reuse(index, prev);
            return spare;
        }
        return new Chunk(index, mask + 1, prev);
    }

    @Override
    public int fill(Supplier<E> supplier, int limit) {
        QueueSupport.requireArgument(supplier, "supplier");
        QueueSupport.checkLimit(limit);
        for (int n = 0; n < limit; n++) {
            offer(QueueSupport.requireElement(supplier.get()));
        }
        return limit;
    }

    // The four consumer entry points are take() with its two switches, as in MpscArrayQueue: written out in each
    // class so that take() stays private to its queue (no virtual call, and each JIT profile sees one queue).
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
                if (!waitForClaimed || nothingClaimedAt(index)) {
                    return null;
                }
                while ((next = chunk.lvNext()) == null) {
                    Thread.onSpinWait();
                }
            }
            leave(chunk, next);
            chunk = next;
        }
        int offset = offset(index);
        Object e = Slots.lvElement(chunk.slots, offset);
        if (e == null) {
            if (!waitForClaimed || nothingClaimedAt(index)) {
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

    /**
     * Consumer only: moves from the emptied chunk to the next and cuts the links between them, so that the emptied
     * chunk keeps nothing reachable (see "GC nepotism" in the implementation notes), then retires it for reuse. First
     * the hint is moved to next if it is behind, so that a producer who finds CONSUMED restarts past the emptied
     * chunk. The CAS is retried only
     * while the hint is still behind next: each failure means a producer moved it forward, so it ends within as many
     * tries as there are chunks between them, and is a plain read whenever the producers have moved it already.
     */
    private void leave(Chunk emptied, Chunk next) {
        Chunk hint = lvProducerChunk();
        while (hint.index < next.index && !casProducerChunk(hint, next)) {
            hint = lvProducerChunk(); // a producer moved it, forward
        }
        next.soPrev(null); // no producer needs the emptied chunk any more
        emptied.soNext(Chunk.CONSUMED);
        consumerChunk = next;
        // Every position below next's first is taken: the chunk retired before is free if nothing was claimed
        // beyond that when it was retired (see "Reuse").
        if (retiredChunk != null && retiredUntil <= next.index << shift && lvSpareChunk() == null) {
            soSpareChunk(retiredChunk);
        }
        retiredChunk = emptied;
        retiredUntil = lvProducerIndex();
    }

    /**
     * Consumer only: whether nothing is claimed at index, read after a full fence when STRICT (see "Store buffering"
     * in MpscArrayQueue's notes).
     */
    private boolean nothingClaimedAt(long index) {
        if (strict && index != fencedIndex) { // else best-effort, or nothing stored since the last fence
            fencedIndex = index;
            VarHandle.fullFence();
        }
        return index == lvProducerIndex();
    }

    @Override
    public int size() {
        return QueueSupport.size(this, C_INDEX, P_INDEX, Integer.MAX_VALUE, strict);
    }

    @Override
    public boolean isEmpty() {
        return QueueSupport.isEmpty(this, C_INDEX, P_INDEX, strict);
    }

    @Override
    public int capacity() {
        return UNBOUNDED_CAPACITY;
    }

    /**
     * A weakly consistent iterator, JCTools' for this queue: it returns the elements it finds between the consumer's
     * and the producers' positions at its creation, in their order, with gaps where the consumer takes elements first
     * or a claimed slot is not written yet, and it follows the consumer into later chunks when the consumer leaves the
     * chunk it reads. Safe to create from any thread; {@code remove()} is not supported. See "Iteration" in the notes.
     *
     * @return the iterator
     */
    @Override
    public Iterator<E> iterator() {
        long from = lvConsumerIndex();
        return new ChunkIterator(from, lvProducerIndex());
    }

    /** The weakly consistent walk of positions [from, to): see "Iteration" in the notes. */
    private final class ChunkIterator extends WeakIterator<E> {
        private final long end;
        private long position;
        private Chunk chunk;

        ChunkIterator(long from, long to) {
            position = from;
            end = to;
            start();
        }

        @Override
        E advance() {
            while (position - end < 0) {
                long wanted = position >>> shift;
                Chunk c = chunk;
                if (c == null || c.laIndex() != wanted) {
                    c = chunkFor(c, wanted);
                    if (c == null) {
                        return null; // the chunk is not linked yet: nothing from here on is written
                    }
                    chunk = c;
                    if (c.laIndex() != wanted) {
                        continue; // position moved on (to c's first, or to the consumer's): look again
                    }
                }
                Object e = Slots.lvElement(c.slots, offset(position));
                if (c.laIndex() != wanted) { // renumbered after the consumer left it: e may be a later element
                    chunk = null;
                    position = Math.max(position, lvConsumerIndex());
                    continue;
                }
                position++;
                if (e != null) {
                    @SuppressWarnings("unchecked")
                    E element = (E) e;
                    return element;
                }
            }
            return null;
        }

        /**
         * The chunk numbered wanted, from the chunk read last if it links to it, else found back from the producers'
         * hint; a chunk past wanted (with position moved to its first) when the consumer has left wanted; null when
         * wanted is not linked yet.
         */
        private Chunk chunkFor(Chunk last, long wanted) {
            if (last != null && last.laIndex() == wanted - 1) {
                Chunk following = last.lvNext();
                if (following == null && last.laIndex() == wanted - 1) {
                    return null; // still the last chunk: wanted's positions are claimed, none written
                }
                if (following != null && following != Chunk.CONSUMED && following.laIndex() == wanted) {
                    return following;
                }
            }
            position = Math.max(position, lvConsumerIndex());
            long target = position >>> shift;
            Chunk c = lvProducerChunk();
            long number = c.laIndex();
            while (number > target) {
                Chunk before = c.lvPrev();
                long beforeNumber = before == null ? -1 : before.laIndex();
                if (before == null || beforeNumber >= number) {
                    break; // the consumer's chunk, or links changed under the walk: start from c
                }
                c = before;
                number = beforeNumber;
            }
            if (number > target) {
                position = Math.max(position, number << shift);
                return c;
            }
            while (number < target) {
                Chunk following = c.lvNext();
                if (following == null) {
                    return null;
                }
                long followingNumber = following == Chunk.CONSUMED ? -1 : following.laIndex();
                if (followingNumber != number + 1) {
                    position = Math.max(position, lvConsumerIndex()); // the consumer left c: go on from its position
                    return following == Chunk.CONSUMED ? c : following;
                }
                c = following;
                number = followingNumber;
            }
            return c;
        }
    }
}
