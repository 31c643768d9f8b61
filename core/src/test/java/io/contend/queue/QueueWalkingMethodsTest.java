package io.contend.queue;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Queue;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On the linked SPSC queues, which do not iterate (as JCTools' do not), every Collection method that walks the
 * elements throws, as AbstractMessagePassingQueue documents, and leaves the queue as it was. The queues that iterate:
 * QueueIterationTest.
 */
class QueueWalkingMethodsTest {

    private static List<Queue<Integer>> queues() {
        return List.of(new SpscChunkedArrayQueue<>(4, 8), new SpscGrowableArrayQueue<>(2, 8),
                new SpscUnboundedArrayQueue<>(8));
    }

    @Test
    void walkingMethodsThrowAndChangeNothing() {
        List<Consumer<Queue<Integer>>> walks = List.of(q -> q.iterator(), q -> q.contains(1),
                q -> q.containsAll(List.of(1)), q -> q.remove((Object) 1), q -> q.removeAll(List.of(1)),
                q -> q.retainAll(List.of(1)), q -> q.removeIf(e -> true), q -> q.toArray(),
                q -> q.toArray(new Integer[0]), q -> q.forEach(e -> { }), q -> q.stream().count());
        for (Queue<Integer> q : queues()) {
            q.offer(1);
            q.offer(2);
            for (int i = 0; i < walks.size(); i++) {
                int which = i;
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                        () -> walks.get(which).accept(q), q + " walk " + which);
                assertTrue(e.getMessage() == null || e.getMessage().contains(q.getClass().getSimpleName()),
                        String.valueOf(e.getMessage()));
            }
            assertEquals(2, q.size(), q.toString());
            assertEquals(1, q.poll());
            q.clear();
            assertEquals(0, q.size());
        }
    }
}
