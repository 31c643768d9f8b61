package io.contend.jcstress.queue;

import io.contend.queue.MpscUnboundedArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@link PublicationTemplate} on MpscUnboundedArrayQueue.
 * Every queue kind's test has this same shape, on purpose: jcstress takes actors only from the test class
 * itself (see the package notes).
 */
@JCStressTest
@JCStressMeta(PublicationTemplate.class)
@State
public class MpscUnboundedPublicationTest extends PublicationTemplate {
    public MpscUnboundedPublicationTest() {
        super(new MpscUnboundedArrayQueue<>(2));
    }

    @Actor
    public void producer() {
        offerSecond();
    }

    @Actor
    public void consumer(II_Result r) {
        pollBoth(r);
    }
}
