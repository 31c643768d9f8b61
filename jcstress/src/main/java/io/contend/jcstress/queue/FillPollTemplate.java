package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A fill races the consumer's polls: fill writes its elements in runs against the producer's cached limit and
 * reads the consumer's index only when that limit runs out, and the consumer must still never see a filled element
 * before it is published (a half-constructed element, or one out of order between filled ones), nor miss one. The
 * queue starts with elements 1 and 2; the producer fills up to four more (3 .. 6) from a supplier that sets each
 * element's field; the consumer polls four times; the arbiter drains the rest. In a bounded queue of capacity 4 two of
 * the filled elements fit at once and the others only once the consumer has polled and the producer has read its
 * index again; with chunks of 2 the fill also links new chunks. r1: how many fill added; r2: how many elements the
 * consumer saw; r3: 1 if the consumer's and the arbiter's elements together were exactly 1 .. 2 + r1, in order and
 * fully constructed. The concrete tests (see the package notes) name the queue.
 */
public abstract class FillPollTemplate {
    /** Its field is not final: only the queue's ordering makes the value visible. */
    public static final class Holder {
        int value;
    }

    private final MessagePassingQueue<Holder> queue;
    private int filled;
    private int seen;
    private boolean inOrder = true;

    protected FillPollTemplate(MessagePassingQueue<Holder> queue) {
        this.queue = queue;
        queue.offer(holder(1));
        queue.offer(holder(2));
    }

    private static Holder holder(int value) {
        Holder h = new Holder();
        h.value = value;
        return h;
    }

    /** The producer's step. */
    protected final void fillFour() {
        int[] next = {3};
        filled = queue.fill(() -> holder(next[0]++), 4);
    }

    /** The consumer's step. */
    protected final void pollFour() {
        for (int i = 0; i < 4; i++) {
            Holder h = queue.poll();
            if (h != null) {
                inOrder &= h.value == seen + 1;
                seen++;
            }
        }
    }

    /** The arbiter's step. */
    protected final void checkAll(III_Result r) {
        r.r1 = filled;
        r.r2 = seen;
        boolean exact = inOrder;
        int next = seen + 1;
        Holder h;
        while ((h = queue.poll()) != null) {
            exact &= h.value == next;
            next++;
        }
        exact &= next - 1 == 2 + filled;
        r.r3 = exact ? 1 : 0;
    }
}
