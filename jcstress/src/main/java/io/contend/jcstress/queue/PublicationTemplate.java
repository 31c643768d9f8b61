package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * An element is seen fully constructed by the consumer (the offer happens-before the poll that returns it).
 * One element is queued first, so the racing offer takes the second position: in a queue of capacity 2 with
 * linked chunks that is the offer that links a new chunk. r1: the first element's field (7); r2: the second's
 * field, or -1 if not there yet. The concrete tests (see the package notes) name the queue.
 */
public abstract class PublicationTemplate {
    /** Its field is not final: only the queue's ordering makes 42 visible. */
    public static final class Holder {
        int value;
    }

    private final MessagePassingQueue<Holder> queue;

    protected PublicationTemplate(MessagePassingQueue<Holder> queue) {
        this.queue = queue;
        Holder first = new Holder();
        first.value = 7;
        queue.offer(first);
    }

    /** The producer's step. */
    protected final void offerSecond() {
        Holder h = new Holder();
        h.value = 42;
        queue.offer(h);
    }

    /** The consumer's step. */
    protected final void pollBoth(II_Result r) {
        Holder first = queue.poll();
        r.r1 = first == null ? -1 : first.value;
        Holder second = queue.poll();
        r.r2 = second == null ? -1 : second.value;
    }
}
