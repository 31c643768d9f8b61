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
 * {@link SizeTemplate} on a STRICT MpscUnboundedArrayQueue, starting with 2 elements.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: 0 <= size() <= capacity() under a racing offer and poll")
@Outcome(id = {"0, 1, 1", "1, 1, 1"}, expect = ACCEPTABLE, desc = "Sizes in bounds and consistent.")
@Outcome(expect = FORBIDDEN, desc = "A size out of bounds, or an element lost or invented.")
@State
public class MpscUnboundedStrictSizeTest extends SizeTemplate {
    public MpscUnboundedStrictSizeTest() {
        super(new MpscUnboundedArrayQueue<>(2, QueueContract.STRICT), 2);
    }

    @Actor
    public void producer() {
        offerOne();
    }

    @Actor
    public void consumer(III_Result r) {
        pollThenSize(r);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        checkFinalSize(r);
    }
}
