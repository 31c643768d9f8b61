package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A queue that reuses emptied chunks (MpscUnboundedArrayQueue): the consumer offers an emptied chunk as the spare
 * while a producer appends the next chunk, taking the spare or allocating, and the consumer then moves into that
 * chunk. Chunks of 2: four elements pass through one at a time, so that the first chunk is retired, then 5 and 6
 * fill the third chunk. The producer offers 1, which needs the fourth chunk; the consumer polls three times: the
 * first poll leaves the second chunk and makes the first one the spare, the third reads the fourth chunk. r1: the
 * third poll (0 for null: nothing claimed there yet); r2 and r3: how many elements the consumer and then the arbiter
 * polled in all, and their sum. The concrete tests (see the package notes) name the queue.
 */
public abstract class ChunkReuseTemplate {
    private final MessagePassingQueue<Integer> queue;
    private int consumed;
    private int consumedSum;

    protected ChunkReuseTemplate(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
        for (int i = 0; i < 4; i++) {
            queue.offer(7);
            queue.poll();
        }
        queue.offer(5);
        queue.offer(6);
    }

    /** The producer's step. */
    protected final void offer(int value) {
        queue.offer(value);
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
