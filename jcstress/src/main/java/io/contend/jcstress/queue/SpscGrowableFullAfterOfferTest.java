package io.contend.jcstress.queue;

import io.contend.queue.QueueContract;
import io.contend.queue.SpscGrowableArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link FullAfterOfferTemplate} on a STRICT SpscGrowableArrayQueue growing from 2 to 4.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: A full offer after an offer agrees with the consumer's size() after its poll (store buffering)")
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "Full before the poll; the consumer counts the 98.")
@Outcome(id = {"1, 1, 0", "1, 1, 1", "1, 1, 2"}, expect = ACCEPTABLE, desc = "The poll made room first.")
@Outcome(id = "1, 0, 0", expect = FORBIDDEN, desc = "Store buffering: full, yet the 98 missing after the poll.")
@Outcome(expect = FORBIDDEN, desc = "An offer lost or a size out of bounds.")
@State
public class SpscGrowableFullAfterOfferTest extends FullAfterOfferTemplate {
    public SpscGrowableFullAfterOfferTest() {
        super(new SpscGrowableArrayQueue<>(2, 4, QueueContract.STRICT));
    }

    @Actor
    public void producer(III_Result r) {
        offerTwice(r);
    }

    @Actor
    public void consumer(III_Result r) {
        pollThenSize(r);
    }
}
