package io.contend.alloc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadAllocatorTest {

    /** Handles on four threads, mixed with the allocator's own calls, across region swaps: no two ranges overlap. */
    @ParameterizedTest
    @ValueSource(ints = {0, 64, 1024})
    void handlesAndSharedCallsNeverOverlap(int threadLocalChunks) throws Exception {
        RegionAllocator.Builder b = RegionAllocator.builder().regionSizes(1024, 16 * 1024).dedicatedThreshold(4096);
        RegionAllocator allocator = threadLocalChunks > 0 ? b.threadLocalChunks(threadLocalChunks).build() : b.build();
        Map<Region, List<long[]>> byRegion = new HashMap<>();
        RegionTest.runTogether(4, t -> {
            SplittableRandom random = new SplittableRandom(t);
            List<long[]> mine = new ArrayList<>();
            try (ThreadAllocator local = allocator.newThreadAllocator()) {
                for (int i = 0; i < 20_000; i++) {
                    int size = random.nextInt(50) == 0 ? 1 + random.nextInt(6_000) : 1 + random.nextInt(48);
                    long handle = random.nextInt(4) == 0 ? allocator.allocate(size) : local.allocate(size);
                    mine.add(new long[] {handle, size});
                }
            }
            synchronized (byRegion) {
                for (long[] a : mine) {
                    byRegion.computeIfAbsent(allocator.region(a[0]), r -> new ArrayList<>())
                            .add(new long[] {RegionAllocator.offset(a[0]), a[1]});
                }
            }
        });
        RegionAllocatorTest.assertDisjoint(byRegion);
        assertTrue(allocator.wasteBytes() >= 0);
        assertEquals(0, allocator.trackedThreads(), "closed handles leave the registry");
    }

    @Test
    void closingGivesTheTailBackWhenNothingFollowedIt() {
        RegionAllocator allocator = RegionAllocator.builder().build();
        ThreadAllocator local = allocator.newThreadAllocator();
        long first = local.allocate(16);
        long second = local.allocate(16);
        assertEquals(RegionAllocator.offset(first) + 16, RegionAllocator.offset(second), "a bump, not a new chunk");
        local.close();
        assertEquals(0, allocator.wasteBytes());
        assertEquals(32, allocator.currentRegion().usedBytes(), "the chunk's unused tail went back to the region");
        assertThrows(IllegalStateException.class, () -> local.allocate(8), "a closed handle refuses");
        local.close(); // idempotent
    }

    @Test
    void onlyTheOwnerClosesAHandleWhileItLives() throws Exception {
        RegionAllocator allocator = RegionAllocator.builder().build();
        ThreadAllocator local = allocator.newThreadAllocator();
        local.allocate(16);
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                local.close();
            } catch (Throwable t) {
                seen.set(t);
            }
        }, "not-the-owner");
        other.start();
        other.join();
        assertTrue(seen.get() instanceof IllegalStateException, String.valueOf(seen.get()));
        assertTrue(seen.get().getMessage().contains("not-the-owner"), seen.get().getMessage());
        local.allocate(16); // still open

        AtomicReference<ThreadAllocator> ofEnded = new AtomicReference<>();
        Thread owner = new Thread(() -> ofEnded.set(allocator.newThreadAllocator()));
        owner.start();
        owner.join();
        ofEnded.get().close(); // the owner has ended: any thread may close its handle
        local.close();
        assertEquals(0, allocator.trackedThreads(), "both handles left the registry");
    }

    @Test
    void largeRequestsGoToTheAllocatorAndBadSizesAreRefused() {
        RegionAllocator allocator = RegionAllocator.builder().threadLocalChunks(256).build();
        try (ThreadAllocator local = allocator.newThreadAllocator()) {
            long big = local.allocate(1000);
            assertTrue(allocator.region(big).capacity() >= 1000);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> local.allocate(0));
            assertTrue(e.getMessage().contains("0"), e.getMessage());
        }
    }

    /**
     * Without thread-local chunks a handle's chunk is 4 KiB, or the dedicated threshold if smaller: a 4 KiB chunk
     * could never fit in regions of at most 1 KiB, and claiming one made region after region without end.
     */
    @Test
    void aHandlesChunkFitsRegionsSmallerThanItsDefault() {
        MemoryPool pool = new MemoryPool(1 << 20);
        RegionAllocator allocator = RegionAllocator.builder().regionSizes(16, 1024).dedicatedThreshold(1024)
                .pool(pool).build();
        try (ThreadAllocator local = allocator.newThreadAllocator()) {
            for (int i = 0; i < 200; i++) {
                local.allocate(16);
            }
            long dedicated = local.allocate(2000);
            assertEquals(2000, allocator.region(dedicated).capacity(), "above the threshold: a dedicated region");
        }
        assertTrue(allocator.reservedBytes() < 16 * 1024, allocator.toString());
        allocator.close();
        assertEquals(0, pool.usedBytes());
    }

    @Test
    void aClosedHandleRefusesRequestsOfEverySize() {
        RegionAllocator allocator = RegionAllocator.builder().build();
        ThreadAllocator local = allocator.newThreadAllocator();
        local.close();
        for (int size : new int[] {16, 5000, 200_000}) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> local.allocate(size));
            assertTrue(e.getMessage().contains("thread allocator is closed"), e.getMessage());
        }
        allocator.close();
    }

    @Test
    void afterTheAllocatorClosesAHandleRefuses() {
        RegionAllocator allocator = RegionAllocator.builder().build();
        ThreadAllocator local = allocator.newThreadAllocator();
        local.allocate(8);
        allocator.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> local.allocate(8));
        assertTrue(e.getMessage().contains("allocator is closed"), e.getMessage());
        assertThrows(IllegalStateException.class, allocator::newThreadAllocator);
    }

    @Test
    void anotherThreadCannotClaimChunksThroughSomeoneElsesHandle() throws Exception {
        RegionAllocator allocator = RegionAllocator.builder().threadLocalChunks(64).build();
        ThreadAllocator local = allocator.newThreadAllocator();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                for (int i = 0; i < 10; i++) {
                    local.allocate(16); // the first claims a chunk: refused
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "intruder");
        other.start();
        other.join();
        assertTrue(failure.get() instanceof IllegalStateException && failure.get().getMessage().contains("intruder"),
                String.valueOf(failure.get()));
    }

    @Test
    void toStringNamesTheOwner() {
        try (ThreadAllocator local = RegionAllocator.builder().build().newThreadAllocator()) {
            assertTrue(local.toString().contains(Thread.currentThread().getName()), local.toString());
        }
    }
}
