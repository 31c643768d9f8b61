package io.contend.jcstress.queue;

import io.contend.queue.QueueContract;
import io.contend.queue.MpscUnboundedArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Outcome;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link ProducersTemplate} on a STRICT MpscUnboundedArrayQueue.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: Racing producers both land, once each")
@Outcome(id = "3, 8, 1", expect = ACCEPTABLE, desc = "Both offers landed once.")
@Outcome(expect = FORBIDDEN, desc = "An element lost or duplicated.")
@State
public class MpscUnboundedStrictProducersTest extends ProducersTemplate {
    public MpscUnboundedStrictProducersTest() {
        super(new MpscUnboundedArrayQueue<>(2, QueueContract.STRICT));
    }

    @Actor
    public void first() {
        offer(1);
    }

    @Actor
    public void second() {
        offer(2);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        drainAndCount(r);
    }
}
