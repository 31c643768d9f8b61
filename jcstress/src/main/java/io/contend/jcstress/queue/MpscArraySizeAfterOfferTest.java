package io.contend.jcstress.queue;

import io.contend.queue.QueueContract;
import io.contend.queue.MpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link SizeAfterOfferTemplate} on a STRICT MpscArrayQueue of capacity 2.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: The producer's size() after its offer agrees with the consumer's polls (store buffering)")
@Outcome(id = {"0, 1, 2", "1, 1, 2", "2, 1, 2"}, expect = ACCEPTABLE, desc = "The consumer took both elements.")
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "Both polls ran before the offer.")
@Outcome(id = "2, 1, 0", expect = FORBIDDEN, desc = "Store buffering: size 2, yet the queue empty after the 1.")
@Outcome(expect = FORBIDDEN, desc = "An element lost, invented or out of order.")
@State
public class MpscArraySizeAfterOfferTest extends SizeAfterOfferTemplate {
    public MpscArraySizeAfterOfferTest() {
        super(new MpscArrayQueue<>(2, QueueContract.STRICT));
    }

    @Actor
    public void producer(III_Result r) {
        offerThenSize(r);
    }

    @Actor
    public void consumer(III_Result r) {
        pollTwice(r);
    }
}
