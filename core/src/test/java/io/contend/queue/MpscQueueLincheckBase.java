package io.contend.queue;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of a multi-producer queue against the same queue run sequentially, with the thread roles of its
 * contract: offers from any thread, consumer operations in one non-parallel group; size and isEmpty from any
 * thread. Subclasses give the queue. CI budget: about 10 s a mode; {@code -Dcontend.lincheck.full=true} runs
 * Lincheck's defaults.
 */
@Param(name = "element", gen = IntGen.class, conf = "1:9")
public abstract class MpscQueueLincheckBase {
    private final MessagePassingQueue<Integer> queue;

    /** @param queue an empty queue with a small capacity, so that full and new buffers are in the scenarios */
    protected MpscQueueLincheckBase(MessagePassingQueue<Integer> queue) {
        this.queue = queue;
    }

    @Operation
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

    @Test
    public void stress() {
        StressOptions options = new StressOptions();
        if (!Boolean.getBoolean("contend.lincheck.full")) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }
}
