package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Iterator;
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
 * Overflow: a long index overflows after 2^63 operations (centuries), but the queues stay right through it, as
 * JCTools checks for its SpscArrayQueue (QueueSanityTestSpscArrayExtended.shouldWorkAfterWrap): where an index meets
 * another index or a bound, the code compares their difference, never the two values (IndexOverflowTest).
 *
 * Ordering: the CAS on pIndex orders claims; the element store is a release and the consumer's load is
 * volatile, so offer happens-before the poll that returns the element. The consumer clears a slot with a plain
 * store before the release store of cIndex, and producers read cIndex with a volatile load before claiming
 * that slot again, so the clear cannot overwrite a new element; that is also why a ring of one slot (capacity 1) is
 * safe, where the SPSC queues, which publish their index before they clear, need two. The producer limit is a hint written with
 * release stores by several producers: any value written was a true bound when computed and bounds only grow,
 * so a stale one costs a re-read, never an overflow.
 *
 * Store buffering: a consumer's poll stores cIndex and then, polling again, loads a slot and pIndex; a producer's
 * offer stores its slot and then, in size() or when it finds the queue full, loads cIndex. The claim's CAS is a full
 * fence, but the element store after it is not, so each side could miss the other's stores still in a store buffer:
 * a producer's size() could count an element already taken while the consumer found the queue empty with the
 * producer's element in (MpscArraySizeAfterOfferTest), an offer could find the queue full while the consumer's size()
 * after its poll missed the producer's previous element (MpscArrayFullAfterOfferTest), or the consumer's isEmpty()
 * after its poll could say empty while the producer's size() counted 2 (MpscArrayIsEmptyAfterOfferTest); jcstress
 * observes all three without fences. As in SpscArrayQueue, a full fence comes before every load whose answer is
 * "nothing there" or a count: the consumer's pIndex load at a null slot (unless the consumer has stored nothing since
 * its last fence: see fencedIndex in SpscArrayQueue's notes), the producer's second cIndex load before it says full,
 * and size() and isEmpty(). relaxedPoll and relaxedPeek return null at a null slot without the fence (and without
 * waiting for a claimed slot). These fences, and the second cIndex load, are taken only when the queue is built
 * QueueContract.STRICT; the default, BEST_EFFORT, is JCTools' contract (see "Contracts" in SpscArrayQueue's notes):
 * poll() still waits for a claimed head, as JCTools' does, but answers "empty" from its one pIndex load.
 *
 * Offer: offer has a claim loop of its own, and fill and offerIfBelowThreshold share claimAndWrite, which also
 * takes a slack and a supplier whose failure must still fill the claimed slot (try/finally). When offer went through
 * claimAndWrite, a round trip of one message through two of these queues and an echo thread was measurably slower
 * than through JCTools' queue; offer's own loop closed most of that gap (the lab's MpscArray bursts of 1, old and
 * new builds alternated: docs/results/2026-11-29-mpscarray-offer-loop). The slow path, which rereads the consumer
 * index, is shared (refreshLimit).
 *
 * Padding: pads are byte fields, because since JDK 15 the JVM fills holes in a superclass's layout with a
 * subclass's narrow fields (JDK-8237767) and long pads leave such holes; LayoutTest checks the result.
 * The pad and field-holder classes (a VarHandle and its accessors per field) repeat across padded classes on
 * purpose: a class-hierarchy pad must sit in each hierarchy, and Java has no mixins.
 *
 * Source: JCTools' MpscArrayQueue (Nitsan Wakart); release stores as in Nitsan Wakart,
 * "What do Atomic*::lazySet/Atomic*FieldUpdater::lazySet/Unsafe::putOrdered* actually mean?",
 * psy-lob-saw.blogspot.com/2016/12/what-is-lazyset-putordered.html. Written anew on VarHandles.
 */

/** Padding before the cold fields. */
abstract class MpscArrayQueuePad0<E> extends AbstractMessagePassingQueue<E> {
    byte p0b000, p0b001, p0b002, p0b003, p0b004, p0b005, p0b006, p0b007, p0b008, p0b009, p0b010, p0b011, p0b012, p0b013, p0b014, p0b015,
            p0b016, p0b017, p0b018, p0b019, p0b020, p0b021, p0b022, p0b023, p0b024, p0b025, p0b026, p0b027, p0b028, p0b029, p0b030, p0b031,
            p0b032, p0b033, p0b034, p0b035, p0b036, p0b037, p0b038, p0b039, p0b040, p0b041, p0b042, p0b043, p0b044, p0b045, p0b046, p0b047,
            p0b048, p0b049, p0b050, p0b051, p0b052, p0b053, p0b054, p0b055, p0b056, p0b057, p0b058, p0b059, p0b060, p0b061, p0b062, p0b063,
            p0b064, p0b065, p0b066, p0b067, p0b068, p0b069, p0b070, p0b071, p0b072, p0b073, p0b074, p0b075, p0b076, p0b077, p0b078, p0b079,
            p0b080, p0b081, p0b082, p0b083, p0b084, p0b085, p0b086, p0b087, p0b088, p0b089, p0b090, p0b091, p0b092, p0b093, p0b094, p0b095,
            p0b096, p0b097, p0b098, p0b099, p0b100, p0b101, p0b102, p0b103, p0b104, p0b105, p0b106, p0b107, p0b108, p0b109, p0b110, p0b111,
            p0b112, p0b113, p0b114, p0b115, p0b116, p0b117, p0b118, p0b119, p0b120, p0b121, p0b122, p0b123, p0b124, p0b125, p0b126, p0b127;

    MpscArrayQueuePad0(QueueContract contract) {
        super(contract);
    }
}

/** Fields nobody writes after construction. */
abstract class MpscArrayQueueColdFields<E> extends MpscArrayQueuePad0<E> {
    final Object[] buffer;
    final int mask;

    MpscArrayQueueColdFields(int requestedCapacity, QueueContract contract) {
        super(contract);
        int capacity = QueueSupport.roundToPowerOfTwo("capacity", requestedCapacity, 1);
        buffer = new Object[capacity];
        mask = capacity - 1;
    }
}

/** Padding before the producer index. */
abstract class MpscArrayQueuePad1<E> extends MpscArrayQueueColdFields<E> {
    byte p1b000, p1b001, p1b002, p1b003, p1b004, p1b005, p1b006, p1b007, p1b008, p1b009, p1b010, p1b011, p1b012, p1b013, p1b014, p1b015,
            p1b016, p1b017, p1b018, p1b019, p1b020, p1b021, p1b022, p1b023, p1b024, p1b025, p1b026, p1b027, p1b028, p1b029, p1b030, p1b031,
            p1b032, p1b033, p1b034, p1b035, p1b036, p1b037, p1b038, p1b039, p1b040, p1b041, p1b042, p1b043, p1b044, p1b045, p1b046, p1b047,
            p1b048, p1b049, p1b050, p1b051, p1b052, p1b053, p1b054, p1b055, p1b056, p1b057, p1b058, p1b059, p1b060, p1b061, p1b062, p1b063,
            p1b064, p1b065, p1b066, p1b067, p1b068, p1b069, p1b070, p1b071, p1b072, p1b073, p1b074, p1b075, p1b076, p1b077, p1b078, p1b079,
            p1b080, p1b081, p1b082, p1b083, p1b084, p1b085, p1b086, p1b087, p1b088, p1b089, p1b090, p1b091, p1b092, p1b093, p1b094, p1b095,
            p1b096, p1b097, p1b098, p1b099, p1b100, p1b101, p1b102, p1b103, p1b104, p1b105, p1b106, p1b107, p1b108, p1b109, p1b110, p1b111,
            p1b112, p1b113, p1b114, p1b115, p1b116, p1b117, p1b118, p1b119, p1b120, p1b121, p1b122, p1b123, p1b124, p1b125, p1b126, p1b127;

    MpscArrayQueuePad1(int capacity, QueueContract contract) {
        super(capacity, contract);
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

    MpscArrayQueueProducerIndex(int capacity, QueueContract contract) {
        super(capacity, contract);
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
    byte p2b000, p2b001, p2b002, p2b003, p2b004, p2b005, p2b006, p2b007, p2b008, p2b009, p2b010, p2b011, p2b012, p2b013, p2b014, p2b015,
            p2b016, p2b017, p2b018, p2b019, p2b020, p2b021, p2b022, p2b023, p2b024, p2b025, p2b026, p2b027, p2b028, p2b029, p2b030, p2b031,
            p2b032, p2b033, p2b034, p2b035, p2b036, p2b037, p2b038, p2b039, p2b040, p2b041, p2b042, p2b043, p2b044, p2b045, p2b046, p2b047,
            p2b048, p2b049, p2b050, p2b051, p2b052, p2b053, p2b054, p2b055, p2b056, p2b057, p2b058, p2b059, p2b060, p2b061, p2b062, p2b063,
            p2b064, p2b065, p2b066, p2b067, p2b068, p2b069, p2b070, p2b071, p2b072, p2b073, p2b074, p2b075, p2b076, p2b077, p2b078, p2b079,
            p2b080, p2b081, p2b082, p2b083, p2b084, p2b085, p2b086, p2b087, p2b088, p2b089, p2b090, p2b091, p2b092, p2b093, p2b094, p2b095,
            p2b096, p2b097, p2b098, p2b099, p2b100, p2b101, p2b102, p2b103, p2b104, p2b105, p2b106, p2b107, p2b108, p2b109, p2b110, p2b111,
            p2b112, p2b113, p2b114, p2b115, p2b116, p2b117, p2b118, p2b119, p2b120, p2b121, p2b122, p2b123, p2b124, p2b125, p2b126, p2b127;

    MpscArrayQueuePad2(int capacity, QueueContract contract) {
        super(capacity, contract);
    }
}

/** The producers' cached limit, on its own line: producers read it on every offer. */
abstract class MpscArrayQueueProducerLimit<E> extends MpscArrayQueuePad2<E> {
    static final VarHandle P_LIMIT;

    static {
        try {
            P_LIMIT = MethodHandles.lookup().findVarHandle(MpscArrayQueueProducerLimit.class, "producerLimit", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Producers may claim positions below this; a hint, refreshed from consumerIndex. */
    volatile long producerLimit;

    MpscArrayQueueProducerLimit(int capacity, QueueContract contract) {
        super(capacity, contract);
        producerLimit = buffer.length;
    }

    final long lvProducerLimit() {
        return producerLimit;
    }

    final void soProducerLimit(long value) {
        P_LIMIT.setRelease(this, value);
    }
}

/** Padding between the producer limit and the consumer index. */
abstract class MpscArrayQueuePadL<E> extends MpscArrayQueueProducerLimit<E> {
    byte q0b000, q0b001, q0b002, q0b003, q0b004, q0b005, q0b006, q0b007, q0b008, q0b009, q0b010, q0b011, q0b012, q0b013, q0b014, q0b015,
            q0b016, q0b017, q0b018, q0b019, q0b020, q0b021, q0b022, q0b023, q0b024, q0b025, q0b026, q0b027, q0b028, q0b029, q0b030, q0b031,
            q0b032, q0b033, q0b034, q0b035, q0b036, q0b037, q0b038, q0b039, q0b040, q0b041, q0b042, q0b043, q0b044, q0b045, q0b046, q0b047,
            q0b048, q0b049, q0b050, q0b051, q0b052, q0b053, q0b054, q0b055, q0b056, q0b057, q0b058, q0b059, q0b060, q0b061, q0b062, q0b063,
            q0b064, q0b065, q0b066, q0b067, q0b068, q0b069, q0b070, q0b071, q0b072, q0b073, q0b074, q0b075, q0b076, q0b077, q0b078, q0b079,
            q0b080, q0b081, q0b082, q0b083, q0b084, q0b085, q0b086, q0b087, q0b088, q0b089, q0b090, q0b091, q0b092, q0b093, q0b094, q0b095,
            q0b096, q0b097, q0b098, q0b099, q0b100, q0b101, q0b102, q0b103, q0b104, q0b105, q0b106, q0b107, q0b108, q0b109, q0b110, q0b111,
            q0b112, q0b113, q0b114, q0b115, q0b116, q0b117, q0b118, q0b119, q0b120, q0b121, q0b122, q0b123, q0b124, q0b125, q0b126, q0b127;

    MpscArrayQueuePadL(int capacity, QueueContract contract) {
        super(capacity, contract);
    }
}

/** The consumer index. */
abstract class MpscArrayQueueConsumerFields<E> extends MpscArrayQueuePadL<E> {
    static final VarHandle C_INDEX;

    static {
        try {
            C_INDEX = MethodHandles.lookup().findVarHandle(MpscArrayQueueConsumerFields.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Next position the consumer reads; consumer-written only. */
    volatile long consumerIndex;
    /** Consumer only: cIndex at its last full fence before "empty" (see fencedIndex in SpscArrayQueue's notes). */
    long fencedIndex = -1;

    MpscArrayQueueConsumerFields(int capacity, QueueContract contract) {
        super(capacity, contract);
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
abstract class MpscArrayQueuePad3<E> extends MpscArrayQueueConsumerFields<E> {
    byte p3b000, p3b001, p3b002, p3b003, p3b004, p3b005, p3b006, p3b007, p3b008, p3b009, p3b010, p3b011, p3b012, p3b013, p3b014, p3b015,
            p3b016, p3b017, p3b018, p3b019, p3b020, p3b021, p3b022, p3b023, p3b024, p3b025, p3b026, p3b027, p3b028, p3b029, p3b030, p3b031,
            p3b032, p3b033, p3b034, p3b035, p3b036, p3b037, p3b038, p3b039, p3b040, p3b041, p3b042, p3b043, p3b044, p3b045, p3b046, p3b047,
            p3b048, p3b049, p3b050, p3b051, p3b052, p3b053, p3b054, p3b055, p3b056, p3b057, p3b058, p3b059, p3b060, p3b061, p3b062, p3b063,
            p3b064, p3b065, p3b066, p3b067, p3b068, p3b069, p3b070, p3b071, p3b072, p3b073, p3b074, p3b075, p3b076, p3b077, p3b078, p3b079,
            p3b080, p3b081, p3b082, p3b083, p3b084, p3b085, p3b086, p3b087, p3b088, p3b089, p3b090, p3b091, p3b092, p3b093, p3b094, p3b095,
            p3b096, p3b097, p3b098, p3b099, p3b100, p3b101, p3b102, p3b103, p3b104, p3b105, p3b106, p3b107, p3b108, p3b109, p3b110, p3b111,
            p3b112, p3b113, p3b114, p3b115, p3b116, p3b117, p3b118, p3b119, p3b120, p3b121, p3b122, p3b123, p3b124, p3b125, p3b126, p3b127;

    MpscArrayQueuePad3(int capacity, QueueContract contract) {
        super(capacity, contract);
    }
}

/**
 * A bounded multi-producer single-consumer queue on a ring array: any number of producer threads, one consumer
 * thread at a time; producers claim slots with a CAS, no locks, no allocation per element.
 *
 * <p>Capacity: the requested capacity rounded up to a power of two (1 stays 1, as in JCTools' MpscArrayQueue),
 * reported by {@link #capacity()}; requested capacities must be in [1, 2^30]. {@link #poll()} and {@link #peek()} wait for
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
        this(capacity, QueueContract.BEST_EFFORT);
    }

    /**
     * @param capacity at least this many elements (rounded up to a power of two)
     * @param contract {@link QueueContract#BEST_EFFORT} (JCTools', as the one-argument constructor) or
     *     {@link QueueContract#STRICT}
     * @throws IllegalArgumentException if capacity is below 1 or above 2^30
     * @throws NullPointerException if contract is null
     */
    public MpscArrayQueue(int capacity, QueueContract contract) {
        super(capacity, contract);
    }

    @Override
    public boolean offer(E e) {
        QueueSupport.requireElement(e);
        long limit = lvProducerLimit();
        long index;
        do {
            index = lvProducerIndex();
            if (index - limit >= 0) {
                limit = refreshLimit(index, 0);
                if (index - limit >= 0) {
                    return false;
                }
            }
        } while (!casProducerIndex(index, index + 1));
        Slots.soElement(buffer, (int) index & mask, e);
        return true;
    }

    /**
     * Offers only while the queue holds fewer than {@code threshold} elements: a high-water mark below the capacity,
     * which each call may set differently (for example lower for work that can be shed first). JCTools'
     * MpscArrayQueue.offerIfBelowThreshold. The count is judged as offer judges "full": from the consumer's index as
     * the producer reads it, after a full fence under {@link QueueContract#STRICT}.
     *
     * @param e the element, not null
     * @param threshold the size at which offers stop, at least 0; a threshold above the capacity acts as the capacity
     * @return true if added, false if the queue holds threshold elements or more
     * @throws NullPointerException if e is null
     * @throws IllegalArgumentException if threshold is negative
     */
    public boolean offerIfBelowThreshold(E e, int threshold) {
        QueueSupport.requireElement(e);
        if (threshold < 0) {
            throw new IllegalArgumentException("threshold must be at least 0: " + threshold);
        }
        return claimAndWrite(e, null, buffer.length - Math.min(threshold, buffer.length));
    }

    /**
     * Claims a position and writes the supplier's element there (SKIP if the supplier throws or returns null, and
     * the failure propagates): fill's and offerIfBelowThreshold's claim. offer has its own copy of the claim loop,
     * without the supplier's path (see "Offer" in the notes). Positions are compared by their difference, so that
     * the queue stays right when the long indices overflow.
     *
     * @param element the element, or null to ask the supplier once the position is claimed
     * @param slack slots to leave free: 0 for fill, capacity - threshold for offerIfBelowThreshold
     * @return false, with nothing claimed, if the queue is full (holds capacity - slack elements or more)
     */
    private boolean claimAndWrite(E element, Supplier<E> supplier, long slack) {
        long limit = lvProducerLimit();
        long index;
        do {
            index = lvProducerIndex();
            if (index - (limit - slack) >= 0) {
                limit = refreshLimit(index, slack);
                if (index - (limit - slack) >= 0) {
                    return false;
                }
            }
        } while (!casProducerIndex(index, index + 1));
        int offset = (int) index & mask;
        if (element != null) {
            Slots.soElement(buffer, offset, element);
            return true;
        }
        Object e = SKIP;
        try {
            e = QueueSupport.requireElement(supplier.get());
        } finally {
            Slots.soElement(buffer, offset, e);
        }
        return true;
    }

    /**
     * A producer that reached its cached limit: reads the consumer's index again (after a full fence too when
     * STRICT, before answering "full") and, if that leaves room for index, publishes the new limit.
     *
     * @return the limit read: index is below {@code limit - slack} if there is room
     */
    private long refreshLimit(long index, long slack) {
        long capacity = buffer.length;
        long limit = lvConsumerIndex() + capacity;
        if (strict && index - (limit - slack) >= 0) {
            VarHandle.fullFence(); // before "full": see "Store buffering" in the notes
            limit = lvConsumerIndex() + capacity;
        }
        if (index - (limit - slack) < 0) {
            soProducerLimit(limit);
        }
        return limit;
    }

    /**
     * Any producer: claims a slot, then asks the supplier for its element. If the supplier throws or returns
     * null, the claimed slot is marked skipped and the failure propagates: the consumer steps over the mark,
     * but until it has, the mark counts in size() and isEmpty() is false (the one exception to the rule that
     * !isEmpty() means the consumer's next poll returns an element).
     */
    @Override
    public int fill(Supplier<E> supplier, int limit) {
        QueueSupport.requireArgument(supplier, "supplier");
        QueueSupport.checkLimit(limit);
        for (int n = 0; n < limit; n++) {
            if (!claimAndWrite(null, supplier, 0)) {
                return n;
            }
        }
        return limit;
    }

    // The four consumer entry points are take() with its two switches, as in MpscUnboundedArrayQueue: written out in each
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
                if (!waitForClaimed || nothingClaimedAt(index)) {
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

    /** Consumer only: whether nothing is claimed at index, read after a full fence when STRICT (see "Store buffering"). */
    private boolean nothingClaimedAt(long index) {
        if (strict && index != fencedIndex) { // else best-effort, or nothing stored since the last fence
            fencedIndex = index;
            VarHandle.fullFence();
        }
        return index == lvProducerIndex();
    }

    @Override
    public int size() {
        return QueueSupport.size(this, C_INDEX, P_INDEX, buffer.length, strict);
    }

    @Override
    public boolean isEmpty() {
        return QueueSupport.isEmpty(this, C_INDEX, P_INDEX, strict);
    }

    @Override
    public int capacity() {
        return buffer.length;
    }

    /**
     * A weakly consistent iterator, JCTools' for its array queues: it returns the elements it finds between the
     * consumer's and the producer's positions at its creation, in their order, with gaps where the consumer takes
     * elements first or a claimed slot is not written yet; where the ring has wrapped it may return a newer element.
     * Safe to create from any thread; {@code remove()} is not supported.
     *
     * @return the iterator
     */
    @Override
    public Iterator<E> iterator() {
        long from = lvConsumerIndex();
        return new RingIterator<>(buffer, mask, from, lvProducerIndex(), SKIP);
    }
}
