package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Store buffering between a full offer and the consumer's size(): the queue starts one short of full; the
 * producer offers 98 (which fills it) and then 99; the consumer polls once and then asks size(). Each thread writes
 * and then reads what the other writes, so without a full fence on both sides the producer can find the queue
 * full (the poll not yet seen) while the consumer's size() misses the 98 (still in the producer's store buffer).
 * No order of the operations gives that: "full" puts the offer of 98 and the whole queue before the poll, so after
 * the poll the consumer must count the 98. r1: the first offer succeeded (1); r2: the second did (1); r3: how
 * many of the producer's elements the consumer's size() counted. The queue is filled and drained once first, so
 * that a growable queue has reached its final buffer. The concrete tests (see the package notes) name the queue.
 */
public abstract class FullAfterOfferTemplate {
    private final MessagePassingQueue<Integer> queue;
    private final int capacity;

    protected FullAfterOfferTemplate(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
        this.capacity = queue.capacity();
        for (int i = 1; i <= capacity; i++) {
            queue.offer(i);
        }
        queue.clear();
        for (int i = 1; i < capacity; i++) {
            queue.offer(i);
        }
    }

    /** The producer's steps. */
    protected final void offerTwice(III_Result r) {
        r.r1 = queue.offer(98) ? 1 : 0;
        r.r2 = queue.offer(99) ? 1 : 0;
    }

    /** The consumer's steps. */
    protected final void pollThenSize(III_Result r) {
        queue.poll();
        r.r3 = queue.size() - (capacity - 2);
    }
}
