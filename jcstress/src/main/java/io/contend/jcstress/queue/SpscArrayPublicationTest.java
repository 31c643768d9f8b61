package io.contend.jcstress.queue;

import io.contend.queue.SpscArrayQueue;
import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * SpscArrayQueue: an element is seen fully constructed by the consumer (the offer happens-before the poll that returns
 * it). One element is queued first, so the racing offer is the second position: for the linked-array kinds
 * that offer links a new buffer. r1: the first element's field (7); r2: the second's field, or -1 if not yet
 * there.
 */
@JCStressTest
@Description("SpscArrayQueue: a polled element is seen fully constructed")
@Outcome(id = "7, -1", expect = ACCEPTABLE, desc = "The offer is not visible yet.")
@Outcome(id = "7, 42", expect = ACCEPTABLE, desc = "The element, fully constructed.")
@Outcome(expect = FORBIDDEN, desc = "A half-constructed element, a lost or reordered one.")
@State
public class SpscArrayPublicationTest {
    /** Its field is not final: only the queue's ordering makes 42 visible. */
    static final class Holder {
        int value;
    }

    private final MessagePassingQueue<Holder> queue = new SpscArrayQueue<>(2);

    public SpscArrayPublicationTest() {
        Holder first = new Holder();
        first.value = 7;
        queue.offer(first);
    }

    @Actor
    public void producer() {
        Holder h = new Holder();
        h.value = 42;
        queue.offer(h);
    }

    @Actor
    public void consumer(II_Result r) {
        Holder first = queue.poll();
        r.r1 = first == null ? -1 : first.value;
        Holder second = queue.poll();
        r.r2 = second == null ? -1 : second.value;
    }
}
