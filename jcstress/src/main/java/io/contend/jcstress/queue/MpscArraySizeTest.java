package io.contend.jcstress.queue;

import io.contend.queue.MpscArrayQueue;
import io.contend.queue.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * MpscArrayQueue: size() stays within [0, capacity] while an offer races a poll on a queue that starts with 2
 * elements (full), and the final size accounts for both. r1: the offer succeeded (1);
 * r2: the consumer's size() after its poll was in bounds (1); r3: the final size is 2 - 1 + r1 (1).
 */
@JCStressTest
@Description("MpscArrayQueue: 0 <= size() <= capacity() under a racing offer and poll")
@Outcome(id = {"0, 1, 1", "1, 1, 1"}, expect = ACCEPTABLE, desc = "Sizes in bounds and consistent.")
@Outcome(expect = FORBIDDEN, desc = "A size out of bounds, or an element lost or invented.")
@State
public class MpscArraySizeTest {
    private final MessagePassingQueue<Integer> queue = new MpscArrayQueue<>(2);
    private int offered;

    public MpscArraySizeTest() {
        for (int i = 0; i < 2; i++) {
            queue.offer(i);
        }
    }

    @Actor
    public void producer() {
        offered = queue.offer(99) ? 1 : 0;
    }

    @Actor
    public void consumer(III_Result r) {
        queue.poll();
        int size = queue.size();
        r.r2 = size >= 0 && size <= 2 ? 1 : 0;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = offered;
        r.r3 = queue.size() == 2 - 1 + offered ? 1 : 0;
    }
}
