package io.contend.alloc;

import io.contend.telemetry.ContentionCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegionAllocatorTest {

    @Test
    void regionsGrowFromTheMinimumByDoublingToTheMaximum() {
        RegionAllocator allocator = RegionAllocator.builder().build();
        for (int i = 0; i < 3_000; i++) {
            allocator.allocate(1_000);
        }
        List<Integer> sizes = allocator.regions().stream().map(Region::capacity).toList();
        assertEquals(List.of(8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576, 1048576), sizes.subList(0, 9));
        assertTrue(sizes.stream().allMatch(s -> s <= 1024 * 1024));
    }

    @Test
    void largeRequestsGetADedicatedRegion() {
        RegionAllocator allocator = RegionAllocator.builder().build();
        Region first = allocator.currentRegion();
        long handle = allocator.allocate(200_000);
        Region dedicated = allocator.region(handle);
        assertEquals(200_000, dedicated.capacity());
        assertEquals(0, RegionAllocator.offset(handle));
        assertSame(first, allocator.currentRegion(), "the shared region is not replaced");
        assertEquals(0, dedicated.wasteBytes());
    }

    @Test
    void handlesLocateTheBytes() {
        RegionAllocator allocator = RegionAllocator.builder().offHeap(true).build();
        long a = allocator.allocate(8);
        long b = allocator.allocate(8);
        allocator.memory(a).putLong(RegionAllocator.offset(a), 42L);
        allocator.memory(b).putLong(RegionAllocator.offset(b), 43L);
        assertEquals(42L, allocator.memory(a).getLong(RegionAllocator.offset(a)));
        assertEquals(8, RegionAllocator.offset(b));
        assertThrows(IllegalArgumentException.class, () -> allocator.region(99L << 32));
        assertThrows(IllegalArgumentException.class, () -> allocator.region(-1));
    }

    /** Property: many threads, random sizes, swaps included: every range is disjoint and inside its region. */
    @ParameterizedTest
    @EnumSource(AllocationStrategy.class)
    void concurrentAllocationsAcrossSwapsNeverOverlap(AllocationStrategy strategy) throws Exception {
        checkDisjoint(RegionAllocator.builder().strategy(strategy).regionSizes(1024, 16 * 1024)
                .dedicatedThreshold(4096).build());
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 1024})
    void threadLocalChunksNeverOverlapEither(int chunkSize) throws Exception {
        checkDisjoint(RegionAllocator.builder().regionSizes(1024, 16 * 1024).dedicatedThreshold(4096)
                .threadLocalChunks(chunkSize).build());
    }

    /**
     * Threads whose ids share a slot of the chunk cache (one ended before the others started, two racing):
     * each still allocates only from its own chunk, and the waste adds up.
     */
    @Test
    @SuppressWarnings("deprecation") // getId(): the cache's key on JDK 17
    void threadsSharingACacheSlotNeverOverlap() throws Exception {
        RegionAllocator allocator = RegionAllocator.builder().regionSizes(1024, 16 * 1024).dedicatedThreshold(4096)
                .threadLocalChunks(256).build();
        Map<Region, List<long[]>> byRegion = new HashMap<>();
        List<Thread> sameSlot = new ArrayList<>();
        List<Thread> made = new ArrayList<>();
        CyclicBarrier racing = new CyclicBarrier(2);
        while (sameSlot.size() < 3) {
            boolean races = sameSlot.size() > 0;
            Thread t = new Thread(() -> {
                List<long[]> mine = new ArrayList<>();
                if (races) {
                    await(racing);
                }
                for (int i = 0; i < 200_000; i++) {
                    int size = 1 + i % 48;
                    mine.add(new long[] {allocator.allocate(size), size});
                }
                synchronized (byRegion) {
                    for (long[] a : mine) {
                        byRegion.computeIfAbsent(allocator.region(a[0]), r -> new ArrayList<>())
                                .add(new long[] {RegionAllocator.offset(a[0]), a[1]});
                    }
                }
            });
            made.add(t);
            if ((t.getId() - made.get(0).getId()) % ThreadChunks.CACHE_SLOTS == 0) {
                sameSlot.add(t);
            }
        }
        sameSlot.get(0).start();
        sameSlot.get(0).join(); // its chunk stays in the slot, owned by an ended thread
        sameSlot.get(1).start();
        sameSlot.get(2).start();
        sameSlot.get(1).join();
        sameSlot.get(2).join();
        assertEquals(3 * 200_000, byRegion.values().stream().mapToInt(List::size).sum());
        assertDisjoint(byRegion);
        for (Region r : allocator.regions()) {
            assertEquals(r.capacity(), r.usedBytes() + r.wasteBytes());
        }
    }

    /** A thread whose cache slot holds an ended thread's chunk claims its own chunk; it never bumps the other's. */
    @Test
    @SuppressWarnings("deprecation") // getId(): the cache's key on JDK 17
    void aThreadNeverAllocatesFromTheChunkOfAnotherThreadInItsSlot() throws Exception {
        RegionAllocator allocator = RegionAllocator.builder().regionSizes(64 * 1024, 64 * 1024).dedicatedThreshold(4096)
                .threadLocalChunks(256).build();
        long[] handles = new long[2];
        Thread first = new Thread(() -> handles[0] = allocator.allocate(16));
        Thread second = new Thread(() -> handles[1] = allocator.allocate(16));
        while ((second.getId() - first.getId()) % ThreadChunks.CACHE_SLOTS != 0) {
            second = new Thread(() -> handles[1] = allocator.allocate(16));
        }
        first.start();
        first.join();
        second.start();
        second.join();
        assertSame(allocator.region(handles[0]), allocator.region(handles[1]), "one 64 KiB region holds both chunks");
        long distance = RegionAllocator.offset(handles[1]) - RegionAllocator.offset(handles[0]);
        assertTrue(distance >= 256 || distance <= -16, "the second thread allocated " + distance
                + " bytes after the first, inside the first thread's chunk");
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @param byRegion per region, the (offset, size) of every range handed out in it */
    static void assertDisjoint(Map<Region, List<long[]>> byRegion) {
        for (Map.Entry<Region, List<long[]>> e : byRegion.entrySet()) {
            List<long[]> ranges = e.getValue();
            ranges.sort((x, y) -> Long.compare(x[0], y[0]));
            long end = 0;
            for (long[] r : ranges) {
                assertTrue(r[0] >= end, "overlap in " + e.getKey());
                end = r[0] + r[1];
            }
            assertTrue(end <= e.getKey().capacity(), "outside " + e.getKey());
        }
    }

    private static void checkDisjoint(RegionAllocator allocator) throws Exception {
        Map<Region, List<long[]>> byRegion = new HashMap<>();
        RegionTest.runTogether(4, t -> {
            SplittableRandom random = new SplittableRandom(t);
            List<long[]> mine = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                int size = random.nextInt(50) == 0 ? 1 + random.nextInt(6_000) : 1 + random.nextInt(48);
                mine.add(new long[] {allocator.allocate(size), size});
            }
            synchronized (byRegion) {
                for (long[] a : mine) {
                    byRegion.computeIfAbsent(allocator.region(a[0]), r -> new ArrayList<>())
                            .add(new long[] {RegionAllocator.offset(a[0]), a[1]});
                }
            }
        });
        assertDisjoint(byRegion);
        for (Region r : allocator.regions()) {
            assertEquals(r.capacity(), r.usedBytes() + r.wasteBytes());
            assertTrue(r.wasteBytes() >= 0);
        }
        assertTrue(allocator.wasteBytes() >= 0);
    }

    @Test
    void chunksTakeOneAtomicPerChunkAndBoundTheirWaste() throws Exception {
        ContentionCounter telemetry = new ContentionCounter("tlab");
        int chunk = 4096;
        RegionAllocator allocator = RegionAllocator.builder().telemetry(telemetry).threadLocalChunks(chunk).build();
        RegionTest.runTogether(2, t -> {
            for (int i = 0; i < 100_000; i++) {
                allocator.allocate(16);
            }
            allocator.releaseThreadChunk();
        });
        long atomics = telemetry.snapshot().attempts();
        assertTrue(atomics <= 200_000 * 16 / chunk + 2 * 16, "atomics " + atomics + " for 200000 allocations");
        // Waste bound: one chunk per thread (a tail that could not be given back) plus less than one chunk at
        // the end of each retired region.
        long bound = 2L * chunk + (long) allocator.regions().size() * chunk;
        assertTrue(allocator.wasteBytes() <= bound, "waste " + allocator.wasteBytes() + " > " + bound);
    }

    @Test
    void anAbandonedChunkTailIsCountedAsWaste() {
        RegionAllocator allocator = RegionAllocator.builder().threadLocalChunks(100).build();
        allocator.allocate(60);
        allocator.allocate(60); // does not fit the 40 left: that tail is waste
        assertEquals(40, allocator.wasteBytes());
        allocator.releaseThreadChunk(); // the second chunk's tail goes back: nothing followed it
        assertEquals(40, allocator.wasteBytes());
        assertEquals(160, allocator.currentRegion().usedBytes());
    }

    @Test
    void aDroppedAllocatorsMemoryIsCollectableWhileItsThreadsLiveOn() throws InterruptedException {
        // A thread's chunk stays in its ThreadLocalMap after the allocator is dropped (a pool thread lives on):
        // it must not keep the allocator's regions reachable.
        RegionAllocator allocator = RegionAllocator.builder().threadLocalChunks(4096).build();
        allocator.allocate(16);
        java.lang.ref.WeakReference<Region> region = new java.lang.ref.WeakReference<>(allocator.currentRegion());
        allocator = null;
        for (int i = 0; i < 50 && region.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(null, region.get(), "the region is still reachable from this thread's chunk");
    }

    @Test
    void closeReleasesThePoolAndRefusesAllocation() {
        MemoryPool pool = new MemoryPool(10 * 1024 * 1024);
        RegionAllocator allocator = RegionAllocator.builder().pool(pool).build();
        for (int i = 0; i < 100; i++) {
            allocator.allocate(1_000);
        }
        allocator.allocate(300_000);
        assertEquals(allocator.reservedBytes(), pool.usedBytes());
        allocator.close();
        allocator.close();
        assertEquals(0, pool.usedBytes());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> allocator.allocate(1));
        assertEquals("allocator is closed", e.getMessage());
        assertTrue(allocator.toString().endsWith(", closed]"), allocator.toString());
    }

    @Test
    void aPoolLimitStopsNewRegionsWithAClearException() {
        MemoryPool pool = new MemoryPool(8192 + 16384);
        RegionAllocator allocator = RegionAllocator.builder().pool(pool).build();
        for (int i = 0; i < 24; i++) {
            allocator.allocate(1_000);
        }
        MemoryLimitException e = assertThrows(MemoryLimitException.class, () -> {
            for (int i = 0; i < 100; i++) {
                allocator.allocate(1_000);
            }
        });
        assertEquals(32768, e.requestedBytes());
        assertEquals(8192 + 16384, pool.usedBytes());
    }

    /** A factory that fails for regions of at least {@code from} bytes, as the heap would for a large one. */
    private static RegionFactory failingFrom(int from, Throwable failure) {
        return (capacity, offHeap, strategy, manager) -> {
            if (capacity >= from) {
                if (failure instanceof Error error) {
                    throw error;
                }
                throw (RuntimeException) failure;
            }
            return RegionFactory.DEFAULT.create(capacity, offHeap, strategy, manager);
        };
    }

    @Test
    void aDedicatedRegionThatCannotBeMadeLeavesNothingReserved() {
        MemoryPool pool = new MemoryPool(4L << 30);
        RegionAllocator allocator = RegionAllocator.builder().pool(pool)
                .regionFactory(failingFrom(1 << 20, new OutOfMemoryError("Java heap space (injected)"))).build();
        assertEquals(8192, pool.usedBytes());
        OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> allocator.allocate(1 << 30));
        assertEquals("Java heap space (injected)", e.getMessage());
        assertEquals(8192, pool.usedBytes(), "the failed region's reservation is rolled back");
        assertEquals(1, allocator.regions().size());
        allocator.allocate(16);
        allocator.close();
        assertEquals(0, pool.usedBytes());
    }

    /**
     * A thread that finds the region full while another thread's swap waits for the pool waits for that swap; an
     * interrupt ends its wait at once, with a MemoryLimitException and its interrupt status kept, while the swap
     * goes on waiting and then succeeds when the pool has room.
     */
    @Test
    void aRequestThatWaitedForAFailedSwapWaitsThePoolsTimeoutOnceInAll() throws Exception {
        int first = 1024;
        int held = 2 * first;
        long timeoutMs = 1_000;
        MemoryPool pool = new MemoryPool(first + held, MemoryPool.OnLimit.BLOCK, timeoutMs, TimeUnit.MILLISECONDS);
        pool.reserve(held); // the room the next region needs, taken for the whole test
        RegionAllocator allocator = RegionAllocator.builder().regionSizes(first, 4 * first).dedicatedThreshold(first)
                .pool(pool).build();
        allocator.allocate(first); // the first region is full, and the pool has no room for the next
        AtomicReference<Throwable> swapFailure = new AtomicReference<>();
        Thread swapper = new Thread(() -> {
            try {
                allocator.allocate(16); // makes the next region: waits the timeout, then is refused
            } catch (Throwable t) {
                swapFailure.set(t);
            }
        });
        swapper.start();
        Thread.sleep(300); // the swapper is in flight
        AtomicReference<Throwable> waiterFailure = new AtomicReference<>();
        AtomicLong waitedNanos = new AtomicLong();
        Thread waiter = new Thread(() -> {
            long start = System.nanoTime();
            try {
                allocator.allocate(16); // waits for the swapper's swap, then asks the pool itself
            } catch (Throwable t) {
                waiterFailure.set(t);
            }
            waitedNanos.set(System.nanoTime() - start);
        });
        waiter.start();
        swapper.join(10_000);
        waiter.join(10_000);
        assertTrue(swapFailure.get() instanceof MemoryLimitException, String.valueOf(swapFailure.get()));
        assertTrue(waiterFailure.get() instanceof MemoryLimitException, String.valueOf(waiterFailure.get()));
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(waitedNanos.get());
        // Before the shared deadline it waited what was left of the swapper's timeout and then a whole one more.
        assertTrue(waitedMs >= timeoutMs * 9 / 10, "gave up before the pool's timeout: " + waitedMs + " ms");
        assertTrue(waitedMs < timeoutMs * 3 / 2, "waited " + waitedMs + " ms, more than the pool's timeout of "
                + timeoutMs + " ms");
        // The refusal reports the whole wait, not only the rest of the timeout the pool waited itself.
        long reportedMs = TimeUnit.NANOSECONDS.toMillis(((MemoryLimitException) waiterFailure.get()).waitedNanos());
        assertTrue(reportedMs >= timeoutMs * 9 / 10 && reportedMs <= waitedMs, "reported " + reportedMs
                + " ms of a wait of " + waitedMs + " ms: " + waiterFailure.get().getMessage());
        allocator.close();
        pool.release(held);
        assertEquals(0, pool.usedBytes());
    }

    @Test
    void anInterruptEndsTheWaitForAnotherThreadsSwap() throws Exception {
        int first = 1024;
        int held = 2 * first;
        MemoryPool pool = new MemoryPool(first + held, MemoryPool.OnLimit.BLOCK, 60, TimeUnit.SECONDS);
        pool.reserve(held); // the room the swap needs, given back at the end
        RegionAllocator allocator = RegionAllocator.builder().regionSizes(first, 4 * first).dedicatedThreshold(first)
                .pool(pool).build();
        allocator.allocate(first); // the first region is full
        AtomicReference<Throwable> swapFailure = new AtomicReference<>();
        Thread swapper = new Thread(() -> {
            try {
                allocator.allocate(16); // makes the next region: waits for the pool
            } catch (Throwable t) {
                swapFailure.set(t);
            }
        });
        swapper.start();
        Thread.sleep(200); // the swapper is in flight; a waiter that came first would itself be refused at once
        AtomicReference<Throwable> waiterFailure = new AtomicReference<>();
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            try {
                allocator.allocate(16);
            } catch (Throwable t) {
                waiterFailure.set(t);
                interruptKept.set(Thread.currentThread().isInterrupted());
            }
        });
        waiter.start();
        Thread.sleep(100);
        waiter.interrupt();
        waiter.join(10_000);
        assertTrue(!waiter.isAlive(), "the interrupted waiter still waits for the other thread's swap");
        assertTrue(waiterFailure.get() instanceof MemoryLimitException, String.valueOf(waiterFailure.get()));
        assertTrue(interruptKept.get(), "the interrupt status is kept");
        assertTrue(swapper.isAlive(), "the swap still waits for the pool");
        pool.release(held);
        swapper.join(10_000);
        assertTrue(!swapper.isAlive() && swapFailure.get() == null, String.valueOf(swapFailure.get()));
        allocator.close();
        assertEquals(0, pool.usedBytes());
    }

    @Test
    void aSwapThatCannotMakeItsRegionLeavesNothingReservedAndTheAllocatorUsable() {
        MemoryPool pool = new MemoryPool(1 << 20);
        boolean[] fail = {true};
        RegionAllocator allocator = RegionAllocator.builder().pool(pool).offHeap(true)
                .regionFactory((capacity, offHeap, strategy, manager) -> {
                    if (capacity > 8192 && fail[0]) {
                        throw new OutOfMemoryError("Cannot reserve 16384 bytes of direct buffer memory (injected)");
                    }
                    return RegionFactory.DEFAULT.create(capacity, offHeap, strategy, manager);
                }).build();
        for (int i = 0; i < 8; i++) {
            allocator.allocate(1024);
        }
        assertThrows(OutOfMemoryError.class, () -> allocator.allocate(1024));
        assertEquals(8192, pool.usedBytes());
        fail[0] = false;
        allocator.allocate(1024);
        assertEquals(8192 + 16384, pool.usedBytes());
        assertEquals(pool.usedBytes(), allocator.reservedBytes());
        allocator.close();
        assertEquals(0, pool.usedBytes());
    }

    @Test
    void aFirstRegionThatCannotBeMadeFailsTheBuildAndLeavesNothingReserved() {
        MemoryPool pool = new MemoryPool(1 << 20);
        IllegalStateException injected = new IllegalStateException("injected");
        assertSame(injected, assertThrows(IllegalStateException.class,
                () -> RegionAllocator.builder().pool(pool).regionFactory(failingFrom(1, injected)).build()));
        assertEquals(0, pool.usedBytes());
    }

    @Test
    void aRegionMadeAfterCloseIsNotKeptNorReserved() {
        MemoryPool pool = new MemoryPool(1 << 20);
        RegionTable table = new RegionTable(RegionFactory.DEFAULT, false, AllocationStrategy.XADD,
                new io.contend.backoff.ContentionManager(io.contend.backoff.BackoffStrategy.none(), null), pool);
        table.close();
        assertEquals("allocator is closed", assertThrows(IllegalStateException.class, () -> table.create(4096)).getMessage());
        assertEquals(0, pool.usedBytes());
    }

    /**
     * Thread churn (an executor that replaces its threads): the chunks of ended threads are folded away, so
     * the allocator tracks only live threads, and their waste is kept: per thread, the tail it abandoned and
     * the open tail it left behind.
     */
    @Test
    void chunksOfEndedThreadsAreFoldedAwayWithTheirWaste() throws Exception {
        RegionAllocator allocator = RegionAllocator.builder().regionSizes(1 << 20, 1 << 20).dedicatedThreshold(4096)
                .threadLocalChunks(100).build();
        int threads = 300;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                allocator.allocate(60);
                allocator.allocate(60); // abandons 40; the new chunk keeps 40 open
            });
            t.start();
            t.join();
            assertTrue(allocator.trackedThreads() <= 1, "tracked " + allocator.trackedThreads() + " after " + i);
        }
        assertEquals(threads * 80L, allocator.wasteBytes(), "abandoned and open tails of every ended thread");
        assertEquals(0, allocator.trackedThreads());
        assertEquals(threads * 200L, allocator.currentRegion().usedBytes());

        CountDownLatch allocated = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread live = new Thread(() -> {
            allocator.allocate(60);
            allocated.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        live.start();
        allocated.await();
        assertEquals(threads * 80L, allocator.wasteBytes(), "a live thread's open tail is not waste yet");
        assertEquals(1, allocator.trackedThreads());
        done.countDown();
        live.join();
        assertEquals(threads * 80L + 40, allocator.wasteBytes());
        assertEquals(0, allocator.trackedThreads());
    }

    @Test
    void badSettingsAndSizesNameTheValue() {
        RegionAllocator allocator = RegionAllocator.builder().build();
        assertEquals("size must be in [1, 2147483639]: 0",
                assertThrows(IllegalArgumentException.class, () -> allocator.allocate(0)).getMessage());
        assertEquals("size must be in [1, 2147483639]: 2147483647", assertThrows(IllegalArgumentException.class,
                () -> allocator.allocate(Integer.MAX_VALUE)).getMessage(), "above what any JVM can allocate");
        assertEquals("sizes sum to 2147483648 bytes, more than 2147483639", assertThrows(IllegalArgumentException.class,
                () -> allocator.allocate(new int[] {Integer.MAX_VALUE, 1})).getMessage());
        assertEquals("minRegionSize (2048) must not exceed maxRegionSize (1024)", assertThrows(
                IllegalArgumentException.class, () -> RegionAllocator.builder().regionSizes(2048, 1024)).getMessage());
        assertEquals("dedicatedThreshold (4096) must not exceed maxRegionSize (1024)", assertThrows(
                IllegalArgumentException.class,
                () -> RegionAllocator.builder().regionSizes(512, 1024).dedicatedThreshold(4096).build()).getMessage());
        assertThrows(IllegalArgumentException.class, () -> RegionAllocator.builder().threadLocalChunks(8));
        assertThrows(NullPointerException.class, () -> RegionAllocator.builder().strategy(null));
        long handle = allocator.allocate(new int[] {8, 8, 16});
        assertEquals(0, RegionAllocator.offset(handle));
        assertEquals(32, RegionAllocator.offset(allocator.allocate(1)));
    }
    /**
     * A pool with room for one more region, and two threads that find the current region full: the first makes the
     * next region (held inside the factory), the second must wait for it rather than ask the pool for a region of its
     * own, which the pool would refuse although the first one's region has room for both allocations.
     */
    @ParameterizedTest
    @EnumSource(MemoryPool.OnLimit.class)
    void aThreadThatLosesTheRaceForThePoolsLastRegionUsesTheWinnersRegion(MemoryPool.OnLimit onLimit)
            throws Exception {
        CountDownLatch inCreate = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        int[] made = {0};
        RegionFactory heldSecond = (capacity, offHeap, strategy, manager) -> {
            if (++made[0] == 2) {
                inCreate.countDown();
                try {
                    resume.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new Region(capacity, offHeap, strategy, manager);
        };
        MemoryPool pool = new MemoryPool(2 * 64, onLimit, 100, java.util.concurrent.TimeUnit.MILLISECONDS);
        RegionAllocator allocator = RegionAllocator.builder().pool(pool).regionSizes(64, 64).dedicatedThreshold(64)
                .regionFactory(heldSecond).build();
        allocator.allocate(64); // the first region is full
        long[] handles = new long[2];
        Throwable[] failures = new Throwable[2];
        Thread first = new Thread(() -> handles[0] = allocator.allocate(8));
        first.start();
        inCreate.await();
        Thread second = new Thread(() -> {
            try {
                handles[1] = allocator.allocate(8);
            } catch (Throwable t) {
                failures[1] = t;
            }
        });
        second.start();
        Thread.sleep(50); // lets the second thread reach the swap while the first one's region is being made
        resume.countDown();
        first.join();
        second.join();
        assertEquals(null, failures[1], "the second allocation failed");
        assertSame(allocator.region(handles[0]), allocator.region(handles[1]), "both in the winner's region");
        assertEquals(2 * 64, pool.usedBytes(), "no third region was reserved");
        allocator.close();
    }
}
