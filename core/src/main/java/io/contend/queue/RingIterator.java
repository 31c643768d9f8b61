package io.contend.queue;

/*
 * Implementation notes.
 *
 * Algorithm: the weakly consistent iterator of the array queues (SpscArrayQueue, MpscArrayQueue), with JCTools'
 * promise for theirs (ConcurrentCircularArrayQueue.iterator() since JCTools 3.0): the creating thread reads the
 * consumer index and then the producer index, and the iterator reads the slots of the positions between them, in
 * order, with volatile loads, returning each element it finds (holding the next one: WeakIterator).
 *
 * What a walk returns: only elements that producers offered (a null slot, a position taken or not yet written, is
 * skipped; so is the marker a queue passes as notAnElement, MpscArrayQueue's SKIP). Not a snapshot: a position the
 * consumer takes before the walk reaches it is a gap; an element the consumer has just taken may still be read
 * (SpscArrayQueue clears a slot after it moves its index); a slot the producers have reused after the ring wrapped
 * yields the newer element, out of queue order. It reads at most one ring's worth of positions, so no slot twice and
 * no element twice, and ends.
 *
 * Ordering: each slot is read with a volatile load and the producers store elements with release stores, so an
 * element returned is seen fully constructed, as by poll. The iterator writes nothing to the queue: creating and
 * walking it is safe from any thread, and the walking itself belongs to one thread.
 *
 * Checks: a walk is not one atomic read and promises no order of operations, so there is no Lincheck model of it;
 * QueueIterationTest walks the queues while a producer and the consumer run (it found walks that read a slot twice
 * before "end" was capped at one ring), and jcstress's MpscUnboundedIteratorTest races the unbounded queue's walk
 * against a chunk renumbered under it.
 */

/**
 * A weakly consistent walk over a ring's positions {@code [from, to)}: see the implementation notes. {@code remove()}
 * is not supported.
 *
 * @param <E> element type
 */
final class RingIterator<E> extends WeakIterator<E> {
    private final Object[] buffer;
    private final int mask;
    private final long end;
    private final Object notAnElement;
    private long position;

    /**
     * @param buffer the ring
     * @param mask ring size - 1
     * @param from the consumer index, read first
     * @param to the producer index, read after it
     * @param notAnElement a marker the ring may hold that is not an element, or null for none
     */
    RingIterator(Object[] buffer, int mask, long from, long to, Object notAnElement) {
        this.buffer = buffer;
        this.mask = mask;
        // The two indices are read at two moments: the producers may have lapped "from" by the second read, and a
        // walk longer than the ring would read a slot twice.
        this.end = to - from > buffer.length ? from + buffer.length : to;
        this.notAnElement = notAnElement;
        this.position = from;
        start();
    }

    @Override
    E advance() {
        while (position - end < 0) {
            Object e = Slots.lvElement(buffer, (int) position++ & mask);
            if (e != null && e != notAnElement) {
                @SuppressWarnings("unchecked")
                E element = (E) e;
                return element;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "RingIterator[position=" + position + ", end=" + end + ", hasNext=" + hasNext() + "]";
    }
}
