package io.contend.jcstress.queue;

import io.contend.queue.MpscUnboundedArrayQueue;
import io.contend.queue.QueueContract;
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
 * {@link ChunkReuseTemplate} on MpscUnboundedArrayQueue, on a queue built QueueContract.STRICT.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("A producer appending a chunk while the consumer offers a spare one lands, once, where the consumer reads")
@Outcome(id = "0, 3, 12", expect = ACCEPTABLE, desc = "Nothing claimed at the third poll; every element landed once.")
@Outcome(id = "1, 3, 12", expect = ACCEPTABLE, desc = "The third poll took 1; every element landed once.")
@Outcome(expect = FORBIDDEN, desc = "An element lost or duplicated.")
@State
public class MpscUnboundedStrictChunkReuseTest extends ChunkReuseTemplate {
    public MpscUnboundedStrictChunkReuseTest() {
        super(new MpscUnboundedArrayQueue<>(2, QueueContract.STRICT));
    }

    @Actor
    public void producer() {
        offer(1);
    }

    @Actor
    public void consumer(III_Result r) {
        pollThrice(r);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        drainAndCount(r);
    }
}
