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
 * MpscArrayQueue: two producers racing for the next positions (for the unbounded kind, one of them needs a new chunk
 * and they race to link it) both land, once each. One element (5) is queued first. r1: elements polled
 * afterwards; r2: their sum; r3: empty afterwards (1).
 */
@JCStressTest
@Description("MpscArrayQueue: racing producers both land, once each")
@Outcome(id = "3, 8, 1", expect = ACCEPTABLE, desc = "Both offers landed once.")
@Outcome(expect = FORBIDDEN, desc = "An element lost or duplicated.")
@State
public class MpscArrayProducersTest {
    private final MessagePassingQueue<Integer> queue = new MpscArrayQueue<>(4);

    public MpscArrayProducersTest() {
        queue.offer(5);
    }

    @Actor
    public void first() {
        queue.offer(1);
    }

    @Actor
    public void second() {
        queue.offer(2);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        Integer e;
        while ((e = queue.poll()) != null) {
            r.r1++;
            r.r2 += e;
        }
        r.r3 = queue.isEmpty() ? 1 : 0;
    }
}
