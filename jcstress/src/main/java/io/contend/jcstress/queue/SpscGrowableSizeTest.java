package io.contend.jcstress.queue;

import io.contend.queue.SpscGrowableArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link SizeTemplate} on SpscGrowableArrayQueue, starting with 4 elements.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@JCStressMeta(SizeTemplate.class)
@State
public class SpscGrowableSizeTest extends SizeTemplate {
    public SpscGrowableSizeTest() {
        super(new SpscGrowableArrayQueue<>(2, 4), 4);
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
