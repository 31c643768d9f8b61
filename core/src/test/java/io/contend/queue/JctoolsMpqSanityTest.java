package io.contend.queue;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.spec.ConcurrentQueueSpec;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.util.Collection;

/**
 * JCTools' own {@code MessagePassingQueue} test cases ({@code org.jctools.queues.MpqSanityTest}, from jctools-core's
 * published tests jar, unchanged) run against every contend queue kind under both contracts: the relaxed calls,
 * capacity, drain and fill (batches, limits, argument checks, the wait-strategy loops), happens-before through
 * perpetual drain and fill, sizes observed under contention, peek against poll. See {@link JctoolsQueueSanityTest}
 * for what is skipped.
 */
@SuppressWarnings("deprecation") // JCTools 4 deprecates ConcurrentQueueSpec, which its tests still take
@RunWith(Parameterized.class)
public class JctoolsMpqSanityTest extends org.jctools.queues.MpqSanityTest {

    /**
     * @param spec JCTools' description of the queue
     * @param queue the contend queue, seen through JCTools' interfaces
     */
    public JctoolsMpqSanityTest(ConcurrentQueueSpec spec, MessagePassingQueue<Integer> queue) {
        super(spec, queue);
    }

    /** @return every kind at two sizes, under both contracts */
    @Parameterized.Parameters(name = "{index}: {1}")
    public static Collection<Object[]> parameters() {
        return JctoolsKinds.all();
    }
}
