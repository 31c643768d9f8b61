package io.contend.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * Algorithm: positions (long indices) are global; each buffer is a front pad of 16 unused slots (see "Front pad"),
 * a power-of-two ring of `cap` slots, one extra slot that holds the link to the next buffer, and a back pad of
 * Slots.BACK_PAD unused slots (see "Back pad").
 * Position i lives in ring slot (i & mask) of the buffer current when it was written. The producer writes
 * positions below its limit with an ordered element store, then an ordered index store, as SpscArrayQueue does.
 * At the limit (the cold path) it decides:
 *   - bounded and pIndex - cIndex >= maxCapacity: full (cIndex + maxCapacity is cached and read again only when
 *     pIndex reaches it, as JCTools' chunked queue does, because the consumer writes cIndex's line at every poll
 *     and reading it at every cold path is measurably slower);
 *   - final buffer (bounded, buffer as large as the bound) while the consumer is still in an older buffer: every
 *     position below cIndex + maxCapacity has a free slot in it but possibly the one the consumer is still clearing,
 *     which the producer waits for; the limit becomes cIndex + maxCapacity - 1;
 *   - final buffer once the producer has read a cIndex at or past the buffer's first position (finalBufferStart):
 *     every element is in this one ring, so it works as SpscArrayQueue does, with look-ahead on slots, and cIndex
 *     read only where a slot is still taken and the cached cIndex + maxCapacity does not show that its element is
 *     gone (offerInFinalRing; JCTools' growable queue makes the same switch);
 *   - the slot lookAheadStep ahead is free: all slots up to it are; the limit moves there;
 *   - the next slot is free: write this one only (keeping a free slot for a JUMP);
 *   - otherwise link a new buffer (same size, or twice the size for the growable queue, up to the bound): store
 *     the element in the new buffer, the link in the old buffer's last slot, then JUMP in the old buffer's slot
 *     for this position, then publish pIndex + 1. (A slot not yet cleared by the consumer counts as taken here,
 *     which at worst links a buffer early.)
 * The consumer reads the slot of cIndex in its buffer: null is empty, JUMP means "follow the link": it moves to
 * the next buffer (unlinking it from the old one, which becomes garbage; the JUMP stays) and takes the element from
 * the same position there. Taking an element publishes cIndex + 1, then clears the slot.
 *
 * Linearization, and why size() and isEmpty() agree with poll() and peek() from any thread (QueueContract.STRICT;
 * see "Contracts" in SpscArrayQueue's notes): as in SpscArrayQueue, with
 * the head's slot read in the buffer the consumer reads (published with a release store when it moves, so a thread that
 * sees the new buffer sees its elements). An old buffer's JUMP is never cleared, so a thread still reading the old
 * buffer finds the head's slot taken (JUMP) whenever the consumer has not yet passed it. A link offer becomes visible
 * at its JUMP store. The full fences of SpscArrayQueue's "Store buffering" are here too, for STRICT queues (a poll or peek that finds null
 * looks again after one, unless it has stored nothing since its last; a bounded offer reads cIndex again after one
 * before it says full; size() and isEmpty() start with one): without them jcstress's SizeAfterOffer and
 * IsEmptyAfterOffer tests of the three linked kinds, and the FullAfterOffer tests of the bounded ones, observe the
 * outcomes no order of the operations gives.
 *
 * Element before index, as in SpscArrayQueue, so that a consumer at an empty slot never reads pIndex, the producer's
 * line. The chunk-crossing path and chunk allocation cost about what JCTools' do; what is left against JCTools'
 * Unsafe class is the VarHandle's range and type checks (see SpscArrayQueue). SpscUnbounded at chunk 16 under two
 * threads is bistable, for JCTools too: with a backlog the consumer reads buffers the producer left long ago and both
 * run fast; near empty, both threads work in the same two lines of one 16-slot buffer and run several times slower.
 * The state switches within a run, so a throughput at chunk 16 is mostly the share of time spent in each. Always
 * linking a fresh chunk instead of wrapping within a small one, or JCTools' look-ahead limit (one less), does not
 * change that, so neither is done.
 *
 * Final ring: once the consumer is in the final buffer, the growable queue's producer looks ahead on slots as
 * SpscArrayQueue's does (offerInFinalRing; JCTools' growable queue makes the same switch). The cIndex-bound path it
 * leaves reads the consumer's index, a line the consumer writes at every poll, each time the producer reaches its
 * cached limit (every few offers near full), and under STRICT fences whenever that read finds the consumer not yet
 * moved.
 *
 * Fill: fill(supplier, limit) repeats offer's fast path in runs, each as long as the producer's cached limit
 * (producerLimit: positions known free and within the bound) and the request allow, and sends one element through
 * offer's cold path (offerColdPath, with the supplier in place of the element) whenever a run reaches that limit, so it
 * decides as offer decides, from the same caches. Asking pIndex - cIndex < maxCapacity before every element would read
 * the line the consumer writes at every poll once per element; instead the consumer's index is read only where the
 * cached cIndex + maxCapacity (producerQueueLimit) says the next element does not fit: once per batch, a batch being
 * what one reading lets the producer write, since after a reading that gives cIndex c the next one comes at a position
 * at or past c + maxCapacity. When the reading says "full" and the queue is STRICT, cIndex is read once more after a
 * full fence before fill returns, as offer does before "full" (see "Store buffering" in SpscArrayQueue's notes):
 * fill's short count is such an answer. In the final ring, where slots decide and a slot still holding position index - maxCapacity may only be
 * waiting for the consumer's clear, the same cached bound says "taken" without a read, so the rule holds there too
 * (which also spares offer there a fence and a read for a clear in flight that an earlier reading covers). The
 * unbounded queue never reads cIndex. A test subclass (QueueFillTest) records every reading through
 * lvConsumerIndexByProducer and checks the rule.
 * Why each element still gets its own index store, as in offer, rather than one per run: size() counts published
 * elements and, at an empty published range, only the head's slot, which is exact only because the consumer is at
 * most one position past the published index (cIndex - 1 <= pIndex); with one index store per run the consumer could
 * take several unpublished elements and size() would miss them. Element before index, both release stores, so a
 * consumer that finds an element in a slot sees it fully constructed, and a consumer at an empty slot still reads only
 * its own slot. Why the supplier is asked inside the cold path: only the cold path knows whether the element fits, and
 * an element taken from the supplier must be stored (fill drops nothing); the link path asks it before it moves the
 * producer to the new buffer, so a supplier that throws or returns null leaves the queue as it was, with the elements
 * before it published. The runs keep the producer's index and buffer in locals, so the supplier must not add to this
 * queue itself. JCTools' BaseSpscLinkedArrayQueue.fill has the same shape (the fast path per element, offerColdPath
 * with the supplier at the limit).
 *
 * Inlining (as C2's -XX:+PrintInlining and -XX:+LogCompilation show): the cold path, link path included, is one
 * method (offerColdPath) with more bytecode than C2's FreqInlineSize (325 bytes), so C2 calls it from offer() (once
 * per look-ahead step or link) instead of inlining it. Inlined, the VarHandles' checks and G1's barriers on the link's
 * four reference stores and the new array take offer()'s compiled code above C2's InlineSmallCode (2,500 bytes), and
 * callers then make a real call per offer ("already compiled into a big method"), where JCTools' Unsafe offer is
 * inlined. Out of line, offer() compiles small enough for its callers to inline. ColdPathSizeTest guards the size.
 *
 * Front pad: every checked access to a slot reads the array's header (its length for the range check, and for a store
 * its class word), where JCTools' Unsafe access reads nothing. Without a pad the header shares its line with the
 * ring's first slots, so while one thread writes those slots, every access the other thread makes anywhere in the
 * buffer misses. So each buffer starts with Slots.FRONT_PAD slots that are never written (newBuffer): 64 bytes a
 * buffer with 4-byte references. What it cannot remove: the consumer still fetches each new buffer's header line
 * once, from the producer that allocated it, a line JCTools' Unsafe code never reads; at chunk 16 that is a line per
 * 16 messages. Buffers are not recycled to the producer to save that fetch: a spare handed back makes throughput
 * bimodal, slow whenever a large backlog builds. Element stores go through Slots.soElement, which skips the
 * VarHandle's type check (see there).
 *
 * Back pad: the header's line also holds the end of whatever the producer allocated just before, in a producer that
 * allocates nothing else the previous buffer: its last ring slots and link slot, which the consumer clears when it
 * leaves it. Where the producer is about one buffer ahead, each of those clears would take the line of the header the
 * producer reads at every offer. So each buffer also ends with Slots.BACK_PAD slots that are never written: 64 more
 * bytes a buffer, which pay most at small chunks.
 *
 * The fence's price (QueueContract.STRICT only; the default contract takes none of the fences, as in SpscArrayQueue's
 * "Contracts"): where the consumer keeps catching up with the producer (the lab's throughput benchmark), its first
 * empty poll after each take pays the full fence that keeps "empty" linearizable; the lab's "contend-strict vs
 * contend" rows measure it. The fence cannot go: the
 * consumer stores cIndex and then loads the next slot, the producer stores that slot and then (in size(), isEmpty() or
 * before "full") loads cIndex, and only a StoreLoad barrier on both sides (on x86 a locked instruction, which costs
 * the same) keeps both from missing the other's store; one per consumer store is the least. Not done, as none pays
 * across the kinds: more slot loads or spin-wait steps before the fence; at a take whose next slot is empty, the fence
 * between the index store and the clear (so that it waits for the index store, not for the clear of a line the
 * producer is writing), which slows a consumer that streams, as every take then loads one more slot; and the same
 * only at a take right after an empty poll at its position, which slows SpscUnbounded at chunk 128. So a strict poll()
 * keeps its guarantee and its price, which the lab shows as its "contend-strict vs contend" rows, and the default
 * contract is JCTools'.
 *
 * Invariants: on entering the cold path, the producer's slot for pIndex is free (every path that writes
 * position i first established that slot i+1 is free, or that no JUMP will be needed), so a JUMP always has a
 * slot; a JUMP is the last slot store of a buffer; a position is written to exactly one buffer;
 * cIndex - 1 <= pIndex <= cIndex + bound; producerQueueLimit - maxCapacity is a cIndex the consumer has reached
 * (stale-low), so every position below producerQueueLimit - maxCapacity has been taken.
 *
 * Overflow: a long index overflows after 2^63 operations (centuries), but the queues stay right through it, as
 * JCTools checks for its SpscArrayQueue (QueueSanityTestSpscArrayExtended.shouldWorkAfterWrap): where an index meets
 * another index or a bound, the code compares their difference, never the two values (IndexOverflowTest). The
 * fast path compares the index with the producer's own limit directly, as JCTools does, and a limit taken with
 * Math.min across the overflow can come out low: near the overflow that only sends offers to the cold path, which
 * checks the bound by difference.
 *
 * Ordering: element, link and JUMP stores are releases in that order, and the consumer's slot and link loads
 * are volatile, so a consumer that sees JUMP sees the link and the element behind it, and sees the element
 * fully constructed. Slot clears are release stores read by the producer's volatile slot loads, so a slot is
 * freed before it is reused. cIndex and pIndex are single-writer (plain own reads, release stores, volatile
 * reads by others). Producer and consumer fields are on separate padded lines; the pads are
 * byte fields, because since JDK 15 the JVM fills holes in a superclass's layout with a subclass's
 * narrow fields (JDK-8237767) and long pads leave such holes; LayoutTest checks the result (with long pads the
 * consumer's mask landed on the producer's line). The pad and field-holder classes (a
 * VarHandle and its accessors per field) repeat across padded classes on purpose: a class-hierarchy pad must
 * sit in each hierarchy, and Java has no mixins.
 *
 * Source: JCTools' BaseSpscLinkedArrayQueue and its chunked, growable and unbounded variants (Nitsan Wakart),
 * explained in Nitsan Wakart, "Linked Array Queues, part 1: SPSC",
 * psy-lob-saw.blogspot.com/2016/10/linked-array-queues-part-1-spsc.html; fill after JCTools'
 * BaseSpscLinkedArrayQueue.fill and SpscChunkedArrayQueue's cached producerQueueLimit.
 * Written anew on VarHandles.
 */

/** Padding before the producer's fields. */
abstract class SpscLinkedPad0<E> extends AbstractMessagePassingQueue<E> {
    byte p0b000, p0b001, p0b002, p0b003, p0b004, p0b005, p0b006, p0b007, p0b008, p0b009, p0b010, p0b011, p0b012, p0b013, p0b014, p0b015,
            p0b016, p0b017, p0b018, p0b019, p0b020, p0b021, p0b022, p0b023, p0b024, p0b025, p0b026, p0b027, p0b028, p0b029, p0b030, p0b031,
            p0b032, p0b033, p0b034, p0b035, p0b036, p0b037, p0b038, p0b039, p0b040, p0b041, p0b042, p0b043, p0b044, p0b045, p0b046, p0b047,
            p0b048, p0b049, p0b050, p0b051, p0b052, p0b053, p0b054, p0b055, p0b056, p0b057, p0b058, p0b059, p0b060, p0b061, p0b062, p0b063,
            p0b064, p0b065, p0b066, p0b067, p0b068, p0b069, p0b070, p0b071, p0b072, p0b073, p0b074, p0b075, p0b076, p0b077, p0b078, p0b079,
            p0b080, p0b081, p0b082, p0b083, p0b084, p0b085, p0b086, p0b087, p0b088, p0b089, p0b090, p0b091, p0b092, p0b093, p0b094, p0b095,
            p0b096, p0b097, p0b098, p0b099, p0b100, p0b101, p0b102, p0b103, p0b104, p0b105, p0b106, p0b107, p0b108, p0b109, p0b110, p0b111,
            p0b112, p0b113, p0b114, p0b115, p0b116, p0b117, p0b118, p0b119, p0b120, p0b121, p0b122, p0b123, p0b124, p0b125, p0b126, p0b127;

    SpscLinkedPad0(QueueContract contract) {
        super(contract);
    }
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
    /**
     * Bounded queues: cIndex + maxCapacity as the producer last read cIndex, a bound that only grows stale-low; read
     * again only when the producer reaches it, so neither the cold path nor fill reads the consumer's line every time.
     * In the final ring, a slot still taken at a position below it holds an element the consumer has taken.
     */
    long producerQueueLimit;
    /** Bounded queues: the first position in the final buffer (the one as large as the bound). */
    long finalBufferStart;
    /**
     * Bounded queues: the producer is in the final buffer and has seen cIndex reach finalBufferStart, so every element
     * is in that one ring and a free slot there means a free place, as in SpscArrayQueue.
     */
    boolean consumerInFinalBuffer;
    volatile long producerIndex;

    SpscLinkedProducerFields(int firstBufferCapacity, int maxBufferCapacity, long maxCapacity, boolean doubling,
            QueueContract contract) {
        super(contract);
        this.maxCapacity = maxCapacity;
        this.maxBufferCapacity = maxBufferCapacity;
        this.doubling = doubling;
        producerQueueLimit = maxCapacity;
        consumerInFinalBuffer = firstBufferCapacity == maxCapacity;
        producerBuffer = SpscLinkedArrayQueue.newBuffer(firstBufferCapacity);
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
    byte p1b000, p1b001, p1b002, p1b003, p1b004, p1b005, p1b006, p1b007, p1b008, p1b009, p1b010, p1b011, p1b012, p1b013, p1b014, p1b015,
            p1b016, p1b017, p1b018, p1b019, p1b020, p1b021, p1b022, p1b023, p1b024, p1b025, p1b026, p1b027, p1b028, p1b029, p1b030, p1b031,
            p1b032, p1b033, p1b034, p1b035, p1b036, p1b037, p1b038, p1b039, p1b040, p1b041, p1b042, p1b043, p1b044, p1b045, p1b046, p1b047,
            p1b048, p1b049, p1b050, p1b051, p1b052, p1b053, p1b054, p1b055, p1b056, p1b057, p1b058, p1b059, p1b060, p1b061, p1b062, p1b063,
            p1b064, p1b065, p1b066, p1b067, p1b068, p1b069, p1b070, p1b071, p1b072, p1b073, p1b074, p1b075, p1b076, p1b077, p1b078, p1b079,
            p1b080, p1b081, p1b082, p1b083, p1b084, p1b085, p1b086, p1b087, p1b088, p1b089, p1b090, p1b091, p1b092, p1b093, p1b094, p1b095,
            p1b096, p1b097, p1b098, p1b099, p1b100, p1b101, p1b102, p1b103, p1b104, p1b105, p1b106, p1b107, p1b108, p1b109, p1b110, p1b111,
            p1b112, p1b113, p1b114, p1b115, p1b116, p1b117, p1b118, p1b119, p1b120, p1b121, p1b122, p1b123, p1b124, p1b125, p1b126, p1b127;

    SpscLinkedPad1(int first, int maxBuffer, long maxCapacity, boolean doubling, QueueContract contract) {
        super(first, maxBuffer, maxCapacity, doubling, contract);
    }
}

/** The consumer's fields. */
abstract class SpscLinkedConsumerFields<E> extends SpscLinkedPad1<E> {
    static final VarHandle C_INDEX;
    static final VarHandle C_BUFFER;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            C_INDEX = lookup.findVarHandle(SpscLinkedConsumerFields.class, "consumerIndex", long.class);
            C_BUFFER = lookup.findVarHandle(SpscLinkedConsumerFields.class, "consumerBuffer", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Object[] consumerBuffer;
    int consumerMask;
    volatile long consumerIndex;
    /** Consumer only: cIndex at its last full fence before "empty" (see fencedIndex in SpscArrayQueue's notes). */
    long fencedIndex = -1;

    SpscLinkedConsumerFields(int first, int maxBuffer, long maxCapacity, boolean doubling, QueueContract contract) {
        super(first, maxBuffer, maxCapacity, doubling, contract);
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

    /** Consumer only: moves to the next buffer; a release, so that other threads that see it see its elements. */
    final void soConsumerBuffer(Object[] buffer) {
        C_BUFFER.setRelease(this, buffer);
    }

    /** Any thread: the buffer the consumer reads, with its elements (paired with soConsumerBuffer). */
    final Object[] laConsumerBuffer() {
        return (Object[]) C_BUFFER.getAcquire(this);
    }
}

/** Padding after the consumer's fields. */
abstract class SpscLinkedPad2<E> extends SpscLinkedConsumerFields<E> {
    byte p2b000, p2b001, p2b002, p2b003, p2b004, p2b005, p2b006, p2b007, p2b008, p2b009, p2b010, p2b011, p2b012, p2b013, p2b014, p2b015,
            p2b016, p2b017, p2b018, p2b019, p2b020, p2b021, p2b022, p2b023, p2b024, p2b025, p2b026, p2b027, p2b028, p2b029, p2b030, p2b031,
            p2b032, p2b033, p2b034, p2b035, p2b036, p2b037, p2b038, p2b039, p2b040, p2b041, p2b042, p2b043, p2b044, p2b045, p2b046, p2b047,
            p2b048, p2b049, p2b050, p2b051, p2b052, p2b053, p2b054, p2b055, p2b056, p2b057, p2b058, p2b059, p2b060, p2b061, p2b062, p2b063,
            p2b064, p2b065, p2b066, p2b067, p2b068, p2b069, p2b070, p2b071, p2b072, p2b073, p2b074, p2b075, p2b076, p2b077, p2b078, p2b079,
            p2b080, p2b081, p2b082, p2b083, p2b084, p2b085, p2b086, p2b087, p2b088, p2b089, p2b090, p2b091, p2b092, p2b093, p2b094, p2b095,
            p2b096, p2b097, p2b098, p2b099, p2b100, p2b101, p2b102, p2b103, p2b104, p2b105, p2b106, p2b107, p2b108, p2b109, p2b110, p2b111,
            p2b112, p2b113, p2b114, p2b115, p2b116, p2b117, p2b118, p2b119, p2b120, p2b121, p2b122, p2b123, p2b124, p2b125, p2b126, p2b127;

    SpscLinkedPad2(int first, int maxBuffer, long maxCapacity, boolean doubling, QueueContract contract) {
        super(first, maxBuffer, maxCapacity, doubling, contract);
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
    SpscLinkedArrayQueue(int firstBufferCapacity, int maxBufferCapacity, long maxCapacity, boolean doubling,
            QueueContract contract) {
        super(firstBufferCapacity, maxBufferCapacity, maxCapacity, doubling, contract);
    }

    /**
     * A buffer for a ring of {@code capacity} slots: the front pad ({@link Slots#FRONT_PAD}, never written, so the
     * array header's line is not either), the ring, the link slot, and the back pad ({@link Slots#BACK_PAD}, never
     * written, so the next buffer's header line is not either).
     */
    static Object[] newBuffer(int capacity) {
        return new Object[Slots.FRONT_PAD + capacity + 1 + Slots.BACK_PAD];
    }

    /** Array index of position {@code index} in a buffer whose ring mask is {@code mask}. */
    private static int offset(long index, int mask) {
        return Slots.FRONT_PAD + ((int) index & mask);
    }

    /** The ring mask of a buffer made by {@link #newBuffer}. */
    private static int ringMask(Object[] buffer) {
        return buffer.length - Slots.FRONT_PAD - 2 - Slots.BACK_PAD;
    }

    /** Array index of a buffer's link slot. */
    private static int linkOffset(Object[] buffer) {
        return buffer.length - 1 - Slots.BACK_PAD;
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
            return offerColdPath(buffer, index, e, null);
        }
        Slots.soElement(buffer, offset(index, producerMask), e);
        soProducerIndex(index + 1);
        return true;
    }

    /**
     * Producer only, at its limit. One method on purpose (see the implementation notes): it is too large for C2
     * to inline into offer(), so offer() compiles small enough for its callers to inline it.
     *
     * <p>Bounded: refuses when pIndex - cIndex reaches the bound. In the final buffer (bounded, as large as the
     * bound) every position below cIndex + capacity has a free slot, but that of position cIndex - 1 + capacity,
     * whose element the consumer has taken and may still be clearing (it clears a slot after it publishes cIndex,
     * and before it publishes the next): the producer waits for that one clear. Otherwise the look-ahead: a free
     * slot lookAheadStep ahead moves the limit there; a free next slot allows this one write (keeping a free slot
     * for a JUMP); else the offer goes to a new buffer, linked after this one.
     *
     * <p>For fill, {@code e} is null and the element comes from {@code supplier}, asked only once the cold path has
     * decided to store it and before it changes anything a failed supplier would leave half done (the link).
     */
    private boolean offerColdPath(Object[] buffer, long index, E e, Supplier<? extends E> supplier) {
        int mask = producerMask;
        long bound = Long.MAX_VALUE;
        if (bounded()) {
            if (consumerInFinalBuffer) {
                return offerInFinalRing(buffer, mask, index, e, supplier);
            }
            bound = producerQueueLimit;
            if (index - bound >= 0) { // differences, not comparisons: right when the indices overflow
                bound = lvConsumerIndexByProducer() + maxCapacity;
                if (strict && index - bound >= 0) {
                    VarHandle.fullFence(); // before "full": see "Store buffering" in SpscArrayQueue's notes
                    bound = lvConsumerIndexByProducer() + maxCapacity;
                }
                producerQueueLimit = bound;
                if (index - bound >= 0) {
                    return false;
                }
            }
            if (mask + 1L == maxCapacity) { // final buffer: no more links
                consumerInFinalBuffer = bound - maxCapacity - finalBufferStart >= 0;
                int offset = offset(index, mask);
                if (Slots.lvElement(buffer, offset) != null) {
                    Slots.waitUntilCleared(buffer, offset);
                }
                producerLimit = bound - 1;
                Slots.soElement(buffer, offset, element(e, supplier));
                soProducerIndex(index + 1);
                return true;
            }
        }
        int step = lookAheadStep(mask);
        if (Slots.lvElement(buffer, offset(index + step, mask)) == null) {
            producerLimit = Math.min(index + step, bound);
        } else if (Slots.lvElement(buffer, offset(index + 1, mask)) != null) {
            Object element = element(e, supplier); // before the producer moves: a failed supplier changes nothing
            int capacity = doubling ? Math.min(2 * (mask + 1), maxBufferCapacity) : mask + 1;
            Object[] next = newBuffer(capacity);
            int nextMask = capacity - 1;
            producerBuffer = next;
            producerMask = nextMask;
            finalBufferStart = index;
            // Leave the slot of position index + capacity - 1 free, for the next JUMP (the final buffer needs none).
            producerLimit = Math.min(capacity == maxCapacity ? bound : index + nextMask, bound);
            Slots.soElement(next, offset(index, nextMask), element);
            Slots.soElement(buffer, linkOffset(buffer), next);
            Slots.soElement(buffer, offset(index, mask), JUMP); // the offer is visible from here
            soProducerIndex(index + 1);
            return true;
        } // else the next slot is free: write this one only; the limit stays, the next offer checks again
        Slots.soElement(buffer, offset(index, mask), element(e, supplier));
        soProducerIndex(index + 1);
        return true;
    }

    /** The element to store: offer's, or fill's next one from its supplier (null-checked as offer's). */
    private static <E> E element(E e, Supplier<? extends E> supplier) {
        return e != null ? e : QueueSupport.requireElement(supplier.get());
    }

    /**
     * Producer only, in the final buffer once the consumer is in it too: SpscArrayQueue's look-ahead on slots. A free
     * slot lookAheadStep ahead means every slot up to it is free: either the position before it in the ring was taken
     * and cleared (the consumer clears in order), or it lies before finalBufferStart, was never written here, and is
     * more than a ring behind cIndex. Otherwise the one slot needed: if it still holds an element (position index -
     * capacity), the queue is full unless the consumer has taken it, when its clear is in flight and the producer
     * waits. Taken is known without a read while index is below the cached cIndex + capacity (producerQueueLimit);
     * past it, cIndex is read again (after a full fence when STRICT), since the answer may be "full".
     */
    private boolean offerInFinalRing(Object[] buffer, int mask, long index, E e, Supplier<? extends E> supplier) {
        int offset = offset(index, mask);
        long ahead = index + lookAheadStep(mask);
        if (Slots.lvElement(buffer, offset(ahead, mask)) == null) {
            producerLimit = ahead;
        } else if (Slots.lvElement(buffer, offset) != null) {
            if (index - producerQueueLimit >= 0) {
                if (strict) {
                    VarHandle.fullFence(); // before "full": see "Store buffering" in SpscArrayQueue's notes
                }
                long bound = lvConsumerIndexByProducer() + maxCapacity;
                producerQueueLimit = bound;
                if (index - bound >= 0) {
                    return false;
                }
            }
            Slots.waitUntilCleared(buffer, offset);
        }
        Slots.soElement(buffer, offset, element(e, supplier));
        soProducerIndex(index + 1);
        return true;
    }

    /**
     * Producer only: the elements are written in runs against the producer's cached limit, each with offer's two
     * release stores (element, then index); at the limit one element goes through offer's cold path, which reads
     * cIndex only where the cached cIndex + capacity says the element does not fit (see "Fill" in the notes). The
     * supplier is asked only for an element that will be stored, and must not add to this queue itself.
     */
    @Override
    public final int fill(Supplier<E> supplier, int limit) {
        QueueSupport.requireArgument(supplier, "supplier");
        QueueSupport.checkLimit(limit);
        int n = 0;
        while (n < limit) {
            Object[] buffer = producerBuffer;
            int mask = producerMask;
            long index = lpProducerIndex();
            if (index < producerLimit) { // offer's fast-path test, repeated for a run (see "Overflow")
                int run = (int) Math.min(producerLimit - index, limit - n);
                for (int i = 0; i < run; i++) {
                    Slots.soElement(buffer, offset(index + i, mask), QueueSupport.requireElement(supplier.get()));
                    soProducerIndex(index + i + 1);
                }
                n += run;
            } else if (offerColdPath(buffer, index, null, supplier)) {
                n++;
            } else {
                break; // full, judged as offer judges it
            }
        }
        return n;
    }

    /**
     * Producer only: its read of cIndex, on the cold path only (offerColdPath, offerInFinalRing). Not final for one
     * reason: a test subclass overrides it to count and check the reads (QueueFillTest). No class of the library
     * overrides it, so the JIT binds and inlines the call by class hierarchy analysis, as if it were final.
     */
    long lvConsumerIndexByProducer() {
        return lvConsumerIndex();
    }

    private static int lookAheadStep(int mask) {
        return QueueSupport.lookAheadStep(mask + 1);
    }

    @Override
    public final E poll() {
        return take(true, true);
    }

    /**
     * Consumer only: as {@link #poll()} without a full fence before "empty" under either contract, so it may return
     * null while an element offered before (by happens-before through the queue alone) is already in. Under the
     * default contract it is {@link #poll()}.
     */
    @Override
    public final E relaxedPoll() {
        return take(true, false);
    }

    @Override
    public final E peek() {
        return take(false, true);
    }

    /** As {@link #peek()} without the full fence before "empty" (see {@link #relaxedPoll()}). */
    @Override
    public final E relaxedPeek() {
        return take(false, false);
    }

    /**
     * Consumer only: the head element, removing it if asked; null when the head's slot is empty (after a full fence,
     * if asked and the queue is STRICT: see "Store buffering" in SpscArrayQueue's notes).
     */
    private E take(boolean remove, boolean fenceIfStrict) {
        Object[] buffer = consumerBuffer;
        long index = lpConsumerIndex();
        int offset = offset(index, consumerMask);
        Object e = Slots.lvElement(buffer, offset);
        if (e == null) {
            if (!fenceIfStrict || !strict || index == fencedIndex) { // strict is read here only, at "empty"
                return null;
            }
            fencedIndex = index;
            if ((e = Slots.lvElementAfterFullFence(buffer, offset)) == null) {
                return null;
            }
        }
        if (e == JUMP) {
            buffer = followLink(buffer);
            offset = offset(index, consumerMask);
            e = Slots.lvElement(buffer, offset); // stored before the JUMP
        }
        if (remove) {
            soConsumerIndex(index + 1); // before the clear: size() and isEmpty() rely on it
            Slots.soNull(buffer, offset);
        }
        @SuppressWarnings("unchecked")
        E element = (E) e;
        return element;
    }

    /**
     * Consumer only: moves to the next buffer and unlinks it from the old one (which becomes garbage). The JUMP
     * stays: a thread in isEmpty() or size() that still reads the old buffer must find the head's slot taken.
     */
    private Object[] followLink(Object[] old) {
        Object[] next = Slots.lvElement(old, linkOffset(old));
        Slots.spElement(old, linkOffset(old), null);
        consumerMask = ringMask(next);
        soConsumerBuffer(next);
        return next;
    }

    /**
     * Published elements, or at an empty published range whether the head's slot already holds an offer whose
     * index is not yet published (see the implementation notes).
     */
    @Override
    public final int size() {
        if (strict) {
            VarHandle.fullFence(); // the caller's own offers and polls come first: see SpscArrayQueue's notes
        }
        for (;;) {
            long consumer = lvConsumerIndex();
            long published = lvProducerIndex() - consumer; // a difference: right when the indices overflow
            int size;
            if (published > 0) {
                size = (int) Math.min(published, Integer.MAX_VALUE);
            } else {
                size = published == 0 && headSlot(consumer) != null ? 1 : 0;
            }
            if (consumer == lvConsumerIndex()) {
                return size;
            }
        }
    }

    @Override
    public final boolean isEmpty() {
        if (strict) {
            VarHandle.fullFence(); // the caller's own offers and polls come first: see SpscArrayQueue's notes
        }
        for (;;) {
            long consumer = lvConsumerIndex();
            Object head = headSlot(consumer);
            if (consumer == lvConsumerIndex()) {
                return head == null;
            }
        }
    }

    /** Any thread: the slot of position consumerIndex in the buffer the consumer reads (an element, JUMP or null). */
    private Object headSlot(long consumerIndex) {
        Object[] buffer = laConsumerBuffer();
        return Slots.lvElement(buffer, offset(consumerIndex, ringMask(buffer)));
    }

    @Override
    public final int capacity() {
        return bounded() ? (int) maxCapacity : UNBOUNDED_CAPACITY;
    }
}
