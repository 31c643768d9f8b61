package io.contend.queue;

import java.lang.invoke.VarHandle;

/** Argument checks and arithmetic shared by the queues. */
final class QueueSupport {
    /** Largest power-of-two array capacity a queue uses. */
    static final int MAX_POW2_CAPACITY = 1 << 30;

    private QueueSupport() {
    }

    /**
     * The SPSC producers' look-ahead for a ring of {@code capacity} slots: a quarter of it, at most 4096, at least 1
     * (JCTools' SpscLookAheadUtil policy).
     */
    static int lookAheadStep(int capacity) {
        return Math.max(1, Math.min(capacity / 4, 4096));
    }

    /**
     * @param name the argument's name, for the message
     * @param requested a capacity of at least {@code min}
     * @param min the smallest accepted
     * @return the smallest power of two at or above requested (1 for 1)
     * @throws IllegalArgumentException naming the value when it is below min or above 2^30
     */
    static int roundToPowerOfTwo(String name, int requested, int min) {
        if (requested < min || requested > MAX_POW2_CAPACITY) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + MAX_POW2_CAPACITY + "]: " + requested);
        }
        return 1 << (32 - Integer.numberOfLeadingZeros(requested - 1));
    }

    /**
     * The first buffer (or chunk) of a linked SPSC queue given only its bound: an eighth of the rounded bound, at least
     * 16 (or the bound, if smaller) and at most 4096, so that a small queue is one or two buffers and a large one does
     * not start with a large array.
     *
     * @param name the bound's parameter name, for the message
     * @param maxCapacity the requested bound
     * @return the first buffer's size, a power of two no larger than the rounded bound
     * @throws IllegalArgumentException naming the value if the bound is out of range
     */
    static int firstBuffer(String name, int maxCapacity) {
        int max = roundToPowerOfTwo(name, maxCapacity, 2);
        return Math.min(max, Math.min(4096, Math.max(16, max / 8)));
    }

    static void checkLimit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be at least 0: " + limit);
        }
    }

    /**
     * A drain's or fill's arguments: null is an IllegalArgumentException, as in JCTools' MessagePassingQueue
     * implementations (MessagePassingQueueUtil), whose users and tests expect it; a null element stays a
     * NullPointerException, as java.util.Queue says.
     */
    static <T> T requireArgument(T argument, String name) {
        if (argument == null) {
            throw new IllegalArgumentException(name + " is null");
        }
        return argument;
    }

    static void requireArguments(Object action, String actionName, Object wait, Object exit) {
        requireArgument(action, actionName);
        requireArgument(wait, "idle strategy");
        requireArgument(exit, "exit condition");
    }

    static <E> E requireElement(E e) {
        if (e == null) {
            throw new NullPointerException("null elements are not allowed");
        }
        return e;
    }

    /**
     * Whether an indexed queue whose producer index counts claims is empty, from any thread: the consumer index, then
     * the producer index (which only grows, so a claim made in between counts), compared by their difference.
     *
     * @param queue the queue
     * @param consumerIndex its consumer index (a long field, read volatile)
     * @param producerIndex its producer index (a long field, read volatile)
     * @param strict whether a full fence comes first ({@link QueueContract#STRICT})
     * @return true if no position is claimed beyond the consumer's
     */
    static boolean isEmpty(Object queue, VarHandle consumerIndex, VarHandle producerIndex, boolean strict) {
        if (strict) {
            VarHandle.fullFence(); // the caller's own offers and polls come first (store buffering)
        }
        long consumer = (long) consumerIndex.getVolatile(queue);
        // A volatile load even without the fence: exec's Worker parks on "empty" after a volatile store of its flag,
        // and a producer's claim is a volatile read-modify-write, so one of the two sees the other (Dekker).
        return (long) producerIndex.getVolatile(queue) - consumer <= 0;
    }

    /**
     * The size of an indexed queue from any thread: reads the consumer index, the producer index, and the
     * consumer index again until the consumer did not move in between, so the pair is a snapshot; clamped to
     * [0, max].
     *
     * @param queue the queue
     * @param consumerIndex its consumer index (a long field, read volatile)
     * @param producerIndex its producer index (a long field, read volatile)
     * @param max the bound to clamp to
     * @param strict whether a full fence comes first ({@link QueueContract#STRICT})
     * @return the number of elements
     */
    static int size(Object queue, VarHandle consumerIndex, VarHandle producerIndex, int max, boolean strict) {
        if (strict) {
            VarHandle.fullFence(); // the caller's own offers and polls come first (store buffering)
        }
        long after = (long) consumerIndex.getVolatile(queue);
        for (;;) {
            long before = after;
            long producer = (long) producerIndex.getVolatile(queue);
            after = (long) consumerIndex.getVolatile(queue);
            if (before == after) {
                return (int) Math.max(0, Math.min(producer - after, max));
            }
        }
    }
}
