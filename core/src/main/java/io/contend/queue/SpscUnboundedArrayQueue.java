package io.contend.queue;

/**
 * An unbounded single-producer single-consumer queue of linked chunks: offer always succeeds, allocating a new
 * chunk when the current one is full; the consumer drops chunks it has emptied. One producer thread and one
 * consumer thread at a time.
 *
 * <p>{@code chunkSize} is rounded up to a power of two (at least 2); {@link #capacity()} is
 * {@link #UNBOUNDED_CAPACITY} and {@link #size()} saturates at Integer.MAX_VALUE. Memory grows with the
 * backlog: a producer faster than its consumer fills the heap, so bound the backlog elsewhere. Each chunk is an
 * array of chunkSize + 33 slots: the ring, the link to the next chunk, 16 slots of front pad that keep the
 * array's header off the lines the two threads write (64 bytes with compressed references), and 16 of back pad
 * that keep the next allocation off them (see {@link SpscLinkedArrayQueue}'s notes).
 *
 * <p>The algorithm is {@link SpscLinkedArrayQueue}'s (see its notes). Source: JCTools' SpscUnboundedArrayQueue (Nitsan
 * Wakart), explained in "Linked Array Queues, part 1: SPSC",
 * psy-lob-saw.blogspot.com/2016/10/linked-array-queues-part-1-spsc.html.
 *
 * @param <E> element type
 */
public final class SpscUnboundedArrayQueue<E> extends SpscLinkedArrayQueue<E> {

    /**
     * @param chunkSize slots per chunk, in [2, 2^30]
     * @throws IllegalArgumentException naming the value when out of range
     */
    public SpscUnboundedArrayQueue(int chunkSize) {
        this(chunkSize, QueueContract.BEST_EFFORT);
    }

    /**
     * @param chunkSize slots per chunk, in [2, 2^30]
     * @param contract {@link QueueContract#BEST_EFFORT} (JCTools', as the one-argument constructor) or
     *     {@link QueueContract#STRICT}
     * @throws IllegalArgumentException naming the value when out of range
     * @throws NullPointerException if contract is null
     */
    public SpscUnboundedArrayQueue(int chunkSize, QueueContract contract) {
        super(QueueSupport.roundToPowerOfTwo("chunkSize", chunkSize, 2),
                QueueSupport.roundToPowerOfTwo("chunkSize", chunkSize, 2), Long.MAX_VALUE, false, contract);
    }
}
