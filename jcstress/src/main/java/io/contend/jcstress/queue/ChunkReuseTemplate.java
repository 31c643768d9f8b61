package io.contend.jcstress.queue;

import io.contend.queue.MessagePassingQueue;

/**
 * A queue that reuses emptied chunks (MpscUnboundedArrayQueue): the consumer offers an emptied chunk as the spare
 * while a producer appends the next chunk, taking the spare or allocating, and the consumer then moves into that
 * chunk. Chunks of 2: four elements pass through one at a time, so that the first chunk is retired, then 5 and 6
 * fill the third chunk. The producer offers 1, which needs the fourth chunk; the consumer polls three times: the
 * first poll leaves the second chunk and makes the first one the spare, the third reads the fourth chunk. r1: the
 * third poll (0 for null: nothing claimed there yet); r2 and r3: how many elements the consumer and then the arbiter
 * polled in all, and their sum (the steps are {@link ChunkHandOverTemplate}'s). The concrete tests (see the
 * package notes) name the queue.
 */
public abstract class ChunkReuseTemplate extends ChunkHandOverTemplate {
    protected ChunkReuseTemplate(MessagePassingQueue<Integer> queue) {
        super(queue, 4);
    }
}
