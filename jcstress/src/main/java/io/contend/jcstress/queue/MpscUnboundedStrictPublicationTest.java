package io.contend.jcstress.queue;

import io.contend.queue.QueueContract;
import io.contend.queue.MpscUnboundedArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Outcome;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link PublicationTemplate} on a STRICT MpscUnboundedArrayQueue.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: A polled element is seen fully constructed")
@Outcome(id = "7, -1", expect = ACCEPTABLE, desc = "The offer is not visible yet.")
@Outcome(id = "7, 42", expect = ACCEPTABLE, desc = "The element, fully constructed.")
@Outcome(expect = FORBIDDEN, desc = "A half-constructed element, a lost or reordered one.")
@State
public class MpscUnboundedStrictPublicationTest extends PublicationTemplate {
    public MpscUnboundedStrictPublicationTest() {
        super(new MpscUnboundedArrayQueue<>(2, QueueContract.STRICT));
    }

    @Actor
    public void producer() {
        offerSecond();
    }

    @Actor
    public void consumer(II_Result r) {
        pollBoth(r);
    }
}
