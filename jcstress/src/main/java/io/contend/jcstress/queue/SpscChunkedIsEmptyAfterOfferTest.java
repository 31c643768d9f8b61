package io.contend.jcstress.queue;

import io.contend.queue.QueueContract;
import io.contend.queue.SpscChunkedArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link SizeAfterOfferTemplate} (its isEmpty() variant) on a STRICT SpscChunkedArrayQueue of chunk 2 and capacity 2.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: The producer's size() after its offer agrees with the consumer's isEmpty() after its poll")
@Outcome(id = {"2, 1, 0", "1, 1, 0"}, expect = ACCEPTABLE, desc = "The offer came before the isEmpty().")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "The poll and the isEmpty() came before the offer.")
@Outcome(id = "2, 1, 1", expect = FORBIDDEN, desc = "Store buffering: size 2, yet empty after the 1.")
@Outcome(expect = FORBIDDEN, desc = "An element lost or invented.")
@State
public class SpscChunkedIsEmptyAfterOfferTest extends SizeAfterOfferTemplate {
    public SpscChunkedIsEmptyAfterOfferTest() {
        super(new SpscChunkedArrayQueue<>(2, 2, QueueContract.STRICT));
    }

    @Actor
    public void producer(III_Result r) {
        offerThenSize(r);
    }

    @Actor
    public void consumer(III_Result r) {
        pollThenIsEmpty(r);
    }
}
