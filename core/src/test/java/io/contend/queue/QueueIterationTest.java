package io.contend.queue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The weakly consistent iterators of SpscArrayQueue, MpscArrayQueue and MpscUnboundedArrayQueue, with the promise
 * JCTools makes for its own: elements in order on a quiet queue, across a wrapped ring and across chunks; a prefetched
 * element that hasNext() and next() agree on whatever the consumer does between them; an iterator the consumer
 * outruns, which goes on from the consumer's position; the Collection methods that walk; and under contention, walks
 * that return only offered elements, once each, in order for the unbounded queue's one producer, and end.
 */
class QueueIterationTest {

    /** A kind that iterates, made with a given capacity (or chunk size). */
    record Kind(String name, IntFunction<AbstractMessagePassingQueue<Integer>> factory) {
        AbstractMessagePassingQueue<Integer> create(int size) {
            return factory.apply(size);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(new Kind("SpscArray", SpscArrayQueue::new),
                new Kind("SpscArray strict", n -> new SpscArrayQueue<>(n, QueueContract.STRICT)),
                new Kind("MpscArray", MpscArrayQueue::new),
                new Kind("MpscArray strict", n -> new MpscArrayQueue<>(n, QueueContract.STRICT)),
                new Kind("MpscUnbounded", MpscUnboundedArrayQueue::new),
                new Kind("MpscUnbounded strict", n -> new MpscUnboundedArrayQueue<>(n, QueueContract.STRICT)));
    }

    private static List<Integer> walk(Iterator<Integer> iterator) {
        List<Integer> seen = new ArrayList<>();
        iterator.forEachRemaining(seen::add);
        return seen;
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> values = new ArrayList<>();
        for (int i = from; i < to; i++) {
            values.add(i);
        }
        return values;
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void anEmptyQueueIteratesNothing(Kind kind) {
        Iterator<Integer> iterator = kind.create(4).iterator();
        assertFalse(iterator.hasNext());
        assertThrows(NoSuchElementException.class, iterator::next);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aQuietQueueIteratesInOrderAcrossWrapsAndChunks(Kind kind) {
        AbstractMessagePassingQueue<Integer> q = kind.create(4);
        int next = 0;
        for (int round = 0; round < 5; round++) { // moves the indices past the ring's end and through chunks
            for (int i = 0; i < 3; i++) {
                assertTrue(q.offer(next++));
            }
            int head = next - 3;
            assertEquals(range(head, next), walk(q.iterator()), kind + " round " + round);
            q.poll();
            assertEquals(range(head + 1, next), walk(q.iterator()), kind + " round " + round);
            q.clear();
            assertEquals(List.of(), walk(q.iterator()));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void hasNextAndNextAgreeWhenTheConsumerTakesEverythingBetween(Kind kind) {
        AbstractMessagePassingQueue<Integer> q = kind.create(4);
        for (int i = 0; i < 4; i++) {
            q.offer(i);
        }
        Iterator<Integer> iterator = q.iterator();
        assertTrue(iterator.hasNext());
        q.clear();
        assertTrue(q.isEmpty());
        assertTrue(iterator.hasNext(), "the element it holds");
        assertEquals(0, iterator.next());
        assertFalse(iterator.hasNext());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void anIteratorOutrunByTheConsumerGoesOnFromTheConsumer(Kind kind) {
        AbstractMessagePassingQueue<Integer> q = kind.create(4);
        for (int i = 0; i < 4; i++) {
            q.offer(i);
        }
        Iterator<Integer> iterator = q.iterator();
        List<Integer> seen = new ArrayList<>();
        seen.add(iterator.next()); // 0; 1 is held
        for (int i = 0; i < 3; i++) {
            q.poll(); // 0, 1, 2: for the unbounded queue at chunk 4, the consumer is at the chunk's last slot
        }
        seen.addAll(walk(iterator));
        assertEquals(List.of(0, 1, 3), seen);
    }

    @Test
    void theUnboundedIteratorFollowsTheConsumerIntoLaterChunks() {
        MpscUnboundedArrayQueue<Integer> q = new MpscUnboundedArrayQueue<>(2);
        for (int i = 0; i < 7; i++) {
            q.offer(i);
        }
        Iterator<Integer> iterator = q.iterator();
        assertEquals(0, iterator.next());
        for (int i = 0; i < 5; i++) {
            q.poll(); // leaves chunks 0 and 1 (chunk 0's next is cut) and takes 4
        }
        for (int i = 7; i < 11; i++) {
            q.offer(i); // links chunks 4 and 5 and moves the producers' hint there
        }
        assertEquals(List.of(1, 5, 6), walk(iterator), "the held element, then from the consumer to the end it saw");
        assertEquals(range(5, 11), walk(q.iterator()));
    }

    /**
     * The iterator holds chunk 0 when the consumer leaves it and a producer takes it back as chunk 3 (the consumer
     * kept up, so chunk 0 became the spare): the walk must not read chunk 3's elements as positions of chunk 0.
     */
    @Test
    void theUnboundedIteratorDoesNotReadAChunkRenumberedUnderIt() {
        MpscUnboundedArrayQueue<Integer> q = new MpscUnboundedArrayQueue<>(2);
        for (int i = 0; i < 4; i++) {
            q.offer(i); // chunks 0 and 1
        }
        Iterator<Integer> iterator = q.iterator(); // holds 0 and chunk 0
        for (int i = 0; i < 4; i++) {
            assertEquals(i, q.poll()); // the consumer leaves chunk 0, retired until position 4
        }
        q.offer(4); // chunk 2
        assertEquals(4, q.poll()); // leaves chunk 1: every position below 4 is taken, so chunk 0 is the spare
        for (int i = 5; i < 8; i++) {
            q.offer(i); // 6 and 7 go to chunk 3, chunk 0's array
        }
        assertEquals(List.of(0), walk(iterator), "the held element; the positions it counted are all taken");
        assertEquals(range(5, 8), walk(q.iterator()));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void collectionWalksReadWithoutTaking(Kind kind) {
        AbstractMessagePassingQueue<Integer> q = kind.create(8);
        for (int i = 0; i < 5; i++) {
            q.offer(i);
        }
        assertTrue(q.contains(3));
        assertFalse(q.contains(7));
        assertTrue(q.containsAll(List.of(1, 4)));
        assertArrayEquals(new Object[] {0, 1, 2, 3, 4}, q.toArray());
        assertArrayEquals(new Integer[] {0, 1, 2, 3, 4}, q.toArray(new Integer[0]));
        assertEquals(10, q.stream().mapToInt(Integer::intValue).sum());
        List<Integer> each = new ArrayList<>();
        q.forEach(each::add);
        assertEquals(range(0, 5), each);
        assertFalse(q.remove((Object) 9), "nothing to remove: the walk finds nothing");
        assertThrows(UnsupportedOperationException.class, () -> q.remove((Object) 2));
        Iterator<Integer> iterator = q.iterator();
        iterator.next();
        assertThrows(UnsupportedOperationException.class, iterator::remove);
        assertEquals(5, q.size(), "no walk took anything");
        assertEquals(0, q.poll());
    }

    @Test
    void mpscArrayIterationSkipsTheMarkOfAFailedSupplier() {
        MpscArrayQueue<Integer> q = new MpscArrayQueue<>(8);
        q.offer(1);
        assertThrows(IllegalStateException.class, () -> q.fill(() -> {
            throw new IllegalStateException("supplier failed");
        }, 1));
        q.offer(2);
        assertEquals(List.of(1, 2), walk(q.iterator()));
        assertEquals(3, q.size(), "the mark counts until the consumer steps over it");
        assertEquals(1, q.poll());
        assertEquals(2, q.poll());
    }

    @Test
    void theLinkedSpscQueuesDoNotIterate() {
        for (AbstractMessagePassingQueue<Integer> q : linkedSpscQueues()) {
            q.offer(1);
            assertThrows(UnsupportedOperationException.class, q::iterator, q.toString());
            assertThrows(UnsupportedOperationException.class, () -> q.contains(1), q.toString());
            assertEquals(1, q.size());
        }
    }

    /** The queues of the contended walk, with the size each is made with. */
    record Sized(Kind kind, int size) {
        @Override
        public String toString() {
            return kind + " " + size;
        }
    }

    static Stream<Sized> contended() {
        return Stream.of(new Sized(new Kind("SpscArray", SpscArrayQueue::new), 8),
                new Sized(new Kind("MpscArray", MpscArrayQueue::new), 8),
                new Sized(new Kind("MpscUnbounded", MpscUnboundedArrayQueue::new), 2),
                new Sized(new Kind("MpscUnbounded", MpscUnboundedArrayQueue::new), 8));
    }

    /** The kinds that do not iterate, as JCTools' do not. */
    private static List<AbstractMessagePassingQueue<Integer>> linkedSpscQueues() {
        return List.of(new SpscChunkedArrayQueue<>(4, 16), new SpscGrowableArrayQueue<>(2, 16),
                new SpscUnboundedArrayQueue<>(2));
    }

    /**
     * One producer offers 0, 1, 2, ... and the consumer polls them while a third thread walks the queue again and
     * again: each walk returns only offered values, none twice; for the unbounded queue, whose positions map to its
     * slots one to one, in increasing order. Oversubscribed on 2 CPUs on purpose: a walker descheduled in the middle
     * of a chunk is what the consumer outruns.
     */
    @ParameterizedTest
    @MethodSource("contended")
    @Timeout(60)
    void walksUnderContentionReturnOnlyOfferedElementsOnce(Sized sized) throws InterruptedException {
        AbstractMessagePassingQueue<Integer> q = sized.kind().create(sized.size());
        int total = 400_000;
        boolean ordered = q instanceof MpscUnboundedArrayQueue;
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            for (int i = 0; i < total; i++) {
                while (!q.offer(i)) {
                    Thread.onSpinWait();
                }
            }
        });
        Thread consumer = new Thread(() -> {
            int expected = 0;
            while (expected < total) {
                Integer e = q.poll();
                if (e != null) {
                    if (e != expected) {
                        failure.compareAndSet(null, new AssertionError("polled " + e + ", expected " + expected));
                        return;
                    }
                    expected++;
                }
            }
        });
        long[] walks = new long[1];
        Thread walker = new Thread(() -> {
            try {
                while (!done.get()) {
                    int last = -1;
                    Set<Integer> seen = new HashSet<>();
                    for (Iterator<Integer> it = q.iterator(); it.hasNext(); ) {
                        Object e = it.next();
                        if (!(e instanceof Integer) || (Integer) e < 0 || (Integer) e >= total) {
                            throw new AssertionError("walk returned " + e);
                        }
                        int value = (Integer) e;
                        if (!seen.add(value)) {
                            throw new AssertionError("walk returned " + value + " twice");
                        }
                        if (ordered && value <= last) {
                            throw new AssertionError("walk returned " + value + " after " + last);
                        }
                        last = value;
                    }
                    walks[0]++;
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        });
        walker.start();
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        done.set(true);
        walker.join();
        if (failure.get() != null) {
            throw new AssertionError(sized.toString(), failure.get());
        }
        assertTrue(walks[0] > 0, "the walker walked");
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void progressIndicatorsCountPositions(Kind kind) {
        AbstractMessagePassingQueue<Integer> q = kind.create(4);
        assertEquals(0, q.currentProducerIndex());
        assertEquals(0, q.currentConsumerIndex());
        for (int i = 0; i < 6; i++) {
            q.offer(i);
            q.poll();
        }
        q.offer(6);
        assertEquals(7, q.currentProducerIndex());
        assertEquals(6, q.currentConsumerIndex());
    }

    @Test
    void linkedQueuesCountPositionsToo() {
        for (AbstractMessagePassingQueue<Integer> q : linkedSpscQueues()) {
            for (int i = 0; i < 10; i++) {
                q.offer(i);
            }
            for (int i = 0; i < 3; i++) {
                q.poll();
            }
            assertEquals(10, q.currentProducerIndex(), q.toString());
            assertEquals(3, q.currentConsumerIndex(), q.toString());
        }
    }

    @Test
    void offerIfBelowThresholdStopsAtTheThresholdItIsGiven() {
        for (QueueContract contract : QueueContract.values()) {
            MpscArrayQueue<Integer> q = new MpscArrayQueue<>(16, contract);
            for (int i = 0; i < 8; i++) {
                assertTrue(q.offerIfBelowThreshold(i, 8));
            }
            assertFalse(q.offerIfBelowThreshold(8, 8));
            assertFalse(q.offerIfBelowThreshold(8, 1));
            assertFalse(q.offerIfBelowThreshold(8, 0));
            assertTrue(q.offerIfBelowThreshold(8, 9));
            assertEquals(9, q.size());
            assertEquals(0, q.poll());
            assertTrue(q.offerIfBelowThreshold(9, 9), "room again once the consumer took one");
            for (int i = 10; i < 17; i++) {
                assertTrue(q.offerIfBelowThreshold(i, 1_000), "a threshold above the capacity acts as the capacity");
            }
            assertFalse(q.offerIfBelowThreshold(17, 1_000));
            assertEquals(16, q.size());
            assertEquals(range(1, 17), walk(q.iterator()));
            assertThrows(IllegalArgumentException.class, () -> q.offerIfBelowThreshold(1, -1));
            assertThrows(NullPointerException.class, () -> q.offerIfBelowThreshold(null, 4));
        }
    }

    @Test
    void oneArgumentLinkedConstructorsPickTheirFirstBuffer() {
        assertEquals(128, new SpscChunkedArrayQueue<Integer>(100).capacity());
        assertEquals(2, new SpscChunkedArrayQueue<Integer>(2).capacity());
        assertEquals(1 << 20, new SpscGrowableArrayQueue<Integer>(1 << 20).capacity());
        assertEquals(16, QueueSupport.firstBuffer("maxCapacity", 100));
        assertEquals(4, QueueSupport.firstBuffer("maxCapacity", 3));
        assertEquals(4096, QueueSupport.firstBuffer("maxCapacity", 1 << 30));
        assertThrows(IllegalArgumentException.class, () -> new SpscChunkedArrayQueue<Integer>(1));
        assertThrows(IllegalArgumentException.class, () -> new SpscGrowableArrayQueue<Integer>(0));
        SpscChunkedArrayQueue<Integer> q = new SpscChunkedArrayQueue<>(100);
        for (int i = 0; i < 128; i++) {
            assertTrue(q.offer(i));
        }
        assertFalse(q.offer(128));
    }
}
