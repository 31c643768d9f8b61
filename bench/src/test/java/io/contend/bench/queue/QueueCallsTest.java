package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueueCallsTest {

    /** Records which of its calls the benchmark made; holds elements in an ArrayDeque. */
    private static final class CallLog implements MessagePassingQueue<Integer> {
        final ArrayDeque<Integer> elements = new ArrayDeque<>();
        final StringBuilder calls = new StringBuilder();

        @Override
        public boolean offer(Integer e) {
            calls.append("offer ");
            return elements.offer(e);
        }

        @Override
        public Integer poll() {
            calls.append("poll ");
            return elements.poll();
        }

        @Override
        public boolean relaxedOffer(Integer e) {
            calls.append("relaxedOffer ");
            return elements.offer(e);
        }

        @Override
        public Integer relaxedPoll() {
            calls.append("relaxedPoll ");
            return elements.poll();
        }

        @Override
        public Integer peek() {
            return elements.peek();
        }

        @Override
        public int size() {
            return elements.size();
        }

        @Override
        public boolean isEmpty() {
            return elements.isEmpty();
        }

        @Override
        public int capacity() {
            return Integer.MAX_VALUE;
        }

        @Override
        public void clear() {
            elements.clear();
        }

        @Override
        public int drain(Consumer<Integer> consumer, int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int fill(Supplier<Integer> supplier, int limit) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void aRelaxedTargetTakesTheRelaxedCallsAndTheQueueViewNone() {
        CallLog relaxed = new CallLog();
        Queue<Integer> view = new ArrayDeque<>(); // must stay untouched
        Integer message = 7;
        assertTrue(QueueCalls.offer(view, relaxed, message));
        assertSame(message, QueueCalls.poll(view, relaxed));
        assertNull(QueueCalls.poll(view, relaxed));
        assertEquals("relaxedOffer relaxedPoll relaxedPoll ", relaxed.calls.toString());
        assertTrue(view.isEmpty());
    }

    @Test
    void withoutARelaxedTargetTheQueueTakesItsOwnCalls() {
        Queue<Integer> queue = new ArrayDeque<>();
        assertTrue(QueueCalls.offer(queue, null, 3));
        assertEquals(1, queue.size());
        assertEquals(3, QueueCalls.poll(queue, null));
        assertNull(QueueCalls.poll(queue, null));
    }

    @Test
    void onlyContendRelaxedGetsARelaxedTarget() {
        for (String impl : QueueFactory.IMPLS) {
            QueueParams params = new QueueParams() { };
            params.queue = QueueFactory.SPSC_ARRAY;
            params.impl = impl;
            params.chunk = 16;
            MessagePassingQueue<Integer> target = params.newRelaxedTarget(64);
            assertEquals(impl.equals(QueueFactory.CONTEND_RELAXED), target != null, impl);
            Queue<Integer> view = params.queueOf(target, 64);
            if (target != null) {
                assertTrue(view instanceof RelaxedQueue, impl);
                assertTrue(view.offer(5), impl); // the view and the target are one queue
                assertEquals(5, target.relaxedPoll(), impl);
            }
        }
    }
}
