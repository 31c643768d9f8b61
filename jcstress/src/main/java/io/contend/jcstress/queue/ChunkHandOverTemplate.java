package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The consumer leaves a full chunk while a producer claims a position in the next one: the consumer cuts the
 * emptied chunk's links as it leaves, and a producer whose chunk hint still names the emptied chunk must find its
 * way to the new one, and land once. Chunks of 2, and 5 and 6 fill the first chunk before the actors start. One actor
 * offers 1; the other, the consumer, first offers 2 (so that the new chunk exists without waiting for the first
 * actor), then polls three times: its third poll is the new chunk's first position, already claimed by one of them.
 * Two actors, because jcstress schedules no more on a machine of two CPUs. r1: the third poll (0 for null); r2 and
 * r3: how many elements the consumer and then the arbiter polled in all, and their sum. The concrete tests (see the
 * package notes) name the queue.
 */
public abstract class ChunkHandOverTemplate {
    private final MessagePassingQueue<Integer> queue;
    private int consumed;
    private int consumedSum;

    protected ChunkHandOverTemplate(MessagePassingQueue<Integer> queue) {
        this(queue, 0);
    }

    /**
     * @param queue the queue, with chunks of 2
     * @param passedFirst elements passed through the queue one at a time before 5 and 6 are offered
     */
    protected ChunkHandOverTemplate(MessagePassingQueue<Integer> queue, int passedFirst) {
        this.queue = queue;
        for (int i = 0; i < passedFirst; i++) {
            queue.offer(7);
            queue.poll();
        }
        queue.offer(5);
        queue.offer(6);
    }

    /** A producer's step. */
    protected final void offer(int value) {
        queue.offer(value);
    }

    /** The consumer's step: an offer, then three polls, the third at the next chunk. */
    protected final void offerThenPollThrice(int value, III_Result r) {
        queue.offer(value);
        pollThrice(r);
    }

    /** The consumer's step: three polls, the third at the next chunk. */
    protected final void pollThrice(III_Result r) {
        for (int i = 0; i < 3; i++) {
            Integer e = queue.poll();
            if (e != null) {
                consumed++;
                consumedSum += e;
            }
            if (i == 2) {
                r.r1 = e == null ? 0 : e;
            }
        }
    }

    /** The arbiter's step: what is left, counted with what the consumer took. */
    protected final void drainAndCount(III_Result r) {
        Integer e;
        r.r2 = consumed;
        r.r3 = consumedSum;
        while ((e = queue.poll()) != null) {
            r.r2++;
            r.r3 += e;
        }
    }
}
