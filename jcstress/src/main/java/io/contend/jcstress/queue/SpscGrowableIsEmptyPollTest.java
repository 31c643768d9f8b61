package io.contend.jcstress.queue;

import io.contend.queue.SpscGrowableArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@link IsEmptyPollTemplate} on SpscGrowableArrayQueue.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@JCStressMeta(IsEmptyPollTemplate.class)
@State
public class SpscGrowableIsEmptyPollTest extends IsEmptyPollTemplate {
    public SpscGrowableIsEmptyPollTest() {
        super(new SpscGrowableArrayQueue<>(2, 4));
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
