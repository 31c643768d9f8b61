package io.contend.queue;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The shape of the queues' weakly consistent iterators: each holds the next element it will return, found by
 * {@link #advance()}, so that {@code hasNext()} and {@code next()} agree whatever the consumer does between them
 * (JCTools' iterators hold theirs for the same reason). A subclass calls {@link #start()} once its own fields are set.
 * {@code remove()} is not supported.
 *
 * @param <E> element type
 */
abstract class WeakIterator<E> implements Iterator<E> {
    private E next;

    /** Finds the first element: the last step of a subclass's constructor. */
    final void start() {
        next = advance();
    }

    /** @return the next element of the walk, or null when it has ended */
    abstract E advance();

    @Override
    public final boolean hasNext() {
        return next != null;
    }

    @Override
    public final E next() {
        E e = next;
        if (e == null) {
            throw new NoSuchElementException();
        }
        next = advance();
        return e;
    }
}
