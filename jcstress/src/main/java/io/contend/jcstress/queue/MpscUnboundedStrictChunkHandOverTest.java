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
 * {@link ChunkHandOverTemplate} on MpscUnboundedArrayQueue, on a queue built QueueContract.STRICT.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("A producer entering a new chunk while the consumer leaves the full one lands, once")
@Outcome(id = "1, 4, 14", expect = ACCEPTABLE, desc = "1 claimed the new chunk's first position; all landed once.")
@Outcome(id = "2, 4, 14", expect = ACCEPTABLE, desc = "2 claimed the new chunk's first position; all landed once.")
@Outcome(expect = FORBIDDEN, desc = "An element lost or duplicated.")
@State
public class MpscUnboundedStrictChunkHandOverTest extends ChunkHandOverTemplate {
    public MpscUnboundedStrictChunkHandOverTest() {
        super(new MpscUnboundedArrayQueue<>(2, QueueContract.STRICT));
    }

    @Actor
    public void producer() {
        offer(1);
    }

    @Actor
    public void consumer(III_Result r) {
        offerThenPollThrice(2, r);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        drainAndCount(r);
    }
}
