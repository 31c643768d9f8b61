package io.contend.queue;

/**
 * A bounded single-producer single-consumer queue whose buffer starts small and doubles, by linking a buffer
 * twice the size when the current one is full, until it reaches the bound; from then on it is a plain ring.
 * One producer thread and one consumer thread at a time.
 *
 * <p>Bounds: {@code initialCapacity} and {@code maxCapacity} are rounded up to powers of two (at least 2);
 * {@link #capacity()} is the rounded maxCapacity and the queue holds exactly that many elements.
 *
 * <p>The algorithm is {@link SpscLinkedArrayQueue}'s (see its notes). Source: JCTools' SpscGrowableArrayQueue (Nitsan
 * Wakart), explained in "Linked Array Queues, part 1: SPSC",
 * psy-lob-saw.blogspot.com/2016/10/linked-array-queues-part-1-spsc.html.
 *
 * @param <E> element type
 */
public final class SpscGrowableArrayQueue<E> extends SpscLinkedArrayQueue<E> {

    /**
     * A queue whose first buffer is an eighth of the rounded maxCapacity, at least 16 (or maxCapacity, if smaller) and
     * at most 4096 slots: JCTools' one-argument constructor, with contend's bounds.
     *
     * @param maxCapacity the most elements held, in [2, 2^30]
     * @throws IllegalArgumentException naming the value when it is out of range
     */
    public SpscGrowableArrayQueue(int maxCapacity) {
        this(QueueSupport.firstBuffer("maxCapacity", maxCapacity), maxCapacity);
    }

    /**
     * @param initialCapacity slots of the first buffer, in [2, maxCapacity] after rounding
     * @param maxCapacity the most elements held, in [2, 2^30]
     * @throws IllegalArgumentException naming the value when a size is out of range
     */
    public SpscGrowableArrayQueue(int initialCapacity, int maxCapacity) {
        this(initialCapacity, maxCapacity, QueueContract.BEST_EFFORT);
    }

    /**
     * @param initialCapacity slots of the first buffer, in [2, maxCapacity] after rounding
     * @param maxCapacity the most elements held, in [2, 2^30]
     * @param contract {@link QueueContract#BEST_EFFORT} (JCTools', as the two-argument constructor) or
     *     {@link QueueContract#STRICT}
     * @throws IllegalArgumentException naming the value when a size is out of range
     * @throws NullPointerException if contract is null
     */
    public SpscGrowableArrayQueue(int initialCapacity, int maxCapacity, QueueContract contract) {
        this(QueueSupport.roundToPowerOfTwo("initialCapacity", initialCapacity, 2),
                QueueSupport.roundToPowerOfTwo("maxCapacity", maxCapacity, 2), contract, true);
    }

    private SpscGrowableArrayQueue(int initial, int max, QueueContract contract, boolean rounded) {
        super(checkInitial(initial, max), max, max, true, contract);
    }

    private static int checkInitial(int initial, int max) {
        if (initial > max) {
            throw new IllegalArgumentException("initialCapacity (" + initial
                    + " after rounding) must not exceed maxCapacity (" + max + " after rounding)");
        }
        return initial;
    }
}
