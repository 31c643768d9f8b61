package io.contend.jcstress.queue;

import io.contend.queue.MpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link SizeTemplate} on MpscArrayQueue, starting with 2 elements.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@JCStressMeta(SizeTemplate.class)
@State
public class MpscArraySizeTest extends SizeTemplate {
    public MpscArraySizeTest() {
        super(new MpscArrayQueue<>(2), 2);
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
