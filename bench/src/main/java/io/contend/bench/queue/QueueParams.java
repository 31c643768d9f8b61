package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.Queue;

/**
 * The parameters the two queue benchmarks share, and the message they pass. Their state classes extend this
 * class and declare their own scope: JMH reads {@code @Param} fields of a state's superclasses too, and wants
 * them in a class marked {@code @State} (the scope here is never used: the class is abstract).
 */
@State(Scope.Thread)
public abstract class QueueParams {
    /** Queue kind: SpscArray, SpscChunked, SpscGrowable, SpscUnbounded, MpscArray, MpscUnbounded. */
    @Param({QueueFactory.SPSC_ARRAY, QueueFactory.SPSC_CHUNKED, QueueFactory.SPSC_GROWABLE, QueueFactory.SPSC_UNBOUNDED,
            QueueFactory.MPSC_ARRAY, QueueFactory.MPSC_UNBOUNDED})
    public String queue;

    /**
     * Implementation: contend (its default contract), contend-strict (built STRICT), contend-relaxed (its relaxed
     * calls), jctools (Unsafe), jctools-varhandle, or jdk (not for chunked or growable).
     */
    @Param({QueueFactory.CONTEND, QueueFactory.CONTEND_STRICT, QueueFactory.CONTEND_RELAXED, QueueFactory.JCTOOLS, QueueFactory.JCTOOLS_VARHANDLE,
            QueueFactory.JDK})
    public String impl;

    /** Chunk size (initial capacity for growable) of the linked-array kinds; ignored by the others. */
    @Param({"128"})
    public int chunk;

    /** The message: one preallocated object, offered again and again. */
    final Integer message = Integer.valueOf(20_230_004);

    /** @return a new queue of the parameters' kind and implementation */
    Queue<Integer> newQueue(int capacity) {
        return QueueFactory.create(queue, impl, chunk, capacity);
    }

    /**
     * @return for {@code impl=contend-relaxed}, a new contend queue of the parameters' kind, which the benchmark
     *         calls through relaxedOffer and relaxedPoll ({@link QueueCalls}); null for every other implementation
     */
    MessagePassingQueue<Integer> newRelaxedTarget(int capacity) {
        return impl.equals(QueueFactory.CONTEND_RELAXED) ? QueueFactory.createContend(queue, chunk, capacity) : null;
    }

    /**
     * @param relaxedTarget what {@link #newRelaxedTarget} returned
     * @return the queue as a Queue: the relaxed target seen through {@link RelaxedQueue} (for set-up and drains),
     *         or else a new queue of the parameters' kind and implementation
     */
    Queue<Integer> queueOf(MessagePassingQueue<Integer> relaxedTarget, int capacity) {
        return relaxedTarget != null ? new RelaxedQueue<>(relaxedTarget) : newQueue(capacity);
    }
}
