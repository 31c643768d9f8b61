package io.contend.queue;

import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * java.util.Queue on top of a {@link MessagePassingQueue}: add/offer/remove/poll/element/peek with the
 * message-passing threading rules, and {@link QueueProgressIndicators}.
 *
 * <p>Iteration is where JCTools offers it: SpscArrayQueue, MpscArrayQueue and MpscUnboundedArrayQueue return a
 * weakly consistent iterator (see theirs), so {@code contains}, {@code toArray}, {@code forEach} and {@code stream}
 * work on them as weakly consistent reads from any thread; the iterator's {@code remove()} is not supported, so
 * {@code remove(Object)}, {@code removeAll}, {@code retainAll} and {@code removeIf} throw
 * UnsupportedOperationException when they find something to remove. The linked SPSC queues (chunked, growable,
 * unbounded) do not offer iteration, as JCTools' do not: {@link #iterator()} throws UnsupportedOperationException, and
 * so does every method of {@code Collection} that walks the elements. {@link #clear()} polls (consumer thread only),
 * and {@link #toString()} never throws.
 *
 * @param <E> element type
 */
public abstract class AbstractMessagePassingQueue<E> extends AbstractQueue<E>
        implements MessagePassingQueue<E>, QueueProgressIndicators {

    /** Whether {@link QueueContract#STRICT} holds: read on the cold paths only ("empty", "full", counts). */
    final boolean strict;

    /** Only this package's queues extend it: they keep its threading rules. */
    AbstractMessagePassingQueue(QueueContract contract) {
        this.strict = QueueContract.require(contract) == QueueContract.STRICT;
    }

    /** The producer index, with a volatile load: each queue's own, which names its field. */
    abstract long lvProducerIndex();

    /** The consumer index, with a volatile load: each queue's own, which names its field. */
    abstract long lvConsumerIndex();

    @Override
    public final long currentProducerIndex() {
        return lvProducerIndex();
    }

    @Override
    public final long currentConsumerIndex() {
        return lvConsumerIndex();
    }

    /** @return the contract this queue was built with: {@link QueueContract#BEST_EFFORT} unless asked otherwise */
    public final QueueContract contract() {
        return strict ? QueueContract.STRICT : QueueContract.BEST_EFFORT;
    }

    /**
     * Not offered here: see the class comment, and the queues that override it.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public Iterator<E> iterator() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not offer iteration");
    }

    @Override
    public void clear() {
        while (poll() != null) {
            // each poll also releases the slot
        }
    }

    @Override
    public int drain(Consumer<E> consumer, int limit) {
        QueueSupport.requireArgument(consumer, "consumer");
        QueueSupport.checkLimit(limit);
        int n = 0;
        E e;
        while (n < limit && (e = relaxedPoll()) != null) {
            n++;
            consumer.accept(e);
        }
        return n;
    }

    /** @return e.g. {@code SpscArrayQueue[capacity=1024, size=3, contract=BEST_EFFORT]}; never throws */
    @Override
    public String toString() {
        int capacity = capacity();
        return getClass().getSimpleName() + "[capacity=" + (capacity == UNBOUNDED_CAPACITY ? "unbounded" : capacity)
                + ", size=" + size() + ", contract=" + contract() + "]";
    }
}
