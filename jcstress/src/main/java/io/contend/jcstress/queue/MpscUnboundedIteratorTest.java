package io.contend.jcstress.queue;

import io.contend.queue.MpscUnboundedArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import java.util.Iterator;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * MpscUnboundedArrayQueue's weakly consistent iterator against the consumer and a producer that reuse the chunk it
 * reads. Chunks of 2, elements 0 to 3 in chunks 0 and 1; the iterator is made before the actors start, so it counts
 * positions 0 to 3, holds 0 and reads chunk 0. One actor is the consumer and the producer in turn (the queue allows
 * one thread in both roles): it takes 0 to 3, offers and takes 4, which makes chunk 0 the spare, and offers 5 to 7,
 * so chunk 0's array becomes chunk 3 and holds 6 and 7. The other walks the iterator. r1: the values the walk
 * returned, as bits; r2: 1 if they came in increasing order. The walk may miss any of 1 to 3 (the consumer took them
 * first) but must never return 4 or more: those positions are past the ones it counted, and 6 and 7 sit in the
 * renumbered chunk at slots that were chunk 0's.
 */
@JCStressTest
@Description("A weakly consistent walk never reads a renumbered chunk's elements as its own positions")
@Outcome(id = {"1, 1", "3, 1", "5, 1", "7, 1", "9, 1", "11, 1", "13, 1", "15, 1"}, expect = ACCEPTABLE,
        desc = "The held 0, then whichever of 1 to 3 the consumer had not taken, in order.")
@Outcome(expect = FORBIDDEN, desc = "A value past the counted positions, out of order, or the held one lost.")
@State
public class MpscUnboundedIteratorTest {
    private final MpscUnboundedArrayQueue<Integer> queue = new MpscUnboundedArrayQueue<>(2);
    private final Iterator<Integer> walk;

    public MpscUnboundedIteratorTest() {
        for (int i = 0; i < 4; i++) {
            queue.offer(i);
        }
        walk = queue.iterator();
    }

    @Actor
    public void consumerAndProducer() {
        for (int i = 0; i < 4; i++) {
            queue.poll();
        }
        queue.offer(4);
        queue.poll();
        for (int i = 5; i < 8; i++) {
            queue.offer(i);
        }
    }

    @Actor
    public void walker(II_Result r) {
        int bits = 0;
        int last = -1;
        int ordered = 1;
        while (walk.hasNext()) {
            int value = walk.next();
            bits |= 1 << value;
            if (value <= last) {
                ordered = 0;
            }
            last = value;
        }
        r.r1 = bits;
        r.r2 = ordered;
    }
}
