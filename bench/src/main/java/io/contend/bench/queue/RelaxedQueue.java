package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;

import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.Objects;

/**
 * A contend queue seen through its relaxed operations: {@code offer} is {@code relaxedOffer}, {@code poll} is
 * {@code relaxedPoll}, {@code peek} is {@code relaxedPeek}. Every kind's relaxed poll answers "empty" without the
 * full fence that a STRICT queue's poll takes first (see QueueContract); for the SPSC kinds of the default contract
 * it is poll itself, and for the MPSC kinds it also returns null at a slot whose claim is still in flight instead of
 * reading the producer's index to find out, as JCTools' relaxedPoll does; the lab's "contend vs contend-relaxed"
 * rows are that wait's price. The benchmarks no longer call through this class
 * (they call the relaxed methods directly, {@link QueueCalls}); it is the Queue view for set-up, drains and other
 * users of {@link QueueFactory#create}. Why not: one more monomorphic call per operation, which the JIT inlines
 * (-XX:+PrintInlining), but the call still loads the wrapped queue and checks its class: in a 12-round lab run,
 * when the SPSC relaxed poll was the same code as poll, the SPSC relaxed rows came out 0.7x-1.0x of the plain
 * ones, which shows how much a load and a compare per operation weigh in these benchmarks.
 *
 * @param <E> element type
 */
final class RelaxedQueue<E> extends AbstractQueue<E> {
    private final MessagePassingQueue<E> queue;

    RelaxedQueue(MessagePassingQueue<E> queue) {
        this.queue = Objects.requireNonNull(queue, "queue");
    }

    @Override
    public boolean offer(E e) {
        return queue.relaxedOffer(e);
    }

    @Override
    public E poll() {
        return queue.relaxedPoll();
    }

    @Override
    public E peek() {
        return queue.relaxedPeek();
    }

    @Override
    public int size() {
        return queue.size();
    }

    @Override
    public Iterator<E> iterator() {
        throw new UnsupportedOperationException("iteration is not offered");
    }

    @Override
    public String toString() {
        return "relaxed " + queue;
    }
}
