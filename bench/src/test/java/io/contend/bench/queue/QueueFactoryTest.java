package io.contend.bench.queue;

import io.contend.queue.AbstractMessagePassingQueue;
import io.contend.queue.QueueContract;

import org.junit.jupiter.api.Test;

import java.util.Queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueueFactoryTest {

    @Test
    void everySupportedCombinationIsAFifoQueueOfItsLibrary() {
        int built = 0;
        for (String queue : QueueFactory.QUEUES) {
            for (String impl : QueueFactory.IMPLS) {
                if (!QueueFactory.supports(queue, impl)) {
                    continue;
                }
                Queue<Integer> q = QueueFactory.create(queue, impl, 16, 1024);
                String type = q.getClass().getName();
                switch (impl) {
                    case "contend" -> assertEquals(QueueContract.BEST_EFFORT, ((AbstractMessagePassingQueue<?>) q).contract(), type);
                    case "contend-strict" -> assertEquals(QueueContract.STRICT, ((AbstractMessagePassingQueue<?>) q).contract(), type);
                    case "contend-relaxed" -> assertTrue(q instanceof RelaxedQueue && q.toString().startsWith("relaxed "), type);
                    case "jctools" -> assertTrue(type.startsWith("org.jctools.queues.") && !type.contains("VarHandle"), type);
                    case "jctools-varhandle" -> assertTrue(type.startsWith("org.jctools.queues.varhandle."), type);
                    default -> assertTrue(type.startsWith("java.util.concurrent."), type);
                }
                String simple = impl.equals("contend-relaxed") ? QueueFactory.create(queue, "contend", 16, 1024).getClass()
                        .getSimpleName() : q.getClass().getSimpleName().replace("VarHandle", "");
                String expected = !impl.equals("jdk") ? queue + "ArrayQueue".substring(queue.endsWith("Array") ? 5 : 0)
                        : QueueFactory.bounded(queue) ? "ArrayBlockingQueue" : "ConcurrentLinkedQueue";
                assertEquals(expected, simple, queue + "/" + impl);
                for (int i = 0; i < 300; i++) {
                    assertTrue(q.offer(i), queue + "/" + impl);
                }
                for (int i = 0; i < 300; i++) {
                    assertEquals(i, q.poll(), queue + "/" + impl);
                }
                assertNull(q.poll());
                built++;
            }
        }
        assertEquals(6 * 5 + 4, built);
    }

    @Test
    void boundedKindsRefuseBeyondTheirCapacity() {
        for (String impl : new String[] {"contend", "contend-strict", "contend-relaxed", "jctools", "jctools-varhandle"}) {
            for (String queue : new String[] {"SpscArray", "SpscChunked", "SpscGrowable", "MpscArray"}) {
                Queue<Integer> q = QueueFactory.create(queue, impl, 16, 1024);
                int n = 0;
                while (n <= 1024 && q.offer(n)) {
                    n++;
                }
                assertEquals(1024, n, queue + "/" + impl);
            }
        }
    }

    @Test
    void anUnsupportedCombinationIsNamed() {
        assertFalse(QueueFactory.supports("SpscChunked", "jdk"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueFactory.create("SpscGrowable", "jdk", 16, 1024));
        assertTrue(e.getMessage().contains("'SpscGrowable'/'jdk'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> QueueFactory.create("SpmcArray", "contend", 16, 1024));
        assertTrue(e.getMessage().contains("'SpmcArray'/'contend'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QueueFactory.create("SpscArray", "agrona", 16, 1024));
    }

    @Test
    void aBurstComesBackThroughTheEchoThreadWhichStopsOnTeardown() throws InterruptedException {
        for (String queue : new String[] {"SpscUnbounded", "MpscArray"}) {
            QueueBurstCostBenchmark.Loop loop = new QueueBurstCostBenchmark.Loop();
            loop.queue = queue;
            loop.impl = "contend";
            loop.chunk = 16;
            loop.burst = 100;
            loop.start();
            QueueBurstCostBenchmark benchmark = new QueueBurstCostBenchmark();
            for (int i = 0; i < 1000; i++) {
                assertEquals(100 * 20_230_004, benchmark.burst(loop));
            }
            assertTrue(loop.echo.isDaemon());
            assertTrue(loop.echo.getName().startsWith("contend-queue-echo-"), loop.echo.getName());
            loop.stop();
            assertFalse(loop.echo.isAlive());
            assertTrue(loop.a.isEmpty() && loop.b.isEmpty());
        }
    }
}
