package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Iterator;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * Algorithm: a ring of power-of-two size. The producer writes the element into slot (pIndex & mask) with an
 * ordered (release) store, then publishes pIndex + 1 with an ordered store. The consumer reads the slot of cIndex:
 * null is empty; an element is taken: it publishes cIndex + 1, then clears the slot (ordered stores). A cleared slot
 * is the consumer's signal to the producer that the slot is free, so neither side reads the other's index on its
 * hot path, and a consumer polling an empty queue reads only its own slot. Look-ahead: when the producer reaches its
 * cached limit it checks the slot lookAheadStep ahead; if that one is free, every slot up to it is (the consumer
 * frees in order), so the next lookAheadStep offers need no check at all. Otherwise it checks only the slot it
 * needs.
 *
 * Linearization (QueueContract.STRICT; see "Contracts"): a poll that takes an element takes effect at its cIndex store
 * (until then the element stays in its slot, the head); a poll or peek that finds null, at its second slot load, after
 * a full fence (see "Store buffering");
 * size() and isEmpty() after theirs; a refused offer at its cIndex load after its fence. An offer takes effect at its
 * index store, or earlier, when an operation observes its element at the head before that: the consumer may take an
 * element whose index is not yet published. size() and isEmpty() may run on any thread, so they look where the consumer
 * looks: isEmpty() reads cIndex, the slot of cIndex, and cIndex again (retrying if the consumer moved) and is empty iff
 * that slot is null; size() reads cIndex and pIndex (retrying if the consumer moved) and counts the published elements,
 * or, when none is, whether the head's slot holds one. An unpublished element beyond published ones is not counted, and
 * cannot have been observed: only the consumer reads past the head, and it has not moved. So size(), isEmpty(), peek()
 * and poll() agree, which the Lincheck test checks. The slot of cIndex holds position cIndex or nothing while cIndex
 * has not moved, because the consumer clears a slot before it publishes the index after the next one (capacity is at
 * least 2) and the producer writes a slot only once it is cleared.
 *
 * Why the element is stored before the index: with the index first, the index store would be the linearization
 * point, so a consumer finding a null slot would have to read pIndex to tell "empty" from "offer in flight", and a
 * consumer spinning on an empty queue would take the producer's line away from it at every offer, which makes
 * one-message round trips measurably slower. With this order a consumer at an empty queue reads only its own slot.
 *
 * What is left against JCTools' Unsafe class is the VarHandle's checks: offer loads the array's length and class word
 * from the array's header and checks the index and the array's type (two loads, two compare-and-branch pairs); poll
 * loads the length and checks the index for the load and again for the clear. Unsafe checks nothing. Taking the mask
 * from the array's length (i & (length - 1)) cannot drop the header load, since the mask then comes from the length,
 * and for the linked kinds it means moving the link into the ring, so the mask stays a field. Unlike the linked kinds'
 * buffers, this ring has no front and back pads: with them, neither bursts nor throughput (messages passed) were
 * shown faster, in paired rounds against this layout (docs/results/2026-11-27-spscarray-pads), and a ring of 128K
 * slots writes its first slots, the ones beside the header, once per lap. Until C2 has compiled and inlined
 * them, VarHandle accesses cost more than Unsafe calls, so a fork's first few hundred milliseconds are slower than
 * JCTools' (the lab's quick rounds warm up for 400 ms). Once compiled, the checks are a few L1 hits on a line
 * neither thread writes, small beside the cache-line transfers of a hand-off: in the lab's burstInterleaved rows
 * (docs/results/2026-11-27-queues-interleaved-every-bursts), which measure every side in one JVM because where the
 * two threads run sets a round trip's time several-fold and changes between JVMs, this class's round trips of 1,
 * 10 and 100 messages are not told apart from JCTools' Unsafe class.
 *
 * Store buffering: the argument above holds in a sequentially consistent execution, and release stores with volatile
 * loads do not give one. Each thread stores (an offer: slot and pIndex; a poll: cIndex and the clear) and then loads
 * what the other stores, and x86 (like ARM) lets a load pass its own thread's earlier store still in the store buffer:
 * Dekker's pattern. Without fences the producer's size() after its offer could count an element the consumer had
 * already taken while the consumer, polling again, found the queue empty though the offer was in; or an offer could
 * find the queue full while the consumer's size() after its poll missed that offer's element; or the consumer's
 * isEmpty() after its poll could say empty while the producer's size() counted 2. No order of the operations gives
 * any of them, and jcstress's SpscArraySizeAfterOfferTest, SpscArrayFullAfterOfferTest and
 * SpscArrayIsEmptyAfterOfferTest observe them without the fences (the Lincheck test cannot: its model checker runs
 * sequentially consistent interleavings). So a full fence comes before every load whose answer is "nothing there" or
 * a count: a poll or peek that found null looks once more after one, a full offer reads cIndex after one, size() and
 * isEmpty() start with one. Between two fenced loads on the two threads, one fence comes first and the other thread's
 * load sees the stores before it. The hot paths take none: an offer with room and a poll that finds an element read
 * what the other thread wrote, and a stale read there only sends them to the fenced path. relaxedPoll() and
 * relaxedPeek() skip the fence, as the interface allows.
 *
 * Contracts: every full fence above is taken only when the queue is built QueueContract.STRICT (the final field
 * strict, on a line nobody writes after construction). The default, BEST_EFFORT, is JCTools' contract and takes none
 * (release stores stay): poll() is then
 * relaxedPoll(), size() and isEmpty() are snapshots that may miss the other thread's stores still in its store
 * buffer, and an offer may answer "full" from a cIndex it read stale. Each answer is still one the queue had at
 * its loads in some order, so nothing is lost, duplicated or reordered, and the jcstress tests check that on
 * both contracts. Why STRICT is not the default: its fence is paid at the first empty answer after each store, which
 * is where a consumer keeps catching up with its producer; the lab's "contend-strict vs contend" rows are that price,
 * and QueueContract says what the reference runs show.
 *
 * One fence per store, not per empty answer: the consumer remembers cIndex at its last fence (fencedIndex); while
 * cIndex has not moved it has stored nothing since, so an empty answer needs no new fence, and a consumer spinning on
 * an empty queue fences once. A fence at every empty answer would cost throughput where the consumer keeps catching
 * up with the producer, because each fence first waits for the consumer's last clear to reach a line the producer is
 * writing. (Fencing also spaces out a spinning consumer's reads of the producer's line, which shortens one-message
 * round trips; one fence per store keeps part of that.)
 *
 * Fill: fill(supplier, limit) writes runs of offer's fast path, each as long as the look-ahead limit and the request
 * allow, and at the limit calls offer's hasRoom, which looks ahead on slots and reads cIndex only where the one slot it
 * needs still holds an element (after a full fence, when STRICT): then the queue is full and fill returns (its short
 * count is a "full" answer, so it takes offer's fence), or the consumer's clear of that slot is in flight and the
 * producer waits.
 * So fill reads no index while the slots show room: here the slots are the producer's cache, as in JCTools'
 * SpscArrayQueue.fill, which writes runs of lookAheadStep. A clear in flight is found where the producer fills at the
 * consumer's heels, and then each reading shows room for the one element whose clear it waits for, so a cached cIndex
 * + capacity (which the linked kinds' final ring keeps) would seldom spare a later reading: counted in QueueFillTest's
 * contended fill on a ring of 16, it would have spared 7 of 36,483; there is none here. Each element gets offer's
 * element store and then its own index store, not one per run: the consumer may take an element before its index is
 * published, and size() is exact only while it is at most one position ahead (see "Linearization"). The supplier is
 * asked only once hasRoom or the limit has said the element fits, so an element taken from it is always stored; the
 * run keeps pIndex in a local, so the supplier must not add to this queue itself.
 *
 * Invariants: pIndex - cIndex <= capacity; pIndex >= cIndex - 1 (the consumer may take the element whose index the
 * producer is about to publish). A slot is written by the producer only while null, and cleared by the consumer only
 * after it published the next cIndex, so the producer finds at most one slot of a taken element not yet clear: the one
 * it waits for when the queue looks full.
 *
 * Overflow: a long index overflows after 2^63 operations (centuries), but the queues stay right through it, as
 * JCTools checks for its SpscArrayQueue (QueueSanityTestSpscArrayExtended.shouldWorkAfterWrap): where an index meets
 * another index or a bound, the code compares their difference, never the two values (IndexOverflowTest). The
 * fast path compares the index with the producer's own look-ahead limit directly, as JCTools does: near the
 * overflow that can only send offers to the cold path.
 *
 * Ordering: the element store is a release and the consumer's slot load is volatile, so everything the
 * producer did before offer happens-before the poll that returns the element. The slot clear is a release
 * store and the producer's slot check is a volatile load, so the consumer is done with a slot before the
 * producer reuses it. Indices are single-writer: plain reads by their owner, release stores, volatile loads by
 * others. Padding: producer fields, consumer fields and the cold fields sit in separate 128-byte regions of
 * the class hierarchy, so the two threads never share a line. The pads are
 * byte fields, because since JDK 15 the JVM fills holes in a superclass's layout with a subclass's
 * narrow fields (JDK-8237767) and long pads leave such holes; LayoutTest checks the result.
 * The pad and field-holder classes (a VarHandle and its accessors per field) repeat across padded classes on
 * purpose: a class-hierarchy pad must sit in each hierarchy, and Java has no mixins.
 *
 * Source: JCTools' SpscArrayQueue (Nitsan Wakart) and Martin Thompson's FastFlow-style look-ahead; release
 * stores as in Nitsan Wakart,
 * "What do Atomic*::lazySet/Atomic*FieldUpdater::lazySet/Unsafe::putOrdered* actually mean?",
 * psy-lob-saw.blogspot.com/2016/12/what-is-lazyset-putordered.html; fill after JCTools' SpscArrayQueue.fill.
 * Written anew on VarHandles.
 */

/** Padding before the cold fields. */
abstract class SpscArrayQueuePad0<E> extends AbstractMessagePassingQueue<E> {
    byte p0b000, p0b001, p0b002, p0b003, p0b004, p0b005, p0b006, p0b007, p0b008, p0b009, p0b010, p0b011, p0b012, p0b013, p0b014, p0b015,
            p0b016, p0b017, p0b018, p0b019, p0b020, p0b021, p0b022, p0b023, p0b024, p0b025, p0b026, p0b027, p0b028, p0b029, p0b030, p0b031,
            p0b032, p0b033, p0b034, p0b035, p0b036, p0b037, p0b038, p0b039, p0b040, p0b041, p0b042, p0b043, p0b044, p0b045, p0b046, p0b047,
            p0b048, p0b049, p0b050, p0b051, p0b052, p0b053, p0b054, p0b055, p0b056, p0b057, p0b058, p0b059, p0b060, p0b061, p0b062, p0b063,
            p0b064, p0b065, p0b066, p0b067, p0b068, p0b069, p0b070, p0b071, p0b072, p0b073, p0b074, p0b075, p0b076, p0b077, p0b078, p0b079,
            p0b080, p0b081, p0b082, p0b083, p0b084, p0b085, p0b086, p0b087, p0b088, p0b089, p0b090, p0b091, p0b092, p0b093, p0b094, p0b095,
            p0b096, p0b097, p0b098, p0b099, p0b100, p0b101, p0b102, p0b103, p0b104, p0b105, p0b106, p0b107, p0b108, p0b109, p0b110, p0b111,
            p0b112, p0b113, p0b114, p0b115, p0b116, p0b117, p0b118, p0b119, p0b120, p0b121, p0b122, p0b123, p0b124, p0b125, p0b126, p0b127;

    SpscArrayQueuePad0(QueueContract contract) {
        super(contract);
    }
}

/** Fields both threads read and nobody writes. */
abstract class SpscArrayQueueColdFields<E> extends SpscArrayQueuePad0<E> {
    final Object[] buffer;
    final int mask;
    final int lookAheadStep;

    SpscArrayQueueColdFields(int requestedCapacity, QueueContract contract) {
        super(contract);
        // At least 2: the slot of cIndex must not be the slot of the element before it (see "Linearization").
        int capacity = Math.max(2, QueueSupport.roundToPowerOfTwo("capacity", requestedCapacity, 1));
        buffer = new Object[capacity];
        mask = capacity - 1;
        lookAheadStep = QueueSupport.lookAheadStep(capacity);
    }
}

/** Padding between the cold fields and the producer's. */
abstract class SpscArrayQueuePad1<E> extends SpscArrayQueueColdFields<E> {
    byte p1b000, p1b001, p1b002, p1b003, p1b004, p1b005, p1b006, p1b007, p1b008, p1b009, p1b010, p1b011, p1b012, p1b013, p1b014, p1b015,
            p1b016, p1b017, p1b018, p1b019, p1b020, p1b021, p1b022, p1b023, p1b024, p1b025, p1b026, p1b027, p1b028, p1b029, p1b030, p1b031,
            p1b032, p1b033, p1b034, p1b035, p1b036, p1b037, p1b038, p1b039, p1b040, p1b041, p1b042, p1b043, p1b044, p1b045, p1b046, p1b047,
            p1b048, p1b049, p1b050, p1b051, p1b052, p1b053, p1b054, p1b055, p1b056, p1b057, p1b058, p1b059, p1b060, p1b061, p1b062, p1b063,
            p1b064, p1b065, p1b066, p1b067, p1b068, p1b069, p1b070, p1b071, p1b072, p1b073, p1b074, p1b075, p1b076, p1b077, p1b078, p1b079,
            p1b080, p1b081, p1b082, p1b083, p1b084, p1b085, p1b086, p1b087, p1b088, p1b089, p1b090, p1b091, p1b092, p1b093, p1b094, p1b095,
            p1b096, p1b097, p1b098, p1b099, p1b100, p1b101, p1b102, p1b103, p1b104, p1b105, p1b106, p1b107, p1b108, p1b109, p1b110, p1b111,
            p1b112, p1b113, p1b114, p1b115, p1b116, p1b117, p1b118, p1b119, p1b120, p1b121, p1b122, p1b123, p1b124, p1b125, p1b126, p1b127;

    SpscArrayQueuePad1(int capacity, QueueContract contract) {
        super(capacity, contract);
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

    SpscArrayQueueProducerFields(int capacity, QueueContract contract) {
        super(capacity, contract);
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
    byte p2b000, p2b001, p2b002, p2b003, p2b004, p2b005, p2b006, p2b007, p2b008, p2b009, p2b010, p2b011, p2b012, p2b013, p2b014, p2b015,
            p2b016, p2b017, p2b018, p2b019, p2b020, p2b021, p2b022, p2b023, p2b024, p2b025, p2b026, p2b027, p2b028, p2b029, p2b030, p2b031,
            p2b032, p2b033, p2b034, p2b035, p2b036, p2b037, p2b038, p2b039, p2b040, p2b041, p2b042, p2b043, p2b044, p2b045, p2b046, p2b047,
            p2b048, p2b049, p2b050, p2b051, p2b052, p2b053, p2b054, p2b055, p2b056, p2b057, p2b058, p2b059, p2b060, p2b061, p2b062, p2b063,
            p2b064, p2b065, p2b066, p2b067, p2b068, p2b069, p2b070, p2b071, p2b072, p2b073, p2b074, p2b075, p2b076, p2b077, p2b078, p2b079,
            p2b080, p2b081, p2b082, p2b083, p2b084, p2b085, p2b086, p2b087, p2b088, p2b089, p2b090, p2b091, p2b092, p2b093, p2b094, p2b095,
            p2b096, p2b097, p2b098, p2b099, p2b100, p2b101, p2b102, p2b103, p2b104, p2b105, p2b106, p2b107, p2b108, p2b109, p2b110, p2b111,
            p2b112, p2b113, p2b114, p2b115, p2b116, p2b117, p2b118, p2b119, p2b120, p2b121, p2b122, p2b123, p2b124, p2b125, p2b126, p2b127;

    SpscArrayQueuePad2(int capacity, QueueContract contract) {
        super(capacity, contract);
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
    /**
     * Consumer only: cIndex at the consumer's last full fence before "empty". While cIndex still equals it the
     * consumer has stored nothing since (every store of a poll moves cIndex), so an empty answer needs no new fence.
     */
    long fencedIndex = -1;

    SpscArrayQueueConsumerFields(int capacity, QueueContract contract) {
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
abstract class SpscArrayQueuePad3<E> extends SpscArrayQueueConsumerFields<E> {
    byte p3b000, p3b001, p3b002, p3b003, p3b004, p3b005, p3b006, p3b007, p3b008, p3b009, p3b010, p3b011, p3b012, p3b013, p3b014, p3b015,
            p3b016, p3b017, p3b018, p3b019, p3b020, p3b021, p3b022, p3b023, p3b024, p3b025, p3b026, p3b027, p3b028, p3b029, p3b030, p3b031,
            p3b032, p3b033, p3b034, p3b035, p3b036, p3b037, p3b038, p3b039, p3b040, p3b041, p3b042, p3b043, p3b044, p3b045, p3b046, p3b047,
            p3b048, p3b049, p3b050, p3b051, p3b052, p3b053, p3b054, p3b055, p3b056, p3b057, p3b058, p3b059, p3b060, p3b061, p3b062, p3b063,
            p3b064, p3b065, p3b066, p3b067, p3b068, p3b069, p3b070, p3b071, p3b072, p3b073, p3b074, p3b075, p3b076, p3b077, p3b078, p3b079,
            p3b080, p3b081, p3b082, p3b083, p3b084, p3b085, p3b086, p3b087, p3b088, p3b089, p3b090, p3b091, p3b092, p3b093, p3b094, p3b095,
            p3b096, p3b097, p3b098, p3b099, p3b100, p3b101, p3b102, p3b103, p3b104, p3b105, p3b106, p3b107, p3b108, p3b109, p3b110, p3b111,
            p3b112, p3b113, p3b114, p3b115, p3b116, p3b117, p3b118, p3b119, p3b120, p3b121, p3b122, p3b123, p3b124, p3b125, p3b126, p3b127;

    SpscArrayQueuePad3(int capacity, QueueContract contract) {
        super(capacity, contract);
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
        this(capacity, QueueContract.BEST_EFFORT);
    }

    /**
     * @param capacity at least this many elements (rounded up to a power of two)
     * @param contract {@link QueueContract#BEST_EFFORT} (JCTools', as the one-argument constructor) or
     *     {@link QueueContract#STRICT}
     * @throws IllegalArgumentException if capacity is below 1 or above 2^30
     * @throws NullPointerException if contract is null
     */
    public SpscArrayQueue(int capacity, QueueContract contract) {
        super(capacity, contract);
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
        Slots.soElement(buffer, (int) index & mask, e);
        soProducerIndex(index + 1);
        return true;
    }

    /**
     * Producer only: looks ahead for a run of free slots, else checks the one slot it needs. That slot may still
     * hold an element the consumer has taken (it publishes cIndex before it clears the slot): then the clear is in
     * flight and the producer waits for it rather than report a queue full that is not.
     */
    private boolean hasRoom(Object[] buffer, int mask, long index) {
        long ahead = index + lookAheadStep;
        if (Slots.lvElement(buffer, (int) ahead & mask) == null) {
            producerLimit = ahead;
            return true;
        }
        int offset = (int) index & mask;
        if (Slots.lvElement(buffer, offset) == null) {
            return true;
        }
        if (strict) {
            VarHandle.fullFence(); // before "full": see "Store buffering" in the notes
        }
        if (index - buffer.length - lvConsumerIndex() < 0) {
            Slots.waitUntilCleared(buffer, offset);
            return true;
        }
        return false;
    }

    /**
     * Producer only: runs of offer's fast path against the producer's look-ahead limit, each element with offer's two
     * release stores; at the limit, offer's hasRoom (see "Fill" in the notes). The supplier is asked only for an
     * element that will be stored, and must not add to this queue itself.
     */
    @Override
    public int fill(Supplier<E> supplier, int limit) {
        QueueSupport.requireArgument(supplier, "supplier");
        QueueSupport.checkLimit(limit);
        Object[] buffer = this.buffer;
        int mask = this.mask;
        long index = lpProducerIndex();
        int n = 0;
        while (n < limit) {
            long known; // positions from index on known free
            if (index < producerLimit) { // offer's fast-path test (see "Overflow")
                known = producerLimit - index;
            } else if (hasRoom(buffer, mask, index)) {
                known = index < producerLimit ? producerLimit - index : 1; // a look-ahead run, or this slot only
            } else {
                break; // full, judged as offer judges it
            }
            int run = (int) Math.min(known, limit - n);
            for (int i = 0; i < run; i++, index++) {
                Slots.soElement(buffer, (int) index & mask, QueueSupport.requireElement(supplier.get()));
                soProducerIndex(index + 1);
            }
            n += run;
        }
        return n;
    }

    /**
     * Consumer only: the head, removed; null when the head's slot is empty (under {@link QueueContract#STRICT}, after
     * a full fence: then the queue is, for every thread).
     */
    @Override
    public E poll() {
        return take(true, true);
    }

    /**
     * Consumer only: as {@link #poll()} without a full fence before "empty" under either contract, so it may return
     * null while an element offered before (by happens-before through the queue alone) is already in. Under the
     * default contract it is {@link #poll()}.
     */
    @Override
    public E relaxedPoll() {
        return take(true, false);
    }

    @Override
    public E peek() {
        return take(false, true);
    }

    /** As {@link #peek()} without the full fence before "empty" (see {@link #relaxedPoll()}). */
    @Override
    public E relaxedPeek() {
        return take(false, false);
    }

    /**
     * Consumer only: the head, removed if asked; null when the head's slot is empty (after a full fence, if asked, the
     * queue is STRICT and the consumer stored anything since its last: see "Store buffering").
     */
    private E take(boolean remove, boolean fenceIfStrict) {
        Object[] buffer = this.buffer;
        long index = lpConsumerIndex();
        int offset = (int) index & mask;
        E e = Slots.lvElement(buffer, offset);
        if (e == null) {
            if (!fenceIfStrict || !strict || index == fencedIndex) { // strict is read here only, at "empty"
                return null;
            }
            fencedIndex = index;
            if ((e = Slots.lvElementAfterFullFence(buffer, offset)) == null) {
                return null;
            }
        }
        if (remove) {
            // The index before the clear: size() and isEmpty() rely on it, and bursts are faster so than in JCTools'
            // order (docs/results/2026-11-27-spscarray-clear-first).
            soConsumerIndex(index + 1);
            Slots.soNull(buffer, offset);
        }
        return e;
    }

    /**
     * Published elements, or at an empty published range whether the head's slot already holds an offer whose index
     * is not yet published: see the implementation notes for why that is exact.
     */
    @Override
    public int size() {
        if (strict) {
            VarHandle.fullFence(); // the caller's own offers and polls come first: see "Store buffering" in the notes
        }
        for (;;) {
            long consumer = lvConsumerIndex();
            long published = lvProducerIndex() - consumer; // a difference: right when the indices overflow
            int size;
            if (published > 0) {
                size = (int) published;
            } else {
                size = published == 0 && Slots.lvElement(buffer, (int) consumer & mask) != null ? 1 : 0;
            }
            if (consumer == lvConsumerIndex()) {
                return size;
            }
        }
    }

    @Override
    public boolean isEmpty() {
        Object[] buffer = this.buffer;
        if (strict) {
            VarHandle.fullFence(); // the caller's own offers and polls come first: see "Store buffering" in the notes
        }
        for (;;) {
            long consumer = lvConsumerIndex();
            Object head = Slots.lvElement(buffer, (int) consumer & mask);
            if (consumer == lvConsumerIndex()) {
                return head == null;
            }
        }
    }

    @Override
    public int capacity() {
        return buffer.length;
    }

    /**
     * A weakly consistent iterator, JCTools' for its array queues: it returns the elements it finds between the
     * consumer's and the producer's positions at its creation, in their order, with gaps where the consumer takes
     * elements first; it may return an element the consumer has just taken, or a newer one where the ring has wrapped.
     * Safe to create from any thread; {@code remove()} is not supported.
     *
     * @return the iterator
     */
    @Override
    public Iterator<E> iterator() {
        long from = lvConsumerIndex();
        return new RingIterator<>(buffer, mask, from, lvProducerIndex(), null);
    }
}
