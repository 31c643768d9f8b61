package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two producers racing for the next positions (for the unbounded kind, one of them needs a new chunk and they
 * race to link it) both land, once each. One element (5) is queued first. r1: elements polled afterwards;
 * r2: their sum; r3: empty afterwards (1). The concrete tests (see the package notes) name the queue.
 */
public abstract class ProducersTemplate {
    private final MessagePassingQueue<Integer> queue;

    protected ProducersTemplate(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
        queue.offer(5);
    }

    /** A producer's step. */
    protected final void offer(int value) {
        queue.offer(value);
    }

    /** The arbiter's step. */
    protected final void drainAndCount(III_Result r) {
        Integer e;
        while ((e = queue.poll()) != null) {
            r.r1++;
            r.r2 += e;
        }
        r.r3 = queue.isEmpty() ? 1 : 0;
    }
}
