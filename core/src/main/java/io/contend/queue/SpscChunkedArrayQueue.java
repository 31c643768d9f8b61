package io.contend.queue;

/**
 * A bounded single-producer single-consumer queue that allocates its capacity in chunks: it starts with one
 * chunk and links another only when the current one is full, so an idle queue with a large bound holds little
 * memory. One producer thread and one consumer thread at a time.
 *
 * <p>Bounds: {@code chunkSize} and {@code maxCapacity} are rounded up to powers of two (at least 2);
 * {@link #capacity()} is the rounded maxCapacity and the queue holds exactly that many elements. A chunk keeps
 * one slot free for the link marker when the next chunk is linked, and each chunk's array has 33 slots besides its
 * ring (the link, a front pad that keeps the array's header off the lines the two threads write, and a back pad
 * that keeps whatever is allocated next off them), so memory in use is at most
 * maxCapacity + (maxCapacity / chunk + 1) x (chunk + 33) slots.
 *
 * <p>The algorithm is {@link SpscLinkedArrayQueue}'s (see its notes). Source: JCTools' SpscChunkedArrayQueue (Nitsan
 * Wakart), explained in "Linked Array Queues, part 1: SPSC",
 * psy-lob-saw.blogspot.com/2016/10/linked-array-queues-part-1-spsc.html.
 *
 * @param <E> element type
 */
public final class SpscChunkedArrayQueue<E> extends SpscLinkedArrayQueue<E> {

    /**
     * A queue whose chunks are an eighth of the rounded maxCapacity, at least 16 (or maxCapacity, if smaller) and at
     * most 4096 slots: JCTools' one-argument constructor, with contend's bounds.
     *
     * @param maxCapacity the most elements held, in [2, 2^30]
     * @throws IllegalArgumentException naming the value when it is out of range
     */
    public SpscChunkedArrayQueue(int maxCapacity) {
        this(QueueSupport.firstBuffer("maxCapacity", maxCapacity), maxCapacity);
    }

    /**
     * @param chunkSize slots per chunk, in [2, maxCapacity] after rounding
     * @param maxCapacity the most elements held, in [2, 2^30]
     * @throws IllegalArgumentException naming the value when a size is out of range
     */
    public SpscChunkedArrayQueue(int chunkSize, int maxCapacity) {
        this(chunkSize, maxCapacity, QueueContract.BEST_EFFORT);
    }

    /**
     * @param chunkSize slots per chunk, in [2, maxCapacity] after rounding
     * @param maxCapacity the most elements held, in [2, 2^30]
     * @param contract {@link QueueContract#BEST_EFFORT} (JCTools', as the two-argument constructor) or
     *     {@link QueueContract#STRICT}
     * @throws IllegalArgumentException naming the value when a size is out of range
     * @throws NullPointerException if contract is null
     */
    public SpscChunkedArrayQueue(int chunkSize, int maxCapacity, QueueContract contract) {
        this(QueueSupport.roundToPowerOfTwo("chunkSize", chunkSize, 2),
                QueueSupport.roundToPowerOfTwo("maxCapacity", maxCapacity, 2), contract, true);
    }

    private SpscChunkedArrayQueue(int chunk, int max, QueueContract contract, boolean rounded) {
        super(checkChunk(chunk, max), chunk, max, false, contract);
    }

    private static int checkChunk(int chunk, int max) {
        if (chunk > max) {
            throw new IllegalArgumentException("chunkSize (" + chunk + " after rounding) must not exceed maxCapacity ("
                    + max + " after rounding)");
        }
        return chunk;
    }
}
