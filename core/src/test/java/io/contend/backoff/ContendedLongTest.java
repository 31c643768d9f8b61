package io.contend.backoff;

import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContendedLongTest {
    private static final LongUnaryOperator INCREMENT = x -> x + 1;

    @Test
    void behavesLikeAtomicLongOnOneThread() {
        Random random = new Random(42);
        ContendedLong contended = new ContendedLong(7, new ContentionManager(BackoffStrategy.exponential(1, 100), null));
        AtomicLong model = new AtomicLong(7);
        LongBinaryOperator max = Math::max;
        for (int i = 0; i < 10_000; i++) {
            long x = random.nextInt(1000) - 500;
            switch (random.nextInt(9)) {
                case 0: assertEquals(model.get(), contended.get()); break;
                case 1: assertEquals(model.getAndAdd(x), contended.getAndAdd(x)); break;
                case 2: assertEquals(model.addAndGet(x), contended.addAndGet(x)); break;
                case 3: assertEquals(model.getAndSet(x), contended.getAndSet(x)); break;
                case 4: {
                    long expect = random.nextBoolean() ? model.get() : x;
                    assertEquals(model.compareAndSet(expect, x), contended.compareAndSet(expect, x));
                    break;
                }
                case 5: assertEquals(model.getAndUpdate(INCREMENT), contended.getAndUpdate(INCREMENT)); break;
                case 6: assertEquals(model.updateAndGet(INCREMENT), contended.updateAndGet(INCREMENT)); break;
                case 7: assertEquals(model.getAndAccumulate(x, max), contended.getAndAccumulate(x, max)); break;
                default: assertEquals(model.accumulateAndGet(x, max), contended.accumulateAndGet(x, max)); break;
            }
        }
        contended.set(3);
        assertEquals(3, contended.get());
        contended.lazySet(4);
        assertEquals(4, contended.get());
        assertEquals("ContendedLong[value=4, backoff=exponential:1:100]", contended.toString());
    }

    @Test
    void uncontendedOperationsAreCountedWithoutFailures() {
        ContentionCounter telemetry = new ContentionCounter("solo");
        ContendedLong counter = new ContendedLong(0, new ContentionManager(BackoffStrategy.none(), telemetry));
        for (int i = 0; i < 100; i++) {
            counter.getAndUpdate(INCREMENT);
        }
        counter.getAndAdd(5);
        assertFalse(counter.compareAndSet(-1, 0));
        ContentionSnapshot s = telemetry.snapshot();
        assertEquals(102, s.operations());
        assertEquals(102, s.attempts());
        assertEquals(1, s.failures(), "the bare compareAndSet that failed");
        assertEquals(0, s.backoffNanos());
        assertEquals(105, counter.get());
    }

    @Test
    void contendedLoopsLoseNoUpdateAndCountEveryAttempt() throws Exception {
        for (BackoffStrategy strategy : new BackoffStrategy[] {BackoffStrategy.none(), BackoffStrategy.constant(1),
                BackoffStrategy.exponential(10, 10_000), BackoffStrategy.spinYieldPark()}) {
            ContentionCounter telemetry = new ContentionCounter(strategy.spec());
            ContendedLong counter = new ContendedLong(0, new ContentionManager(strategy, telemetry));
            int threads = 4;
            int perThread = strategy instanceof ConstantBackoff ? 2_000 : 50_000;
            runConcurrently(threads, () -> {
                for (int i = 0; i < perThread; i++) {
                    if ((i & 1) == 0) {
                        counter.getAndUpdate(INCREMENT);
                    } else {
                        counter.accumulateAndGet(1, Long::sum);
                    }
                }
            });
            long expected = (long) threads * perThread;
            assertEquals(expected, counter.get(), strategy.spec());
            ContentionSnapshot s = telemetry.snapshot();
            assertEquals(expected, s.operations(), strategy.spec());
            assertEquals(s.operations() + s.failures(), s.attempts(), "one success per operation: " + s);
            if (strategy.isNone()) {
                assertEquals(0, s.backoffNanos(), "nothing to time without a backoff");
            }
            assertTrue(s.backoffNanos() >= 0);
        }
    }

    @Test
    void xaddNeverFails() throws Exception {
        ContentionCounter telemetry = new ContentionCounter("xadd");
        ContendedLong counter = new ContendedLong(0, new ContentionManager(BackoffStrategy.none(), telemetry));
        runConcurrently(4, () -> {
            for (int i = 0; i < 50_000; i++) {
                counter.getAndAdd(2);
            }
        });
        assertEquals(400_000, counter.get());
        ContentionSnapshot s = telemetry.snapshot();
        assertEquals(200_000, s.operations());
        assertEquals(200_000, s.attempts());
        assertEquals(0, s.failures());
    }

    @Test
    void rejectsNullArguments() {
        ContendedLong counter = new ContendedLong();
        assertThrows(NullPointerException.class, () -> counter.getAndUpdate(null));
        assertThrows(NullPointerException.class, () -> counter.updateAndGet(null));
        assertThrows(NullPointerException.class, () -> counter.getAndAccumulate(1, null));
        assertThrows(NullPointerException.class, () -> counter.accumulateAndGet(1, null));
        assertThrows(NullPointerException.class, () -> new ContendedLong(0, null));
        assertThrows(NullPointerException.class, () -> new ContentionManager(null, null));
    }

    @Test
    void failureCountSaturates() {
        assertEquals(Integer.MAX_VALUE, ContendedLong.nextFailureCount(Integer.MAX_VALUE));
        assertEquals(2, ContendedLong.nextFailureCount(1));
    }

    /** Starts {@code threads} threads together on {@code body} and waits for all; rethrows the first failure. */
    static void runConcurrently(int threads, Runnable body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> started = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    body.run();
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, "contender-" + t);
            thread.start();
            started.add(thread);
        }
        for (Thread thread : started) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("a contender failed", failures.get(0));
        }
    }
}
