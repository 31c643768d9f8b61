package io.contend.jcstress.queue;

import io.contend.queue.MpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@link IsEmptyPollTemplate} on MpscArrayQueue.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@JCStressMeta(IsEmptyPollTemplate.class)
@State
public class MpscArrayIsEmptyPollTest extends IsEmptyPollTemplate {
    public MpscArrayIsEmptyPollTest() {
        super(new MpscArrayQueue<>(2));
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
