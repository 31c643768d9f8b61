package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * size() stays within [0, capacity] while an offer races a poll on a queue that starts with {@code initial}
 * elements (a bounded queue starts full), and the final size accounts for both. r1: the offer succeeded (1);
 * r2: the consumer's size() after its poll was in bounds (1); r3: the final size is initial - 1 + r1 (1). The
 * concrete tests (see the package notes) name the queue.
 */
public abstract class SizeTemplate {
    private final MessagePassingQueue<Integer> queue;
    private final int initial;
    private final int maxSize;
    private int offered;

    protected SizeTemplate(MessagePassingQueue<Integer> queue, int initial) {
        this.queue = queue;
        this.initial = initial;
        this.maxSize = queue.capacity() == MessagePassingQueue.UNBOUNDED_CAPACITY ? Integer.MAX_VALUE : queue.capacity();
        for (int i = 0; i < initial; i++) {
            queue.offer(i);
        }
    }

    /** The producer's step. */
    protected final void offerOne() {
        offered = queue.offer(99) ? 1 : 0;
    }

    /** The consumer's step. */
    protected final void pollThenSize(III_Result r) {
        queue.poll();
        int size = queue.size();
        r.r2 = size >= 0 && size <= maxSize ? 1 : 0;
    }

    /** The arbiter's step. */
    protected final void checkFinalSize(III_Result r) {
        r.r1 = offered;
        r.r3 = queue.size() == initial - 1 + offered ? 1 : 0;
    }
}
