package io.contend.jcstress.queue;

import io.contend.queue.SpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@link IsEmptyPollTemplate} on SpscArrayQueue.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@JCStressMeta(IsEmptyPollTemplate.class)
@State
public class SpscArrayIsEmptyPollTest extends IsEmptyPollTemplate {
    public SpscArrayIsEmptyPollTest() {
        super(new SpscArrayQueue<>(2));
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
