package io.contend.jcstress.queue;

import io.contend.queue.MpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link FullOfferTemplate} on a MpscArrayQueue of capacity 1: its ring is one slot, which the producer reuses
 * as soon as the consumer's index says it may (JCTools' MpscArrayQueue allows capacity 1 too).
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@Description("An offer racing the poll that frees a full queue's slot loses nothing")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The poll made room first; the offer landed after the rest.")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The offer found the queue full; nothing lost.")
@Outcome(expect = FORBIDDEN, desc = "An element lost, duplicated or out of order.")
@State
public class MpscArrayFullOfferTest extends FullOfferTemplate {
    public MpscArrayFullOfferTest() {
        super(new MpscArrayQueue<>(1));
    }

    @Actor
    public void producer() {
        offerOne();
    }

    @Actor
    public void consumer() {
        pollOne();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        checkContents(r);
    }
}
