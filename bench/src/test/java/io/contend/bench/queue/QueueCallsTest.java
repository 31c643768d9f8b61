package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueueCallsTest {

    /** A MessagePassingQueue that records the name of every call made on it, with its offers and polls on a deque. */
    private static final class CallLog {
        final ArrayDeque<Integer> elements = new ArrayDeque<>();
        final StringBuilder calls = new StringBuilder();

        @SuppressWarnings("unchecked")
        MessagePassingQueue<Integer> queue() {
            return (MessagePassingQueue<Integer>) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {MessagePassingQueue.class}, (proxy, method, args) -> {
                        calls.append(method.getName()).append(' ');
                        return switch (method.getName()) {
                            case "offer", "relaxedOffer" -> elements.offer((Integer) args[0]);
                            case "poll", "relaxedPoll" -> elements.poll();
                            default -> throw new UnsupportedOperationException(method.getName());
                        };
                    });
        }
    }

    @Test
    void aRelaxedTargetTakesTheRelaxedCallsAndTheQueueViewNone() {
        CallLog log = new CallLog();
        MessagePassingQueue<Integer> relaxed = log.queue();
        Queue<Integer> view = new ArrayDeque<>(); // must stay untouched
        Integer message = 7;
        assertTrue(QueueCalls.offer(view, relaxed, message));
        assertSame(message, QueueCalls.poll(view, relaxed));
        assertNull(QueueCalls.poll(view, relaxed));
        assertEquals("relaxedOffer relaxedPoll relaxedPoll ", log.calls.toString());
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
