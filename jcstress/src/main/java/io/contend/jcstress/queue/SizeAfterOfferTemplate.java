package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Store buffering between the two threads' own operations: the producer offers 2, then asks size(); the consumer
 * polls, then looks again, with a second poll ({@link #pollTwice}, the *SizeAfterOfferTest tests) or with isEmpty()
 * ({@link #pollThenIsEmpty}, the *IsEmptyAfterOfferTest tests). The queue starts with 1. Each thread writes (its
 * offer, its poll) and then reads what the other writes, so without a full fence on both sides each read can miss
 * the other's write still in its store buffer (x86 allows it). Then the producer sees size 2 (the 1 not yet taken)
 * while the consumer finds the queue empty after taking the 1 (the 2 not yet there): no order of the four
 * operations gives that, since the offer of 2 precedes that size() and the size() precedes the poll of 1. r1: the
 * producer's size(); r2: what the consumer polled first (0 for null); r3: its second poll (0 for null) or its
 * isEmpty() (1 for true). The concrete tests (see the package notes) name the queue.
 */
public abstract class SizeAfterOfferTemplate {
    private final MessagePassingQueue<Integer> queue;

    protected SizeAfterOfferTemplate(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
        queue.offer(1);
    }

    /** The producer's steps. */
    protected final void offerThenSize(III_Result r) {
        queue.offer(2);
        r.r1 = queue.size();
    }

    /** The consumer's steps, looking again with a poll. */
    protected final void pollTwice(III_Result r) {
        r.r2 = pollAsInt();
        r.r3 = pollAsInt();
    }

    /** The consumer's steps, looking again with isEmpty(). */
    protected final void pollThenIsEmpty(III_Result r) {
        r.r2 = pollAsInt();
        r.r3 = queue.isEmpty() ? 1 : 0;
    }

    private int pollAsInt() {
        Integer e = queue.poll();
        return e == null ? 0 : e;
    }
}
