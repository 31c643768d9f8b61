package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The consumer's isEmpty() and poll() agree: if isEmpty() says false, the next poll() returns an element. One
 * element went through first, so the racing offer is at position 1 (for the linked kinds of capacity 2, the
 * one that links a new chunk). r1: isEmpty() (1 = empty); r2: poll() returned an element (1). The concrete
 * tests (see the package notes) name the queue.
 */
@Description("!isEmpty() means the consumer's poll() returns an element")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Empty, then nothing polled.")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "Empty, then the offer landed and was polled.")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "Not empty, and polled.")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Not empty, yet poll() returned null.")
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
