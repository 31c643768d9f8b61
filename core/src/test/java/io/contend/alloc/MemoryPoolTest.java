package io.contend.alloc;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryPoolTest {

    @Test
    void grantsUpToTheLimitAndFailsFastPastIt() {
        MemoryPool pool = new MemoryPool(100);
        pool.reserve(60);
        assertTrue(pool.tryReserve(40));
        assertFalse(pool.tryReserve(1));
        MemoryLimitException e = assertThrows(MemoryLimitException.class, () -> pool.reserve(10));
        assertEquals("memory pool limit of 100 bytes reached: requested 10, reserved 100", e.getMessage());
        assertEquals(100, e.limitBytes());
        assertEquals(10, e.requestedBytes());
        assertEquals(100, pool.usedBytes(), "a refused request leaves nothing behind");
        pool.release(100);
        assertEquals(0, pool.usedBytes());
    }

    @Test
    void overReleaseThrowsAndChangesNothing() {
        MemoryPool pool = new MemoryPool(100);
        pool.reserve(30);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.release(31));
        assertEquals("released 31 bytes but only 30 are reserved", e.getMessage());
        assertEquals(30, pool.usedBytes());
    }

    @Test
    void badArgumentsNameTheValue() {
        assertEquals("limitBytes must be in [0, 4611686018427387903]: -1",
                assertThrows(IllegalArgumentException.class, () -> new MemoryPool(-1)).getMessage());
        MemoryPool pool = new MemoryPool(10);
        assertEquals("memory pool limit of 10 bytes reached: requested 11, reserved 0",
                assertThrows(MemoryLimitException.class, () -> pool.reserve(11)).getMessage());
        assertFalse(pool.tryReserve(11));
        assertThrows(IllegalArgumentException.class, () -> pool.reserve(-1));
        assertThrows(IllegalArgumentException.class, () -> pool.release(-1));
        assertEquals("bytes must be in [0, 10]: 11",
                assertThrows(IllegalArgumentException.class, () -> pool.release(11)).getMessage());
        assertEquals(MemoryPool.MAX_LIMIT_BYTES, new MemoryPool(MemoryPool.MAX_LIMIT_BYTES).limitBytes());
        assertThrows(IllegalArgumentException.class, () -> new MemoryPool(Long.MAX_VALUE));
        assertThrows(IllegalArgumentException.class,
                () -> new MemoryPool(1, MemoryPool.OnLimit.BLOCK, -1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> new MemoryPool(1, null, 1, TimeUnit.SECONDS));
    }

    @Test
    void anInterruptedWaitEndsAtOnceReservesNothingAndKeepsTheInterrupt() throws Exception {
        MemoryPool pool = new MemoryPool(100, MemoryPool.OnLimit.BLOCK, 30, TimeUnit.SECONDS);
        pool.reserve(100);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                pool.reserve(10);
            } catch (Throwable t) {
                thrown.set(t);
            }
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        waiter.start();
        while (waiter.getState() != Thread.State.TIMED_WAITING && waiter.isAlive()) {
            Thread.onSpinWait();
        }
        waiter.interrupt();
        waiter.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(waiter.isAlive(), "the wait ended long before its 30 s timeout");
        assertTrue(thrown.get() instanceof MemoryLimitException, String.valueOf(thrown.get()));
        assertTrue(stillInterrupted.get(), "the interrupt status is set again");
        pool.release(100);
        assertTrue(pool.tryReserve(100), "the interrupted request reserved nothing");
    }

    @Test
    void aBlockedRequestProceedsWhenBytesAreReleased() throws Exception {
        MemoryPool pool = new MemoryPool(100, MemoryPool.OnLimit.BLOCK, 30, TimeUnit.SECONDS);
        pool.reserve(100);
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            started.countDown();
            try {
                pool.reserve(50);
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        waiter.start();
        started.await();
        pool.release(60);
        waiter.join();
        assertNull(failure.get());
        assertEquals(90, pool.usedBytes());
    }

    @Test
    void aBlockedRequestGivesUpAfterTheTimeoutNamingTheLimit() {
        MemoryPool pool = new MemoryPool(100, MemoryPool.OnLimit.BLOCK, 20, TimeUnit.MILLISECONDS);
        pool.reserve(90);
        MemoryLimitException e = assertThrows(MemoryLimitException.class, () -> pool.reserve(20));
        assertTrue(e.getMessage().startsWith("memory pool limit of 100 bytes reached: requested 20, reserved 90, after waiting"),
                e.getMessage());
        assertEquals(90, pool.usedBytes());
    }

    @Test
    void accountingStaysExactUnderContentionAndGrantsNeverExceedTheLimit() throws Exception {
        MemoryPool pool = new MemoryPool(1_000);
        AtomicLong granted = new AtomicLong();
        AtomicLong maxGranted = new AtomicLong();
        RegionTest.runTogether(4, t -> {
            for (int i = 0; i < 50_000; i++) {
                long bytes = 1 + (i * 7 + t) % 300;
                if (pool.tryReserve(bytes)) {
                    long now = granted.addAndGet(bytes);
                    maxGranted.accumulateAndGet(now, Math::max);
                    granted.addAndGet(-bytes);
                    pool.release(bytes);
                }
            }
        });
        assertEquals(0, pool.usedBytes());
        assertTrue(maxGranted.get() <= 1_000, "granted at once: " + maxGranted.get());
        assertTrue(maxGranted.get() > 0);
    }

    @Test
    void toStringShowsTheState() {
        MemoryPool pool = new MemoryPool(10, MemoryPool.OnLimit.BLOCK, 5, TimeUnit.SECONDS);
        pool.reserve(4);
        assertEquals("MemoryPool[4 of 10 bytes, on limit BLOCK up to 5000 ms]", pool.toString());
        assertEquals("MemoryPool[0 of 10 bytes, on limit BLOCK up to 500 \u00b5s]",
                new MemoryPool(10, MemoryPool.OnLimit.BLOCK, 500, TimeUnit.MICROSECONDS).toString());
    }
}
