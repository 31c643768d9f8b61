package io.contend.queue;

import org.jctools.queues.spec.ConcurrentQueueSpec;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.util.Collection;
import java.util.Queue;

/**
 * JCTools' own {@code java.util.Queue} test cases ({@code org.jctools.queues.QueueSanityTest}, from jctools-core's
 * published tests jar, unchanged) run against every contend queue kind under both contracts: FIFO, sizes, peek and
 * poll after isEmpty, happens-before through the queue, size never below 0 or above the capacity under contention,
 * iteration. Their concurrent cases run for {@code org.jctools.concTestDurationMs} each (set in the module's POM).
 * A case that JCTools skips for a kind by assumption (bounded-only cases on unbounded kinds, iteration on kinds that
 * do not iterate, multi-consumer cases) is skipped here too.
 */
@SuppressWarnings("deprecation") // JCTools 4 deprecates ConcurrentQueueSpec, which its tests still take
@RunWith(Parameterized.class)
public class JctoolsQueueSanityTest extends org.jctools.queues.QueueSanityTest {

    /**
     * @param spec JCTools' description of the queue
     * @param queue the contend queue, seen through JCTools' interfaces
     */
    public JctoolsQueueSanityTest(ConcurrentQueueSpec spec, Queue<Integer> queue) {
        super(spec, queue);
    }

    /** @return every kind at two sizes, under both contracts */
    @Parameterized.Parameters(name = "{index}: {1}")
    public static Collection<Object[]> parameters() {
        return JctoolsKinds.all();
    }
}
