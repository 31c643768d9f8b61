package io.contend.queue;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of SpscChunkedArrayQueue (chunks of 2, bound 4) against the same queue run sequentially, with the thread roles of its
 * contract: producer operations (offer) in one non-parallel group, consumer operations in one
 * non-parallel group; size and isEmpty from any thread. A small capacity makes full and, for linked arrays,
 * new buffers part of the scenarios. CI budget: about 10 s a mode; {@code -Dcontend.lincheck.full=true} runs
 * Lincheck's defaults.
 */
@Param(name = "element", gen = IntGen.class, conf = "1:9")
public class SpscChunkedArrayQueueLincheckTest {
    private final MessagePassingQueue<Integer> queue = new SpscChunkedArrayQueue<>(2, 4);

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

    @Test
    public void stress() {
        StressOptions options = new StressOptions();
        if (!Boolean.getBoolean("contend.lincheck.full")) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }
}
