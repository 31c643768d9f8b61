package io.contend.jcstress.queue;

import io.contend.queue.QueueContract;
import io.contend.queue.SpscChunkedArrayQueue;
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
 * {@link FillPollTemplate} on a STRICT SpscChunkedArrayQueue with chunks of 2 and capacity 4: the fill links chunks.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: A fill racing polls publishes every element whole, in order, and loses none")
@Outcome(id = {"2, 2, 1", "2, 3, 1", "2, 4, 1", "3, 2, 1", "3, 3, 1", "3, 4, 1", "4, 2, 1", "4, 3, 1", "4, 4, 1"},
        expect = ACCEPTABLE,
        desc = "Fill added r1; the consumer saw the first r2 elements, in order; the arbiter the rest.")
@Outcome(expect = FORBIDDEN, desc = "An element seen half-constructed, out of order, twice, or lost.")
@State
public class SpscChunkedStrictFillPollTest extends FillPollTemplate {
    public SpscChunkedStrictFillPollTest() {
        super(new SpscChunkedArrayQueue<>(2, 4, QueueContract.STRICT));
    }

    @Actor
    public void producer() {
        fillFour();
    }

    @Actor
    public void consumer() {
        pollFour();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        checkAll(r);
    }
}
