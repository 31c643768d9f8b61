package io.contend.queue;

import org.jctools.queues.spec.ConcurrentQueueSpec;
import org.jctools.queues.spec.Ordering;
import org.jctools.queues.spec.Preference;

import java.util.ArrayList;
import java.util.List;

/**
 * The parameters of JCTools' parameterized queue tests, built from contend's queues: every kind at a small
 * capacity (where wrap-around, "full" and chunk links come every few operations) and a larger one, under both
 * contracts. Each row is JCTools' {@link ConcurrentQueueSpec} (producers 0 for "any number", consumers, capacity 0
 * for unbounded, FIFO) and the queue, seen through {@link JctoolsView}.
 */
@SuppressWarnings("deprecation") // JCTools 4 deprecates ConcurrentQueueSpec, which its tests still take
final class JctoolsKinds {
    private JctoolsKinds() {
    }

    static List<Object[]> all() {
        List<Object[]> rows = new ArrayList<>();
        for (QueueContract k : QueueContract.values()) {
            for (int capacity : new int[] {4, 1024}) {
                add(rows, 1, capacity, new SpscArrayQueue<>(capacity, k));
            }
            for (int capacity : new int[] {2, 1024}) {
                add(rows, 0, capacity, new MpscArrayQueue<>(capacity, k));
            }
            for (int capacity : new int[] {16, 1024}) {
                add(rows, 1, capacity, new SpscChunkedArrayQueue<>(8, capacity, k));
                add(rows, 1, capacity, new SpscGrowableArrayQueue<>(8, capacity, k));
            }
            for (int chunk : new int[] {2, 64}) {
                add(rows, 1, 0, new SpscUnboundedArrayQueue<>(chunk, k));
                add(rows, 0, 0, new MpscUnboundedArrayQueue<>(chunk, k));
            }
        }
        return rows;
    }

    private static void add(List<Object[]> rows, int producers, int capacity,
                            AbstractMessagePassingQueue<Integer> queue) {
        ConcurrentQueueSpec spec = new ConcurrentQueueSpec(producers, 1, capacity, Ordering.FIFO, Preference.NONE);
        rows.add(new Object[] {spec, JctoolsView.of(queue)});
    }
}
