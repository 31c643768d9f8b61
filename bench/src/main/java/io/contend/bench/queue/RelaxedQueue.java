package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;

import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.Objects;

/**
 * A contend queue seen through its relaxed operations: {@code offer} is {@code relaxedOffer}, {@code poll} is
 * {@code relaxedPoll}, {@code peek} is {@code relaxedPeek}. The relaxed poll returns null at a slot whose offer
 * is still in flight instead of reading the producer's index to find out, which is what JCTools' poll does; the
 * lab measures both so that the price of contend's linearizable poll (its agreement with size() and
 * isEmpty()) is a number in the table. One more monomorphic call per operation, which the JIT inlines.
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
