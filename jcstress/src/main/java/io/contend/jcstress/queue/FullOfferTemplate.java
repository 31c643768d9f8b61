package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * An offer to a full bounded queue races the poll that makes room. Where the consumer publishes its index before it
 * clears the slot (the SPSC queues), a producer that finds that slot still taken must neither overwrite it (the clear
 * would then erase the new element) nor report a full queue once the index says there is room; where it clears first
 * (MpscArrayQueue, down to a ring of one slot), a producer must not write the slot before the index lets it. The queue starts full with
 * 1 .. capacity; the consumer polls once; the producer offers 99 once. r1: the offer succeeded (1); r2: the arbiter
 * drained exactly 2 .. capacity, then 99 if the offer succeeded (1). The queue is filled and drained once first, so
 * that a growable queue has reached its final buffer. The concrete tests (see the package notes) name the queue.
 */
public abstract class FullOfferTemplate {
    private final MessagePassingQueue<Integer> queue;
    private final int capacity;
    private int polled;
    private boolean offered;

    protected FullOfferTemplate(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
        this.capacity = queue.capacity();
        for (int i = 1; i <= capacity; i++) {
            queue.offer(i);
        }
        queue.clear();
        for (int i = 1; i <= capacity; i++) {
            queue.offer(i);
        }
    }

    /** The producer's step. */
    protected final void offerOne() {
        offered = queue.offer(99);
    }

    /** The consumer's step. */
    protected final void pollOne() {
        Integer e = queue.poll();
        polled = e == null ? -1 : e;
    }

    /** The arbiter's step. */
    protected final void checkContents(II_Result r) {
        r.r1 = offered ? 1 : 0;
        boolean exact = polled == 1;
        for (int expected = 2; expected <= capacity; expected++) {
            Integer e = queue.poll();
            exact &= e != null && e == expected;
        }
        if (offered) {
            Integer e = queue.poll();
            exact &= e != null && e == 99;
        }
        exact &= queue.poll() == null;
        r.r2 = exact ? 1 : 0;
    }
}
