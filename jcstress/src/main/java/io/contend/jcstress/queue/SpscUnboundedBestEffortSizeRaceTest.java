package io.contend.jcstress.queue;

import io.contend.queue.SpscUnboundedArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link SizeAfterOfferTemplate} on a SpscUnboundedArrayQueue of capacity 2 with its default contract, BEST_EFFORT (JCTools'):
 * the store-buffering outcome that the STRICT test forbids is allowed here, since size() is a best-effort snapshot
 * and an empty poll takes no fence; what every contract promises still holds: no element lost, invented or out of
 * order. Every queue kind's test has this same shape, on purpose (see the package notes).
 */
@JCStressTest
@Description("BEST_EFFORT: the producer's size() after its offer and the consumer's polls lose nothing")
@Outcome(id = {"0, 1, 2", "1, 1, 2", "2, 1, 2"}, expect = ACCEPTABLE, desc = "The consumer took both elements.")
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "Both polls ran before the offer.")
@Outcome(id = "2, 1, 0", expect = ACCEPTABLE_INTERESTING, desc = "Store buffering, allowed by BEST_EFFORT: size 2, "
        + "yet the queue empty after the 1.")
@Outcome(expect = FORBIDDEN, desc = "An element lost, invented or out of order.")
@State
public class SpscUnboundedBestEffortSizeRaceTest extends SizeAfterOfferTemplate {
    public SpscUnboundedBestEffortSizeRaceTest() {
        super(new SpscUnboundedArrayQueue<>(2));
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
