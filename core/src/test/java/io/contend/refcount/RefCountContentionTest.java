package io.contend.refcount;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Invariants under contention. They assert outcomes, never timings. */
class RefCountContentionTest {

    @ParameterizedTest
    @EnumSource(value = RefCountAlgorithm.class, names = {"CAS", "EVEN_ODD"})
    void balancedRetainReleaseFromManyThreadsLeavesTheCountIntact(RefCountAlgorithm algorithm) throws Exception {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        runTogether(4, () -> {
            for (int i = 0; i < 100_000; i++) {
                u.retain(c);
                if (u.release(c)) {
                    c.deallocations.incrementAndGet();
                }
            }
        });
        assertEquals(1, u.refCnt(c));
        assertEquals(0, c.deallocations.get());
        assertTrue(u.release(c));
    }

    /**
     * Netty #8563: one thread makes the final release while two others retain. Under EVEN_ODD, either a retain
     * came first (no deallocation, both retains succeed) or the release did (deallocation, both retains throw).
     */
    @Test
    void evenOddNeverResurrectsAReleasedObject() throws Exception {
        RefCountUpdater<Counted> u = Counted.EVEN_ODD;
        int resurrections = 0;
        int finalReleases = 0;
        for (int trial = 0; trial < 2_000; trial++) {
            Counted c = Counted.create(u);
            AtomicInteger retained = new AtomicInteger();
            AtomicInteger released = new AtomicInteger();
            Runnable retain = () -> {
                try {
                    u.retain(c);
                    retained.incrementAndGet();
                } catch (IllegalReferenceCountException expected) {
                    // The object was released first.
                }
            };
            runTogether(List.of(() -> {
                if (u.release(c)) {
                    released.incrementAndGet();
                }
            }, retain, retain));
            if (released.get() == 1 && retained.get() > 0) {
                resurrections++;
            }
            finalReleases += released.get();
            assertTrue(released.get() == 1 ? retained.get() == 0 && u.refCnt(c) == 0
                    : retained.get() == 2 && u.refCnt(c) == 2, "trial " + trial);
        }
        assertEquals(0, resurrections);
        assertTrue(finalReleases >= 0);
    }

    /** Many threads race to release the last references: exactly one of them deallocates. */
    @ParameterizedTest
    @EnumSource(value = RefCountAlgorithm.class, names = {"CAS", "EVEN_ODD"})
    void exactlyOneReleaseDeallocates(RefCountAlgorithm algorithm) throws Exception {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        for (int trial = 0; trial < 500; trial++) {
            Counted c = Counted.create(u);
            u.retain(c, 3);
            AtomicInteger finals = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            Runnable release = () -> {
                try {
                    if (u.release(c)) {
                        finals.incrementAndGet();
                    }
                } catch (IllegalReferenceCountException e) {
                    refused.incrementAndGet();
                }
            };
            runTogether(List.of(release, release, release, release, release));
            assertEquals(1, finals.get(), "trial " + trial);
            assertEquals(1, refused.get(), "four references, five releases: one is refused");
            assertEquals(0, u.refCnt(c));
        }
    }

    /** Overflowing retains racing releases: rollbacks restore the true count. */
    @Test
    void overflowRollbackRacingReleasesKeepsTheCountExact() throws Exception {
        RefCountUpdater<Counted> u = Counted.EVEN_ODD;
        Counted c = Counted.create(u);
        int start = u.maxIncrement() - 10;
        u.retain(c, start - 1);
        AtomicInteger refusedRetains = new AtomicInteger();
        runTogether(List.of(() -> {
            for (int i = 0; i < 10_000; i++) {
                try {
                    u.retain(c, 20); // always overflows: start + 20 > max
                } catch (IllegalReferenceCountException e) {
                    refusedRetains.incrementAndGet();
                }
            }
        }, () -> {
            for (int i = 0; i < 10_000; i++) {
                u.retain(c);
                u.release(c);
            }
        }));
        assertEquals(10_000, refusedRetains.get());
        assertEquals(start, u.refCnt(c));
    }

    static void runTogether(int threads, Runnable body) throws Exception {
        List<Runnable> bodies = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            bodies.add(body);
        }
        runTogether(bodies);
    }

    static void runTogether(List<Runnable> bodies) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(bodies.size());
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (Runnable body : bodies) {
            Thread t = new Thread(() -> {
                try {
                    barrier.await();
                    body.run();
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("a thread failed", failures.get(0));
        }
    }
}
