package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;

import java.util.Queue;

/**
 * The one offer and the one poll that the queue benchmarks make per call, so that a {@code contend-relaxed} trial
 * reaches contend's relaxedOffer/relaxedPoll directly rather than through {@link RelaxedQueue}. Every
 * implementation pays the same null test of {@code relaxed}; in a fork it always goes one way, and C2 compiles
 * only that way. The wrapper's extra field load and type check per call measurably lowered the contend-relaxed
 * rows, hiding part of what relaxedPoll saves.
 */
final class QueueCalls {
    private QueueCalls() {
    }

    /**
     * @param queue the queue as a Queue (any implementation)
     * @param relaxed the same contend queue for a contend-relaxed trial, else null
     * @param message the element
     * @return whether the offer (or relaxedOffer) added it
     */
    static boolean offer(Queue<Integer> queue, MessagePassingQueue<Integer> relaxed, Integer message) {
        return relaxed != null ? relaxed.relaxedOffer(message) : queue.offer(message);
    }

    /**
     * @param queue the queue as a Queue (any implementation)
     * @param relaxed the same contend queue for a contend-relaxed trial, else null
     * @return the head taken by poll (or relaxedPoll), or null
     */
    static Integer poll(Queue<Integer> queue, MessagePassingQueue<Integer> relaxed) {
        return relaxed != null ? relaxed.relaxedPoll() : queue.poll();
    }
}
