package io.contend.queue;

import io.contend.idle.IdleStrategy;
import org.jctools.queues.IndexedQueueSizeUtil.IndexedQueue;
import org.jctools.queues.SupportsIterator;

import java.util.AbstractQueue;
import java.util.Collection;
import java.util.Iterator;

/**
 * A contend queue seen through JCTools' interfaces ({@code org.jctools.queues.MessagePassingQueue}, its progress
 * indicators and indexed-queue view), so that JCTools' own test cases run against it. Every call goes to the
 * contend queue unchanged, a null argument included, so that the argument checks tested are contend's; the only
 * translation is between the two libraries' functional types. JCTools' wait strategy (a counter passed in and
 * returned) becomes an {@link IdleStrategy} that keeps the counter and resets it after work, as JCTools' drain and
 * fill loops do.
 *
 * @param <E> element type
 */
class JctoolsView<E> extends AbstractQueue<E>
        implements org.jctools.queues.MessagePassingQueue<E>, org.jctools.queues.QueueProgressIndicators, IndexedQueue {
    final AbstractMessagePassingQueue<E> queue;

    JctoolsView(AbstractMessagePassingQueue<E> queue) {
        this.queue = queue;
    }

    /**
     * The view JCTools' tests expect of the queue: one that says it supports iteration (JCTools'
     * {@link SupportsIterator} marker) for the kinds that iterate (the array kinds and the unbounded MPSC queue).
     */
    static <E> JctoolsView<E> of(AbstractMessagePassingQueue<E> queue) {
        boolean iterates = !(queue instanceof SpscLinkedArrayQueue);
        return iterates ? new Iterating<>(queue) : new JctoolsView<>(queue);
    }

    @Override
    public boolean offer(E e) {
        return queue.offer(e);
    }

    @Override
    public E poll() {
        return queue.poll();
    }

    @Override
    public E peek() {
        return queue.peek();
    }

    @Override
    public int size() {
        return queue.size();
    }

    @Override
    public boolean isEmpty() {
        return queue.isEmpty();
    }

    @Override
    public void clear() {
        queue.clear();
    }

    @Override
    public Iterator<E> iterator() {
        return queue.iterator();
    }

    @Override
    public boolean remove(Object o) {
        return queue.remove(o);
    }

    @Override
    public boolean contains(Object o) {
        return queue.contains(o);
    }

    @Override
    public Object[] toArray() {
        return queue.toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        return queue.toArray(a);
    }

    @Override
    public boolean add(E e) {
        return queue.add(e);
    }

    @Override
    public E remove() {
        return queue.remove();
    }

    @Override
    public E element() {
        return queue.element();
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        return queue.addAll(c);
    }

    @Override
    public int capacity() {
        return queue.capacity();
    }

    @Override
    public boolean relaxedOffer(E e) {
        return queue.relaxedOffer(e);
    }

    @Override
    public E relaxedPoll() {
        return queue.relaxedPoll();
    }

    @Override
    public E relaxedPeek() {
        return queue.relaxedPeek();
    }

    @Override
    public int drain(Consumer<E> c, int limit) {
        return queue.drain(c == null ? null : c::accept, limit);
    }

    @Override
    public int fill(Supplier<E> s, int limit) {
        return queue.fill(s == null ? null : s::get, limit);
    }

    @Override
    public int drain(Consumer<E> c) {
        return queue.drain(c == null ? null : c::accept);
    }

    @Override
    public int fill(Supplier<E> s) {
        return queue.fill(s == null ? null : s::get);
    }

    @Override
    public void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        queue.drain(c == null ? null : c::accept, idle(wait), exit == null ? null : exit::keepRunning);
    }

    @Override
    public void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        queue.fill(s == null ? null : s::get, idle(wait), exit == null ? null : exit::keepRunning);
    }

    private static IdleStrategy idle(WaitStrategy wait) {
        if (wait == null) {
            return null;
        }
        return new IdleStrategy() {
            private int counter;

            @Override
            public void idle() {
                counter = wait.idle(counter);
            }

            @Override
            public void reset() {
                counter = 0;
            }

            @Override
            public String spec() {
                return "jctools:" + wait;
            }
        };
    }

    @Override
    public long currentProducerIndex() {
        return queue.currentProducerIndex();
    }

    @Override
    public long currentConsumerIndex() {
        return queue.currentConsumerIndex();
    }

    @Override
    public long lvConsumerIndex() {
        return queue.currentConsumerIndex();
    }

    @Override
    public long lvProducerIndex() {
        return queue.currentProducerIndex();
    }

    /** The contend queue's own text, which names its kind, capacity and contract: it names each test's parameters. */
    @Override
    public String toString() {
        return queue.toString();
    }

    /** A kind that iterates. */
    static final class Iterating<E> extends JctoolsView<E> implements SupportsIterator {
        Iterating(AbstractMessagePassingQueue<E> queue) {
            super(queue);
        }
    }
}
