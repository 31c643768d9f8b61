package io.contend.jcstress.queue;

import io.contend.queue.QueueContract;
import io.contend.queue.SpscGrowableArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Outcome;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link IsEmptyPollTemplate} on a STRICT SpscGrowableArrayQueue.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("STRICT: !isEmpty() means the consumer's poll() returns an element")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Empty, then nothing polled.")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "Empty, then the offer landed and was polled.")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "Not empty, and polled.")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Not empty, yet poll() returned null.")
@State
public class SpscGrowableStrictIsEmptyPollTest extends IsEmptyPollTemplate {
    public SpscGrowableStrictIsEmptyPollTest() {
        super(new SpscGrowableArrayQueue<>(2, 4, QueueContract.STRICT));
    }

    @Actor
    public void producer() {
        offerOne();
    }

    @Actor
    public void consumer(II_Result r) {
        checkThenPoll(r);
    }
}
