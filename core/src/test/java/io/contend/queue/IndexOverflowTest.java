package io.contend.queue;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.function.LongConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queues stay right when their long indices overflow (after 2^63 operations, so only reachable by setting the
 * indices): offers, polls, size() and isEmpty() across Long.MAX_VALUE to Long.MIN_VALUE. JCTools tests the same for
 * its SpscArrayQueue (QueueSanityTestSpscArrayExtended.shouldWorkAfterWrap); this covers every indexed kind here.
 * MpscUnboundedArrayQueue numbers its chunks from position 0 and is not started near the overflow.
 */
class IndexOverflowTest {
    private static final long START = Long.MAX_VALUE - 40;

    @Test
    void spscArrayAtMaxValueAsJCToolsChecksIt() {
        SpscArrayQueue<Object> q = new SpscArrayQueue<>(1024);
        q.soConsumerIndex(Long.MAX_VALUE);
        q.soProducerIndex(Long.MAX_VALUE);
        q.producerLimit = Long.MAX_VALUE;
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        Object e = new Object();
        for (int round = 0; round < 2; round++) {
            assertTrue(q.offer(e));
            assertFalse(q.isEmpty());
            assertEquals(1, q.size(), "size after the producer index overflowed");
            assertSame(e, q.poll());
            assertTrue(q.isEmpty());
            assertEquals(0, q.size());
        }
    }

    @Test
    void spscArray() {
        SpscArrayQueue<Integer> q = new SpscArrayQueue<>(16);
        startAt(q::soProducerIndex, q::soConsumerIndex);
        check(q, 16);
    }

    @Test
    void mpscArray() {
        MpscArrayQueue<Integer> q = new MpscArrayQueue<>(16);
        q.soConsumerIndex(START);
        assertTrue(q.casProducerIndex(0, START));
        check(q, 16);
    }

    @Test
    void spscChunked() {
        SpscChunkedArrayQueue<Integer> q = new SpscChunkedArrayQueue<>(4, 16);
        startAt(q::soProducerIndex, q::soConsumerIndex);
        check(q, 16);
    }

    @Test
    void spscGrowable() {
        SpscGrowableArrayQueue<Integer> q = new SpscGrowableArrayQueue<>(2, 16);
        startAt(q::soProducerIndex, q::soConsumerIndex);
        check(q, 16);
    }

    @Test
    void spscUnbounded() {
        SpscUnboundedArrayQueue<Integer> q = new SpscUnboundedArrayQueue<>(4);
        startAt(q::soProducerIndex, q::soConsumerIndex);
        check(q, -1);
    }

    private static void startAt(LongConsumer producerIndex, LongConsumer consumerIndex) {
        consumerIndex.accept(START);
        producerIndex.accept(START);
    }

    /**
     * Rounds of offers then polls of growing length, so the overflow is crossed with the queue empty, partly full and
     * (bounded kinds) full; every step checks size(), isEmpty() and peek() against a model, and FIFO order.
     */
    private static void check(AbstractMessagePassingQueue<Integer> q, int capacity) {
        ArrayDeque<Integer> model = new ArrayDeque<>();
        int next = 0;
        for (int round = 1; round <= 40; round++) {
            int offers = capacity > 0 ? Math.min(round, capacity + 1) : round;
            for (int i = 0; i < offers; i++) {
                boolean room = capacity < 0 || model.size() < capacity;
                assertEquals(room, q.offer(next), "offer " + next + " with " + model.size() + " held");
                if (room) {
                    model.add(next);
                }
                next++;
                agree(q, model);
            }
            int polls = round / 2 + 1;
            for (int i = 0; i < polls; i++) {
                assertEquals(model.poll(), q.poll());
                agree(q, model);
            }
        }
        while (!model.isEmpty()) {
            assertEquals(model.poll(), q.poll());
        }
        assertNull(q.poll());
        agree(q, model);
    }

    private static void agree(AbstractMessagePassingQueue<Integer> q, ArrayDeque<Integer> model) {
        assertEquals(model.size(), q.size(), "size");
        assertEquals(model.isEmpty(), q.isEmpty(), "isEmpty");
        assertEquals(model.peek(), q.peek(), "peek");
    }
}
