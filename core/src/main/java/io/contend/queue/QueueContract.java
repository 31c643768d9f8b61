package io.contend.queue;

/**
 * What a queue promises when a thread asks about the queue ("empty?", "full?", "how many?") right after its own
 * offer or poll. Every contract keeps the guarantees listed in {@link MessagePassingQueue}: each element is polled
 * once, in order, and seen fully constructed; the consumer's {@code !isEmpty()} means its next poll returns an
 * element. They differ where two threads learn of each other only through the queue.
 *
 * <p>The price of {@link #STRICT} is a full fence (a locked instruction on x86) on every answer that says "nothing
 * there", "full" or counts. The lab measures it as the rows {@code contend-strict vs contend} ({@code ./contend lab
 * queues}, and with every queue kind, chunk and burst {@code --every-comparison}); the reference runs under
 * {@code docs/results} keep them. Why the default is not STRICT: the fence falls where a consumer keeps catching up
 * with its producer (its first empty answer after each take), which is the throughput benchmark's pattern, and there
 * its price can exceed the lab's 5% margin: the {@code contend-strict vs contend} row of SpscChunkedArrayQueue's
 * throughput at chunk 128 in 2026-11-27-queues-interleaved-every is slower. (Most throughput rows cannot tell; on
 * round trips of bursts, measured with every side in one JVM, the price is within the noise, a fenced consumer
 * spinning less hard on the producer's line.) So the default keeps the contract that JCTools, Agrona and the JDK's
 * ConcurrentLinkedQueue give, and a user who needs size() and isEmpty() to agree with poll() across threads asks for
 * it by name.
 */
public enum QueueContract {
    /**
     * JCTools' contract, and the default: {@code poll()} returns null when the head's slot is empty at its load (an
     * MPSC queue first waits for a producer that has claimed the head), a full {@code offer} answers from the indices
     * as it reads them, and {@code size()} and {@code isEmpty()} are best-effort snapshots. A thread's own offer or
     * poll may still sit in its core's store buffer when the other thread asks (x86 and ARM allow it), so, for
     * example, a producer's {@code size()} right after its offer can count an element the consumer has already
     * taken while the consumer, polling again, finds the queue empty. No full fence on any path (the release stores
     * that publish elements and indices stay).
     */
    BEST_EFFORT,

    /**
     * offer, poll, peek, size and isEmpty agree with one order of the operations, also when the two threads learn
     * of each other only through the queue: a full fence comes before every load whose answer is "nothing there",
     * "full" or a count (a consumer spinning on an empty queue fences once, not at every poll). jcstress checks the
     * store-buffering outcomes {@link #BEST_EFFORT} allows are absent, and Lincheck checks linearizability.
     * {@code relaxedPoll()} and {@code relaxedPeek()} skip the fence under either contract.
     */
    STRICT;

    static QueueContract require(QueueContract contract) {
        if (contract == null) {
            throw new NullPointerException("contract (BEST_EFFORT or STRICT)");
        }
        return contract;
    }
}
