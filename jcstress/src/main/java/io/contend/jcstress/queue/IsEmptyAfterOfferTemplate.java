package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Store buffering, as {@link SizeAfterOfferTemplate}, with the consumer's second look an isEmpty() rather than a
 * poll: the producer offers 2, then asks size(); the consumer polls, then asks isEmpty(). The queue starts with 1.
 * Without a full fence on both sides, the producer can see size 2 (the 1 not yet taken) while the consumer, having
 * taken the 1, finds the queue empty (the 2 not yet there): no order of the four operations gives that. r1: the
 * producer's size(); r2: what the consumer polled (0 for null); r3: its isEmpty() (1 for true). The concrete tests
 * (see the package notes) name the queue.
 */
public abstract class IsEmptyAfterOfferTemplate {
    private final MessagePassingQueue<Integer> queue;

    protected IsEmptyAfterOfferTemplate(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
        queue.offer(1);
    }

    /** The producer's steps. */
    protected final void offerThenSize(III_Result r) {
        queue.offer(2);
        r.r1 = queue.size();
    }

    /** The consumer's steps. */
    protected final void pollThenIsEmpty(III_Result r) {
        Integer polled = queue.poll();
        r.r2 = polled == null ? 0 : polled;
        r.r3 = queue.isEmpty() ? 1 : 0;
    }
}
