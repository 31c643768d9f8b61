package io.contend.writepath;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's shared counters under contention (more threads than this machine's CPUs, so oversubscribed):
 * the clock's values are unique and each thread's increase; the budgets never pass their limits.
 *
 * <p>No Lincheck test: the clock's values come from the wall clock, so no sequential specification can predict
 * them; its real-time order is what jcstress's {@code WriteClockOrderTest} checks.
 */
class BudgetsUnderContentionTest {
    private static final int THREADS = 4;

    private static void race(Runnable body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(new Thread(() -> {
                try {
                    start.await(10, TimeUnit.SECONDS);
                    body.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        assertNull(failure.get());
    }

    @Test
    void theClockHandsOutUniqueIncreasingValues() throws Exception {
        WriteClock clock = WriteClock.monotonicMicros();
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        race(() -> {
            long last = Long.MIN_VALUE;
            for (int i = 0; i < 100_000; i++) {
                long v = clock.next();
                assertTrue(v > last, "values of one thread increase");
                assertTrue(seen.add(v), "value handed out twice: " + v);
                last = v;
            }
        });
        assertEquals(THREADS * 100_000, seen.size());
    }

    @Test
    void theStoreBudgetNeverPassesItsLimits() throws Exception {
        StoreBudget budget = new StoreBudget(50, 10_000);
        AtomicLong admitted = new AtomicLong();
        race(() -> {
            for (int i = 0; i < 20_000; i++) {
                ThreadLocalRandom r = ThreadLocalRandom.current();
                if (budget.admit(Key.of("p"), Key.ofLong(r.nextInt(100)), r.nextInt(400)) == null) {
                    admitted.incrementAndGet();
                }
                long rows = budget.rows();
                long bytes = budget.bytes();
                assertTrue(rows <= 50 && bytes <= 10_000, budget.toString());
            }
        });
        assertTrue(admitted.get() > 0);
        assertTrue(budget.rows() <= 50 && budget.bytes() <= 10_000, budget.toString());
    }

    @Test
    void theByteBudgetNeverLendsMoreThanItHas() throws Exception {
        ByteBudget budget = new ByteBudget(1_000);
        AtomicLong held = new AtomicLong();
        race(() -> {
            for (int i = 0; i < 20_000; i++) {
                long want = ThreadLocalRandom.current().nextInt(1, 600);
                try {
                    if (budget.tryAcquire(want, TimeUnit.MILLISECONDS.toNanos(1))) {
                        assertTrue(held.addAndGet(want) <= 1_000, "lent more than the limit");
                        held.addAndGet(-want);
                        budget.release(want);
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        });
        assertTrue(budget.tryAcquire(1_000, 0), "everything was given back: " + budget);
    }
}
