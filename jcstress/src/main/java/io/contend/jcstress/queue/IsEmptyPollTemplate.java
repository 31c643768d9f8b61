package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The consumer's isEmpty() and poll() agree: if isEmpty() says false, the next poll() returns an element. One
 * element went through first, so the racing offer is at position 1 (for the linked kinds of capacity 2, the
 * one that links a new chunk). r1: isEmpty() (1 = empty); r2: poll() returned an element (1). The concrete
 * tests (see the package notes) name the queue.
 */
public abstract class IsEmptyPollTemplate {
    private final MessagePassingQueue<Integer> queue;

    protected IsEmptyPollTemplate(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
        queue.offer(0);
        queue.poll();
    }

    /** The producer's step. */
    protected final void offerOne() {
        queue.offer(1);
    }

    /** The consumer's step. */
    protected final void checkThenPoll(II_Result r) {
        r.r1 = queue.isEmpty() ? 1 : 0;
        r.r2 = queue.poll() != null ? 1 : 0;
    }
}
