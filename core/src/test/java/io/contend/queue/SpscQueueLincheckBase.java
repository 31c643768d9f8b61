package io.contend.queue;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of a single-producer queue against the same queue run sequentially, with the thread roles of its
 * contract: producer operations (offer) in one non-parallel group, consumer operations in one non-parallel group; size and isEmpty from any
 * thread. Subclasses give the queue; for a {@link QueueContract#STRICT} queue they also run {@link #checkStress()}.
 * CI budget: about 10 s a mode; {@code -Dcontend.lincheck.full=true} runs
 * Lincheck's defaults.
 */
@Param(name = "element", gen = IntGen.class, conf = "1:9")
public abstract class SpscQueueLincheckBase {
    private final MessagePassingQueue<Integer> queue;

    /** @param queue an empty queue with a small capacity, so that full and new buffers are in the scenarios */
    protected SpscQueueLincheckBase(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
    }

    @Operation(nonParallelGroup = "producer")
    public boolean offer(@Param(name = "element") int element) {
        return queue.offer(element);
    }

    @Operation(nonParallelGroup = "consumer")
    public Integer poll() {
        return queue.poll();
    }

    @Operation(nonParallelGroup = "consumer")
    public Integer peek() {
        return queue.peek();
    }

    @Operation
    public int size() {
        return queue.size();
    }

    @Operation
    public boolean isEmpty() {
        return queue.isEmpty();
    }

    @Test
    public void modelChecking() {
        ModelCheckingOptions options = new ModelCheckingOptions();
        if (!Boolean.getBoolean("contend.lincheck.full")) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }

    /**
     * Lincheck's stress mode, on real threads: for {@link QueueContract#STRICT} queues only. Under
     * {@link QueueContract#BEST_EFFORT} size() and isEmpty() may miss the other thread's stores still in a store
     * buffer, which is not linearizable and is allowed; the model checker runs sequentially consistent interleavings,
     * where both contracts must be linearizable. A STRICT subclass calls this from its own {@code @Test}.
     */
    protected final void checkStress() {
        StressOptions options = new StressOptions();
        if (!Boolean.getBoolean("contend.lincheck.full")) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }
}
